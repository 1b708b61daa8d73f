import { describe, expect, it } from 'vitest';
import { formatEditOutcome, outcomeLevel } from './outcome.js';

describe('formatEditOutcome', () => {
  it('names the session, its time, format, lines changed, tokens, outcome and why, on one line', () => {
    const line = formatEditOutcome({
      sessionId: 'edit-3',
      state: 'accepted',
      durationMs: 4215.4,
      format: 'replacement',
      scope: 'selection',
      lines: { added: 8, removed: 4 },
      tokens: { prompt: 812, reply: 140 },
      why: 'accept all',
    });
    expect(line).toBe('inline edit edit-3 4215 ms, replacement (selection), +8 -4 lines, tokens 812 prompt / 140 reply: accepted (accept all)');
    expect(line).not.toContain('\n');
  });

  it('says which token counts the server did not give, and when no model was asked', () => {
    const base = { sessionId: 'edit-1', durationMs: 10, format: 'searchReplace', scope: 'file', lines: { added: 0, removed: 0 } } as const;
    expect(formatEditOutcome({ ...base, state: 'error', tokens: { prompt: null, reply: null }, why: 'Connection refused: cannot reach the model server at http://h.' })).toBe(
      'inline edit edit-1 10 ms, searchReplace (file), +0 -0 lines, tokens ? prompt / ? reply: error (Connection refused: cannot reach the model server at http://h.)',
    );
    expect(formatEditOutcome({ ...base, state: 'rejected', tokens: null, why: 'reject all' })).toMatch(/, no model request: rejected \(reject all\)$/);
  });

  it('logs an error at the error level, every other ending as information', () => {
    expect(outcomeLevel('error')).toBe('error');
    for (const state of ['accepted', 'rejected', 'cancelled', 'broken', 'noChanges'] as const) expect(outcomeLevel(state)).toBe('info');
  });
});
