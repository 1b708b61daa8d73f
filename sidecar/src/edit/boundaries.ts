/**
 * Hunk boundaries a person reads easily, without changing how many lines a diff changes (the
 * heuristics of VS Code's line diff, on exact lines):
 *
 * - A pure insertion or deletion can slide up or down while the line it gives up equals the line it
 *   takes on (`}` / blank line repeats). Sliding it until it touches the hunk before or after joins
 *   the two, so one rewrite is one hunk rather than two split by a coincidental brace.
 * - Otherwise it settles where its edges fall at the lowest indentation: between two functions
 *   rather than inside one, after a block's closer rather than before it.
 */
import type { DiffHunk } from './diff.js';

const MAX_SHIFT = 100;

export function improveBoundaries(a: readonly string[], b: readonly string[], hunks: readonly DiffHunk[]): DiffHunk[] {
  return shiftToBoundaries(a, b, joinByShifting(a, b, hunks));
}

const pure = (h: DiffHunk) => h.aStart === h.aEnd || h.bStart === h.bEnd;
const shifted = (h: DiffHunk, d: number): DiffHunk => ({ aStart: h.aStart + d, aEnd: h.aEnd + d, bStart: h.bStart + d, bEnd: h.bEnd + d });

/** Whether `h` can move by one line in direction `dir` (-1 up, +1 down): the lines swapped are equal. */
function canSlide(a: readonly string[], b: readonly string[], h: DiffHunk, dir: -1 | 1): boolean {
  if (dir < 0) return h.aStart > 0 && h.bStart > 0 && a[h.aStart - 1] === a[h.aEnd - 1] && b[h.bStart - 1] === b[h.bEnd - 1];
  return h.aEnd < a.length && h.bEnd < b.length && a[h.aStart] === a[h.aEnd] && b[h.bStart] === b[h.bEnd];
}

function joinByShifting(a: readonly string[], b: readonly string[], hunks: readonly DiffHunk[]): DiffHunk[] {
  if (hunks.length === 0) return [];
  const up: DiffHunk[] = [hunks[0]];
  for (let k = 1; k < hunks.length; k++) {
    let cur = hunks[k];
    const prev = up[up.length - 1];
    if (pure(cur)) {
      const gap = cur.aStart - prev.aEnd;
      let d = 0;
      while (d < gap && canSlide(a, b, shifted(cur, -d), -1)) d++;
      if (d === gap) {
        up[up.length - 1] = { aStart: prev.aStart, aEnd: cur.aEnd - gap, bStart: prev.bStart, bEnd: cur.bEnd - gap };
        continue;
      }
      cur = shifted(cur, -d);
    }
    up.push(cur);
  }
  const down: DiffHunk[] = [];
  for (let k = 0; k < up.length; k++) {
    let cur = up[k];
    const next = up[k + 1];
    if (next && pure(cur)) {
      const gap = next.aStart - cur.aEnd;
      let d = 0;
      while (d < gap && canSlide(a, b, shifted(cur, d), 1)) d++;
      if (d === gap) {
        up[k + 1] = { aStart: cur.aStart + gap, aEnd: next.aEnd, bStart: cur.bStart + gap, bEnd: next.bEnd };
        continue;
      }
      cur = shifted(cur, d);
    }
    down.push(cur);
  }
  return down;
}

function indentation(line: string | undefined): number {
  if (line === undefined) return 0;
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  return i;
}

/** How good a hunk edge is before line `at` of `lines`: the lower the indentation around it, the better. */
function boundaryScore(lines: readonly string[], at: number): number {
  return 1000 - indentation(lines[at - 1]) - indentation(lines[at]);
}

function shiftToBoundaries(a: readonly string[], b: readonly string[], hunks: DiffHunk[]): DiffHunk[] {
  const out = [...hunks];
  for (let k = 0; k < out.length; k++) {
    const h = out[k];
    if (!pure(h)) continue;
    const prev = out[k - 1];
    const next = out[k + 1];
    // A hunk may not slide into or onto its neighbours.
    const minA = prev ? prev.aEnd + 1 : 0;
    const maxA = next ? next.aStart - 1 : a.length;
    let before = 0;
    while (before < MAX_SHIFT && h.aStart - before - 1 >= minA && canSlide(a, b, shifted(h, -before), -1)) before++;
    let after = 0;
    while (after < MAX_SHIFT && h.aEnd + after + 1 <= maxA && canSlide(a, b, shifted(h, after), 1)) after++;
    if (before === 0 && after === 0) continue;
    // The side with lines scores both of its edges; the empty side scores its one position.
    const [full, fullStart, fullEnd, empty, emptyAt] = h.aStart === h.aEnd ? [b, h.bStart, h.bEnd, a, h.aStart] : [a, h.aStart, h.aEnd, b, h.bStart];
    let best = 0;
    let bestScore = -Infinity;
    for (let d = -before; d <= after; d++) {
      const score = boundaryScore(empty, emptyAt + d) + boundaryScore(full, fullStart + d) + boundaryScore(full, fullEnd + d);
      if (score > bestScore) [best, bestScore] = [d, score];
    }
    out[k] = shifted(h, best);
  }
  return out;
}
