import { describe, expect, it } from 'vitest';
import { reachLine, renameOf } from './reach.js';

describe('renameOf', () => {
  it('reads a whole word replaced on one line as a rename, where the new name stands', () => {
    expect(renameOf({ start: 3, before: ['  let count = 0;'], after: ['  let total = 0;'] })).toEqual({ from: 'count', to: 'total', at: { line: 3, character: 6 } });
    expect(renameOf({ start: 0, before: ['f(countA, b)'], after: ['f(countB, b)'] })).toEqual({ from: 'countA', to: 'countB', at: { line: 0, character: 2 } });
  });
  it('is no rename when more than a word changed, the words are no identifiers, or several lines changed', () => {
    expect(renameOf({ start: 0, before: ['let count = 0;'], after: ['let total = 1;'] })).toBeNull();
    expect(renameOf({ start: 0, before: ['x = 10;'], after: ['x = 12;'] })).toBeNull();
    expect(renameOf({ start: 0, before: ['a', 'b'], after: ['c', 'd'] })).toBeNull();
    expect(renameOf({ start: 0, before: ['let count = 0;'], after: ['let count = 0; // x'] })).toBeNull();
  });
});

describe('reachLine', () => {
  /** A window of 10 editable lines above and below, as Sweep's. */
  const editable = (line: number) => ({ start: Math.max(0, line - 10), end: line + 11 });
  it('stays where it is asked when a use lies in the window, or there is none', () => {
    expect(reachLine(0, [2, 4, 13], editable)).toBe(0);
    expect(reachLine(5, [], editable)).toBe(5);
  });
  it('moves to the nearest use when every use lies outside the window', () => {
    expect(reachLine(0, [13, 30], editable)).toBe(13);
    expect(reachLine(40, [3, 13], editable)).toBe(13);
    expect(reachLine(20, [5, 35], editable)).toBe(35);
  });
});
