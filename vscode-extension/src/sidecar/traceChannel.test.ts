import type { LogOutputChannel } from 'vscode';
import { describe, expect, it } from 'vitest';
import { maskSecrets, maskedChannel } from './traceChannel';

describe('maskSecrets', () => {
  it('replaces every occurrence, also inside JSON strings, and leaves other text alone', () => {
    const key = 'sk-a"b\\c-123';
    const traced = `Params: ${JSON.stringify({ settings: { redline: { apiKey: key, model: 'coder' } } })} and ${key}`;
    const masked = maskSecrets(traced, [key]);
    expect(masked).not.toContain('a"b');
    expect(masked).not.toContain('a\\"b');
    expect(masked).toBe('Params: {"settings":{"redline":{"apiKey":"***","model":"coder"}}} and ***');
    expect(maskSecrets('no secret here', ['', 'sk-zzz'])).toBe('no secret here');
  });
});

describe('maskedChannel', () => {
  it('masks what every writer writes, with the secret as it is now, and passes the rest through', () => {
    const lines: string[] = [];
    const channel = {
      name: 'Redline',
      logLevel: 1,
      trace: (m: string) => lines.push(`trace ${m}`),
      info: (m: string, ...args: unknown[]) => lines.push(`info ${m} ${args.length}`),
      appendLine: (m: string) => lines.push(`line ${m}`),
      show(this: { name: string }) {
        return this.name;
      },
    } as unknown as LogOutputChannel;
    let secret = 'first-key';
    const masked = maskedChannel(channel, () => [secret]);
    masked.trace('sending first-key');
    secret = 'second-key';
    masked.info('first-key second-key', 1, 2);
    masked.appendLine('second-key');
    expect(lines).toEqual(['trace sending ***', 'info first-key *** 2', 'line ***']);
    expect(masked.name).toBe('Redline');
    expect((masked.show as () => string)()).toBe('Redline');
  });
});
