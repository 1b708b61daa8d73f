import { describe, expect, it } from 'vitest';
import { pairHunkWords, tokenize } from './words.js';

const texts = (line: string) => tokenize(line).map((t) => t.text);

describe('tokenize', () => {
  it('splits into Unicode word runs, whitespace runs and single other characters', () => {
    expect(texts('  größe_x = f(1);')).toEqual(['  ', 'größe_x', ' ', '=', ' ', 'f', '(', '1', ')', ';']);
    expect(texts('a😀b')).toEqual(['a', '😀', 'b']);
  });
});

describe('pairHunkWords', () => {
  it('pairs a changed line and tints only the changed word', () => {
    const r = pairHunkWords(['const x = 1;'], ['const x = 2;']);
    expect(r.pairs).toEqual([{ removed: 0, added: 0 }]);
    expect(r.removedSpans).toEqual([{ line: 0, start: 10, end: 11 }]);
    expect(r.addedSpans).toEqual([{ line: 0, start: 10, end: 11 }]);
  });

  it('pairs at exactly half of the shorter line’s words and not below; whitespace and punctuation count for nothing', () => {
    // Words [a, b] and [a, c, d]: one shared, half of the shorter line's two → pairs.
    expect(pairHunkWords(['a b'], ['a c d']).pairs).toHaveLength(1);
    expect(pairHunkWords(['a-b-'], ['a-y+']).pairs).toHaveLength(1);
    // One of three → below half; no word shared, whatever else is.
    expect(pairHunkWords(['a b c'], ['a x y']).pairs).toEqual([]);
    expect(pairHunkWords(['a-b-'], ['x-y-']).pairs).toEqual([]);
    expect(pairHunkWords(['    if (a) {'], ['    } catch (e) {']).pairs).toEqual([]);
    expect(pairHunkWords(['      b();'], ['      c(d);']).pairs).toEqual([]);
    expect(pairHunkWords(['  });'], ['  };']).pairs).toEqual([]);
  });

  it('matches words before punctuation: a shared word is kept over any run of shared symbols', () => {
    // Token by token, the four parentheses are the longest match; the pairing keeps the word.
    const r = pairHunkWords(['a((((b'], ['b((((a']);
    expect(r.pairs).toEqual([{ removed: 0, added: 0 }]);
    expect(r.removedSpans).toEqual([{ line: 0, start: 1, end: 6 }]);
  });

  it('leaves unrelated lines unpaired with no spans (a solid tint)', () => {
    const r = pairHunkWords(['return total;'], ['if (done) {']);
    expect(r).toEqual({ pairs: [], removedSpans: [], addedSpans: [] });
  });

  it('pairs the most alike first, each line at most once', () => {
    const removed = ['foo(a, b, c);', 'foo(a, b, c, d);'];
    const added = ['foo(a, b, c, e);'];
    // The second removed line shares more tokens, so it wins the only added line.
    expect(pairHunkWords(removed, added).pairs).toEqual([{ removed: 1, added: 0 }]);
    const two = pairHunkWords(removed, ['foo(a, b, c, e);', 'foo(a, b, x);']);
    expect(two.pairs).toEqual([
      { removed: 0, added: 1 },
      { removed: 1, added: 0 },
    ]);
  });

  it('breaks ties by position', () => {
    expect(pairHunkWords(['x = 1', 'x = 1'], ['x = 2']).pairs).toEqual([{ removed: 0, added: 0 }]);
  });

  it('merges adjacent changed tokens and drops pure-whitespace changes', () => {
    const r = pairHunkWords(['let a = b;'], ['let  a = c.d;']);
    // The widened gap is whitespace only; 'c.d' is one span, not three.
    expect(r.removedSpans).toEqual([{ line: 0, start: 8, end: 9 }]);
    expect(r.addedSpans).toEqual([{ line: 0, start: 9, end: 12 }]);
  });

  it('still pairs aligned lines in a huge hunk, within its window', () => {
    const removed = Array.from({ length: 3000 }, (_, i) => `value_${i} = compute(${i});`);
    const added = ['value_0 = compute(0, extra);', 'value_1 = compute(1, extra);'];
    expect(pairHunkWords(removed, added).pairs).toEqual([
      { removed: 0, added: 0 },
      { removed: 1, added: 1 },
    ]);
  });

  it('in a huge hunk, compares a line only with lines near it from the top or the bottom', () => {
    // Removed line 1500 is the only match of the second added line, but 1,500 lines from either
    // end: the window (what bounds the cost) never compares them. In a small hunk they pair.
    const removed = Array.from({ length: 3000 }, (_, i) => `token${i}`);
    const added = ['token0 extra', 'token1500 extra'];
    expect(pairHunkWords(removed, added).pairs).toEqual([{ removed: 0, added: 0 }]);
    expect(pairHunkWords([removed[0], ...removed.slice(1490, 1510)], added).pairs).toEqual([
      { removed: 0, added: 0 },
      { removed: 11, added: 1 },
    ]);
  });
});

describe('tokenize on ASCII lines', () => {
  // The Unicode regex the tokenizer is defined by, as the oracle for its ASCII fast path.
  const byRegex = (line: string) =>
    [...line.matchAll(/[\p{L}\p{M}\p{N}\p{Pc}]+|\s+|[^]/gu)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length, word: /^[\p{L}\p{M}\p{N}\p{Pc}]/u.test(m[0]) }));

  it('gives exactly the regex tokens for random ASCII lines, and for lines with a non-ASCII character anywhere', () => {
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) / 2 ** 24;
    const alphabet = 'aZ09_ \t\u000b\f\r(){}[];:=+-*/.,"\'`$#@!~^&|<>?\\\u0080\u00a0é😀';
    for (let n = 0; n < 2000; n++) {
      let line = '';
      const length = Math.floor(next() * 24);
      for (let i = 0; i < length; i++) line += [...alphabet][Math.floor(next() * [...alphabet].length)];
      expect(tokenize(line)).toEqual(byRegex(line));
    }
  });
});
