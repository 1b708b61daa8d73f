import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOG_LINE_LIMIT, SidecarLog } from './log.js';

describe('SidecarLog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('masks registered secrets in stderr and in window/logMessage', () => {
    const stderr: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      stderr.push(String(chunk));
      return true;
    });
    const sent: Array<[number, string]> = [];
    const log = new SidecarLog();
    log.connect((type, message) => sent.push([type, message]));
    log.setSecrets(['sk-abcdef123', '']);
    log.warn('server said: bad key sk-abcdef123 (sk-abcdef123)');
    expect(stderr.join('')).toBe('[redline warn] server said: bad key *** (***)\n');
    expect(sent).toEqual([[2, 'server said: bad key *** (***)']]);
  });

  it('masks a fragment of the key before a long line is cut, and cuts it', () => {
    const stderr: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      stderr.push(String(chunk));
      return true;
    });
    const log = new SidecarLog();
    log.setSecrets(['sk-abcdef123456']);
    log.warn(`${'x'.repeat(LOG_LINE_LIMIT - 4)}sk-abcdef123456 ${'y'.repeat(100_000)}`);
    expect(stderr.join('')).toBe(`[redline warn] ${'x'.repeat(LOG_LINE_LIMIT - 4)}*** …\n`);
  });
});
