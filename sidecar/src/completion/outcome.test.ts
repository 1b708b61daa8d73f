import { describe, expect, it } from 'vitest';
import { formatOutcome, lineCount } from './outcome.js';

describe('formatOutcome', () => {
  it('names the id, duration, characters, lines and reason', () => {
    expect(formatOutcome({ requestId: 7, durationMs: 41.6, text: 'a\nbc', reason: 'dedent' })).toBe('completion #7 41.6 ms, 4 chars, 2 lines: dedent');
  });

  it('appends a detail when given', () => {
    expect(formatOutcome({ requestId: 1, durationMs: 0, text: '', reason: 'model error', detail: 'http 500' })).toBe(
      'completion #1 0.0 ms, 0 chars, 0 lines: model error (http 500)',
    );
  });

  it('counts no lines for empty text', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('x')).toBe(1);
  });
});
