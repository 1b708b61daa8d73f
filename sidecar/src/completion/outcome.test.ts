import { describe, expect, it } from 'vitest';
import { formatOutcome, lineCount, outcomeLevel } from './outcome.js';

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

  it('logs what typing causes on every keystroke at the debug level, what reached the model or the user at info', () => {
    for (const reason of ['cancelled', 'dropped stale', 'typed through', 'mid-word', 'awaiting typing'] as const) expect(outcomeLevel(reason)).toBe('debug');
    for (const reason of ['dedent', 'stop token', 'cache hit', 'model error', 'token limit', 'timeout', 'unknown document'] as const) expect(outcomeLevel(reason)).toBe('info');
  });
});
