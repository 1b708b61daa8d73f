import { describe, expect, it } from 'vitest';
import { caretAfterAccept, judge } from './suggestion.js';

const NOW = ['function sum(xs) {', '  let total = 0;', '  for (const x of xs) count += x;', '', '  if (count > 9) log(count);', '', '  return count;', '}'];

describe('judge', () => {
  it('turns a rename of the other uses into one hunk per run of changed lines, nearest the cursor first', () => {
    const adjacent = judge(['a', 'b', 'c'], ['a', 'B', 'C'], 0, { line: 0, character: 0 });
    expect(adjacent).toEqual({ kind: 'hunks', hunks: [{ start: 1, end: 3, lines: ['B', 'C'] }] });
    const next = NOW.map((line, i) => (i > 1 ? line.replaceAll('count', 'total') : line));
    const judged = judge(NOW, next, 10, { line: 11, character: 11 });
    expect(judged).toEqual({
      kind: 'hunks',
      hunks: [
        { start: 12, end: 13, lines: ['  for (const x of xs) total += x;'] },
        { start: 14, end: 15, lines: ['  if (total > 9) log(total);'] },
        { start: 16, end: 17, lines: ['  return total;'] },
      ],
    });
  });
  it('orders hunks above and below by their distance to the cursor line, below first on a tie', () => {
    const next = NOW.map((line, i) => (i === 0 || i === 4 || i === 7 ? `${line} //` : line));
    const judged = judge(NOW, next, 0, { line: 2, character: 0 });
    expect(judged.kind === 'hunks' && judged.hunks.map((h) => h.start)).toEqual([4, 0, 7]);
  });
  it('suggests nothing for an echo of the window', () => {
    expect(judge(NOW, [...NOW], 0, { line: 1, character: 0 })).toEqual({ kind: 'none', reason: 'echo' });
  });
  it('suggests nothing when only the line being typed changes', () => {
    const next = NOW.map((line, i) => (i === 1 ? '  let totals = 0;' : line));
    expect(judge(NOW, next, 0, { line: 1, character: 5 })).toEqual({ kind: 'none', reason: 'typing line' });
  });
  it('shows an insertion at the caret alone as ghost text, also one that adds lines', () => {
    const typing = ['if (x) {', '  log(', '}'];
    expect(judge(typing, ['if (x) {', '  log(x);', '}'], 0, { line: 1, character: 6 })).toEqual({ kind: 'ghost', text: 'x);' });
    expect(judge(typing, ['if (x) {', '  log(x);', '  y();', '}'], 0, { line: 1, character: 6 })).toEqual({ kind: 'ghost', text: 'x);\n  y();' });
  });
  it('does not take an insertion elsewhere on the line for one at the caret', () => {
    const judged = judge(['a = b;', 'c'], ['a = b + 1;', 'c'], 0, { line: 0, character: 1 });
    expect(judged).toEqual({ kind: 'none', reason: 'typing line' });
    expect(judge(['a = b;', 'c'], ['a = b + 1;', 'c', 'd'], 0, { line: 0, character: 1 }).kind).toBe('hunks');
  });
  it('refuses a reply that empties a window holding code', () => {
    expect(judge(NOW, [''], 0, { line: 1, character: 0 })).toEqual({ kind: 'none', reason: 'emptied' });
  });
  it('refuses a rewrite far larger than its window, also at the caret, and takes a new block of code', () => {
    const window = Array.from({ length: 21 }, (_, i) => `  line${i}();`);
    const runaway = Array.from({ length: 2112 }, (_, i) => `  line${i}();`);
    expect(judge(window, runaway, 0, { line: 10, character: 0 })).toEqual({ kind: 'none', reason: 'oversized' });
    const longLine = window.map((line, i) => (i === 10 ? `  line10(${'x'.repeat(10_000)});` : line));
    expect(judge(window, longLine, 0, { line: 10, character: 9 })).toEqual({ kind: 'none', reason: 'oversized' });
    // A new 30-line function below the window's code is a next edit.
    const added = [...window, 'function added() {', ...Array.from({ length: 28 }, (_, i) => `  step${i}();`), '}'];
    expect(judge(window, added, 0, { line: 10, character: 0 }).kind).toBe('hunks');
  });
});

describe('caretAfterAccept', () => {
  it('puts the caret after the renamed word, where the new text stops differing from the old', () => {
    expect(caretAfterAccept({ start: 4, end: 5, lines: ['    total += value;'] }, ['    count += value;'])).toEqual({ line: 4, character: 9 });
  });
  it('at the end of the last added line for lines put in, at the first line for lines taken out', () => {
    expect(caretAfterAccept({ start: 2, end: 2, lines: ['  if (!xs) return;', '  log(xs);'] }, [])).toEqual({ line: 3, character: 10 });
    expect(caretAfterAccept({ start: 7, end: 9, lines: [] }, ['a', 'b'])).toEqual({ line: 7, character: 0 });
  });
  it('on the line where the change ends, when the lines after it are kept', () => {
    expect(caretAfterAccept({ start: 0, end: 2, lines: ['f(a, b) {', '  body;'] }, ['f(a) {', '  body;'])).toEqual({ line: 0, character: 6 });
  });
});
