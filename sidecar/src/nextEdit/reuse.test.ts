import { describe, expect, it } from 'vitest';
import { followWindow, onTheWay } from './reuse.js';

describe('followWindow', () => {
  const window = { start: 10, end: 20 };
  it('moves with lines added or removed above it', () => {
    expect(followWindow(window, { fromLine: 2, toLine: 2, lines: 3 })).toEqual({ start: 12, end: 22 });
    expect(followWindow(window, { fromLine: 2, toLine: 5, lines: 1 })).toEqual({ start: 7, end: 17 });
  });
  it('stays for a change below it and grows or shrinks with one inside it', () => {
    expect(followWindow(window, { fromLine: 20, toLine: 25, lines: 1 })).toEqual(window);
    expect(followWindow(window, { fromLine: 12, toLine: 12, lines: 2 })).toEqual({ start: 10, end: 21 });
  });
  it('is lost to a change across one of its edges', () => {
    expect(followWindow(window, { fromLine: 8, toLine: 11, lines: 1 })).toBeNull();
    expect(followWindow(window, { fromLine: 19, toLine: 21, lines: 1 })).toBeNull();
  });
});

describe('onTheWay', () => {
  const old = ['let count = 0;', 'count += 1;', 'log(count);'];
  const next = ['let count = 0;', 'total += 1;', 'log(total);'];
  it('holds when one suggested change was made and the rest not yet', () => {
    expect(onTheWay(old, next, ['let count = 0;', 'total += 1;', 'log(count);'])).toBe(true);
  });
  it('holds when a change was begun: its old text replaced by the start of its new text', () => {
    expect(onTheWay(old, next, ['let count = 0;', 'tot += 1;', 'log(count);'])).toBe(true);
    expect(onTheWay(['f('], ['f(a, b);'], ['f(a, '])).toBe(true);
  });
  it('fails for typing that goes elsewhere or against the suggestion', () => {
    expect(onTheWay(old, next, ['let count = 1;', 'count += 1;', 'log(count);'])).toBe(false);
    expect(onTheWay(old, next, ['let count = 0;', 'sum += 1;', 'log(count);'])).toBe(false);
    expect(onTheWay(old, next, ['let count = 0;', 'tot += 1;', 'log(to);'])).toBe(false);
  });
  it('fails when nothing changed or everything was made: there is nothing to reuse', () => {
    expect(onTheWay(old, next, old)).toBe(false);
    expect(onTheWay(old, next, next)).toBe(false);
  });
  it('follows hunks that add and remove lines, at the end of the window too', () => {
    expect(onTheWay(['a', 'b'], ['a', 'b', 'c', 'd'], ['a', 'b', 'c'])).toBe(true);
    expect(onTheWay(['a', 'x', 'y', 'b'], ['a', 'b', 'z'], ['a', 'b'])).toBe(true);
  });
});
