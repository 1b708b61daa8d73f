import { describe, expect, it } from 'vitest';
import { HINT, HINT_COLUMNS, JUMP_HINT, NEAR_LINES, hintLine, hintState, hunkPhase, tabAction } from './tab';

const screen = [{ start: 0, end: 40 }];

describe('tabAction', () => {
  it('accepts a hunk on screen within a few lines of the caret, above or below', () => {
    expect(tabAction({ start: 3, end: 5 }, 1, screen)).toBe('accept');
    expect(tabAction({ start: 10, end: 12 }, 11, screen)).toBe('accept');
    expect(tabAction({ start: 1, end: 3 }, 2 + NEAR_LINES, screen)).toBe('accept');
  });
  it('jumps first to a hunk further away, though on screen', () => {
    expect(tabAction({ start: 2 + NEAR_LINES, end: 3 + NEAR_LINES }, 1, screen)).toBe('jump');
    expect(tabAction({ start: 0, end: 1 }, 1 + NEAR_LINES, screen)).toBe('jump');
  });
  it('jumps first to a hunk off screen, however near', () => {
    expect(tabAction({ start: 40, end: 42 }, 39, screen)).toBe('jump');
    expect(tabAction({ start: 3, end: 4 }, 3, [{ start: 10, end: 50 }])).toBe('jump');
  });
});

describe('hintLine', () => {
  const lengths = (values: number[]) => (line: number) => (line >= 0 && line < values.length ? values[line]! : null);
  it('puts the hint after the hunk\'s last line when it fits there', () => {
    expect(hintLine({ start: 2, end: 4 }, JUMP_HINT, lengths([10, 10, 30, 40, 5]))).toBe(3);
    expect(hintLine({ start: 2, end: 3 }, HINT, lengths([10, 10, HINT_COLUMNS - 3 - HINT.length]))).toBe(2);
  });
  it('after a long last line, on the shortest of the hunk\'s lines and the lines next to it', () => {
    expect(hintLine({ start: 2, end: 4 }, JUMP_HINT, lengths([10, 50, 20, 110, 1]))).toBe(4);
    expect(hintLine({ start: 2, end: 4 }, JUMP_HINT, lengths([10, 8, 90, 110]))).toBe(1);
    // The hunk's own line wins a tie with its neighbours; a missing neighbour is no candidate.
    expect(hintLine({ start: 0, end: 1 }, JUMP_HINT, lengths([120, 120]))).toBe(0);
  });
});

describe('hintState', () => {
  it('gives Tab and Esc to next edit while a hunk is on its way, with no hint yet', () => {
    expect(hintState('coming')).toEqual({ key: true, hint: false });
  });
  it('draws the hint over a shown hunk, with the key', () => {
    expect(hintState('shown')).toEqual({ key: true, hint: true });
  });
  it('gives the keys back when no hunk is shown or coming', () => {
    expect(hintState('none')).toEqual({ key: false, hint: false });
  });
});

describe('hunkPhase', () => {
  it('is shown once the hunk is in the document, whatever else is under way', () => {
    expect(hunkPhase({ inDocument: true, answered: true, tabAsking: true })).toBe('shown');
    expect(hunkPhase({ inDocument: true, answered: false, tabAsking: false })).toBe('shown');
  });
  it('is coming once the answer named a hunk, or while Tab asks for the next after an accept', () => {
    expect(hunkPhase({ inDocument: false, answered: true, tabAsking: false })).toBe('coming');
    expect(hunkPhase({ inDocument: false, answered: false, tabAsking: true })).toBe('coming');
  });
  it('is none otherwise', () => {
    expect(hunkPhase({ inDocument: false, answered: false, tabAsking: false })).toBe('none');
  });
});
