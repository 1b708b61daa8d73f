import { describe, expect, it } from 'vitest';
import { languageIdOf, parseEditCommand } from './args.js';

describe('parseEditCommand', () => {
  it('turns 1-based inclusive lines into a zero-based, end-exclusive range', () => {
    const c = parseEditCommand(['edit', 'a.ts', '--lines', '10-20', '-m', 'rename x'], {});
    expect(c).toMatchObject({ file: 'a.ts', startLine: 9, endLine: 20, instruction: 'rename x', yes: false, settings: {} });
    expect(parseEditCommand(['edit', 'a.ts', '--lines', '3', '-m', 'x'], {})).toMatchObject({ startLine: 2, endLine: 3 });
  });

  it('takes flags over environment variables', () => {
    const env = { REDLINE_PROVIDER: 'openai', REDLINE_ENDPOINT: 'http://env', REDLINE_MODEL: 'env-model', REDLINE_API_KEY: 'sk-env' };
    expect(parseEditCommand(['edit', 'a.ts', '--lines', '1', '-m', 'x'], env).settings).toEqual({ provider: 'openai', endpoint: 'http://env', model: 'env-model', apiKey: 'sk-env' });
    expect(parseEditCommand(['edit', 'a.ts', '--lines', '1', '-m', 'x', '--model', 'flag', '--yes'], env)).toMatchObject({ yes: true, settings: { model: 'flag' } });
  });

  it('refuses what it cannot run, saying why', () => {
    expect(() => parseEditCommand(['edit', 'a.ts', '--lines', '1'], {})).toThrow(/instruction is required/);
    expect(() => parseEditCommand(['edit', 'a.ts', '--lines', '5-2', '-m', 'x'], {})).toThrow(/not a range/);
    expect(() => parseEditCommand(['edit', 'a.ts', '--lines', 'x', '-m', 'x'], {})).toThrow(/START-END/);
    expect(() => parseEditCommand(['edit', 'a.ts', '--lines', '1', '-m', 'x', '--provider', 'gpt'], {})).toThrow(/unknown provider/);
    expect(() => parseEditCommand(['a.ts'], {})).toThrow(/usage/);
  });

  it('maps file extensions to LSP language ids', () => {
    expect(languageIdOf('x/y.tsx')).toBe('typescriptreact');
    expect(languageIdOf('m.PY')).toBe('python');
    expect(languageIdOf('README')).toBe('plaintext');
  });
});
