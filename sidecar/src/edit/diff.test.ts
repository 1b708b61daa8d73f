import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LCS_CELL_BUDGET, editCountLowerBound, lineDiff, myersDiff, type DiffHunk } from './diff.js';

function apply(a: readonly string[], b: readonly string[], hunks: DiffHunk[]): string[] {
  const out: string[] = [];
  let i = 0;
  for (const h of hunks) {
    out.push(...a.slice(i, h.aStart), ...b.slice(h.bStart, h.bEnd));
    i = h.aEnd;
  }
  return [...out, ...a.slice(i)];
}

const edits = (hunks: DiffHunk[]) => hunks.reduce((n, h) => n + (h.aEnd - h.aStart) + (h.bEnd - h.bStart), 0);

function wellFormed(a: readonly string[], b: readonly string[], hunks: DiffHunk[]): void {
  let ai = 0;
  let bi = 0;
  for (const h of hunks) {
    expect(h.aStart - ai).toBe(h.bStart - bi);
    expect(a.slice(ai, h.aStart)).toEqual(b.slice(bi, h.bStart));
    expect(h.aEnd > h.aStart || h.bEnd > h.bStart).toBe(true);
    expect(h.aStart).toBeGreaterThanOrEqual(ai);
    [ai, bi] = [h.aEnd, h.bEnd];
  }
  expect(a.length - ai).toBe(b.length - bi);
}

// Small alphabet so lines repeat and the diff has real choices to make.
const lines = (max: number) => fc.array(fc.constantFrom('a', 'b', 'c', 'd', '}', ''), { maxLength: max, size: 'max' });

describe('lineDiff', () => {
  it('returns no hunks for identical inputs, one hunk for an empty side', () => {
    expect(lineDiff(['x', 'y'], ['x', 'y'])).toEqual([]);
    expect(lineDiff([], [])).toEqual([]);
    expect(lineDiff([], ['x'])).toEqual([{ aStart: 0, aEnd: 0, bStart: 0, bEnd: 1 }]);
    expect(lineDiff(['x', 'y'], [])).toEqual([{ aStart: 0, aEnd: 2, bStart: 0, bEnd: 0 }]);
  });

  it('trims common prefix and suffix around a change', () => {
    expect(lineDiff(['h', 'x', 't'], ['h', 'y', 't'])).toEqual([{ aStart: 1, aEnd: 2, bStart: 1, bEnd: 2 }]);
  });

  it('keeps the suffix trim in normal mode but not in early mode', () => {
    const a = ['f', '}', 'g', '}'];
    const b = ['h', '}'];
    // Normal: the trailing brace is matched to the original's last line.
    expect(lineDiff(a, b)).toEqual([{ aStart: 0, aEnd: 3, bStart: 0, bEnd: 1 }]);
    // Early: the earliest brace is taken and the rest is removed.
    expect(lineDiff(a, b, { early: true })).toEqual([
      { aStart: 0, aEnd: 1, bStart: 0, bEnd: 1 },
      { aStart: 2, aEnd: 4, bStart: 2, bEnd: 2 },
    ]);
  });

  it('prefers the earliest match in a when a line could match in several places', () => {
    expect(lineDiff(['p', 'q', 'x'], ['q', 'p'], { early: true })).toEqual([
      { aStart: 0, aEnd: 0, bStart: 0, bEnd: 1 },
      { aStart: 1, aEnd: 3, bStart: 2, bEnd: 2 },
    ]);
  });

  it('beyond the cell budget uses Myers, never remove-all/add-all', () => {
    const a = ['1', '2', '3', '4', '5', '6'];
    const b = ['1', '2', 'X', '4', '5', '6', '7'];
    const hunks = lineDiff(['s', ...a], ['t', ...b], { cellBudget: 4 });
    expect(edits(hunks)).toBe(2 + 2 + 1);
    expect(hunks).toHaveLength(3);
  });

  it('diffs a 20,000-line file past the LCS budget with 1% changed lines, returning only the changes', () => {
    const a = Array.from({ length: 20_000 }, (_, i) => `  const v${i} = compute(${i});`);
    const b = a.slice();
    const changed: number[] = [];
    for (let i = 50; i < a.length; i += 100) {
      b[i] = `${a[i]} // edited`;
      changed.push(i);
    }
    expect((a.length + 1) * (b.length + 1)).toBeGreaterThan(LCS_CELL_BUDGET);
    expect(lineDiff(a, b)).toEqual(changed.map((i) => ({ aStart: i, aEnd: i + 1, bStart: i, bEnd: i + 1 })));
  });

  it('property: hunks are well formed and turn a into b, in every mode and for Myers', () => {
    fc.assert(
      fc.property(lines(30), lines(30), (a, b) => {
        for (const hunks of [lineDiff(a, b), lineDiff(a, b, { early: true }), myersDiff(a, b), lineDiff(a, b, { cellBudget: 1 })]) {
          wellFormed(a, b, hunks);
          expect(apply(a, b, hunks)).toEqual(b);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('property: LCS and Myers give edit scripts of the same (minimal) length', () => {
    fc.assert(
      fc.property(lines(60), lines(60), (a, b) => {
        const lcs = edits(lineDiff(a, b));
        expect(edits(myersDiff(a, b))).toBe(lcs);
        expect(edits(lineDiff(a, b, { early: true }))).toBe(lcs);
      }),
      { numRuns: 300 },
    );
  });

  it('Myers stays minimal on medium random inputs past the budget', () => {
    fc.assert(
      fc.property(lines(300), lines(300), (a, b) => {
        const myers = lineDiff(a, b, { cellBudget: 100 });
        expect(apply(a, b, myers)).toEqual(b);
        expect(edits(myers)).toBe(edits(lineDiff(a, b)));
      }),
      { numRuns: 30 },
    );
  });
});

describe('editCountLowerBound', () => {
  // Σ |count in a − count in b| over whole sides, counted by sorting: independent of any script.
  const multisetBound = (a: readonly string[], b: readonly string[]) => {
    const tagged = [...a.map((t) => [t, 1] as const), ...b.map((t) => [t, -1] as const)].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
    let total = 0;
    for (let i = 0; i < tagged.length; ) {
      let n = 0;
      const text = tagged[i][0];
      for (; i < tagged.length && tagged[i][0] === text; i++) n += tagged[i][1];
      total += Math.abs(n);
    }
    return total;
  };

  it('reads the whole-side bound off any script, and never exceeds a shortest script', () => {
    fc.assert(
      fc.property(lines(14), lines(14), (a, b) => {
        const whole: DiffHunk[] = a.length + b.length ? [{ aStart: 0, aEnd: a.length, bStart: 0, bEnd: b.length }] : [];
        const bound = multisetBound(a, b);
        expect(editCountLowerBound(a, b, whole)).toBe(bound);
        expect(editCountLowerBound(a, b, lineDiff(a, b))).toBe(bound);
        expect(bound).toBeLessThanOrEqual(edits(myersDiff(a, b)));
      }),
    );
  });

  it('meets the shortest script when nothing moved, and falls short when a line moved', () => {
    const a = ['x', 'y', 'z'];
    expect(editCountLowerBound(a, ['x', 'new', 'z'], lineDiff(a, ['x', 'new', 'z']))).toBe(2);
    expect(editCountLowerBound(a, ['z', 'x', 'y'], lineDiff(a, ['z', 'x', 'y']))).toBe(0);
    expect(edits(myersDiff(a, ['z', 'x', 'y']))).toBe(2);
  });
});
