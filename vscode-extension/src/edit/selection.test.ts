import { describe, expect, it } from 'vitest';
import { collapsedAt, restoresSelection } from './selection';

describe('collapsedAt', () => {
  it('is the start of the selection, whichever way it was made', () => {
    expect(collapsedAt({ anchor: { line: 2, character: 0 }, active: { line: 9, character: 0 } })).toEqual({ line: 2, character: 0 });
    expect(collapsedAt({ anchor: { line: 9, character: 3 }, active: { line: 2, character: 4 } })).toEqual({ line: 2, character: 4 });
    expect(collapsedAt({ anchor: { line: 4, character: 7 }, active: { line: 4, character: 1 } })).toEqual({ line: 4, character: 1 });
  });
});

describe('restoresSelection', () => {
  it('brings the selection back when the session left the document as it was and the user did nothing', () => {
    for (const state of ['rejected', 'cancelled', 'error', 'noChanges'] as const) expect(restoresSelection({ state, documentUnchanged: true, userActed: false })).toBe(true);
  });

  it('leaves the caret where it is after an accept, a partly accepted proposal, a break, or the user moving', () => {
    expect(restoresSelection({ state: 'accepted', documentUnchanged: false, userActed: false })).toBe(false);
    // Some hunks accepted, the rest rejected: the lines are not the ones selected any more.
    expect(restoresSelection({ state: 'rejected', documentUnchanged: false, userActed: false })).toBe(false);
    // Undo took the proposal back: VS Code puts the cursor where the undone edit found it.
    expect(restoresSelection({ state: 'broken', documentUnchanged: true, userActed: false })).toBe(false);
    expect(restoresSelection({ state: 'rejected', documentUnchanged: true, userActed: true })).toBe(false);
  });
});
