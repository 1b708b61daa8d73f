/**
 * The shortest edit script that reads best: among all alignments with the fewest changed lines,
 * the one whose matched lines weigh most. A line's weight grows with its length (as in VS Code's
 * line diff), so a `}` or a blank line weighs little and a matched statement a lot: when two
 * alignments change as many lines, the one that matches the statements and lets the brace go
 * wins. A caller may add a bonus for pairs it wants kept (a stream's picture).
 *
 * Minimality first: the score of an alignment is matches·MATCH + Σ weights, with MATCH larger than
 * any weight sum, so no weight ever buys a longer edit script. The table is a band: every
 * alignment with D edits stays within the diagonals [-insertions, deletions], so after Myers has
 * found D the dynamic programme only fills (m+1)·(D+1) cells.
 */
import type { DiffHunk } from './diff.js';

/** Larger than any sum of weights and bonuses a region can reach. */
const MATCH = 2 ** 26;
/** A preferred pair outweighs any readability weight. */
export const PREFER_BONUS = 32;

/** How much a matched line is worth keeping matched: long lines much, braces and blanks little. */
export function lineWeight(line: string): number {
  const t = line.trim();
  if (t === '') return 0.1;
  if (!/[\p{L}\p{N}]/u.test(t)) return 0.2 + 0.05 * t.length;
  return 1 + Math.log(1 + t.length);
}

export interface Sides {
  /** Interned line ids of a[x0..x1) and b[y0..y1). */
  A: Int32Array;
  B: Int32Array;
}

/** Shortest edit distance (insertions + deletions) between A and B: forward Myers, O((n+m)·D). */
export function editDistance(A: Int32Array, B: Int32Array): number {
  const n = A.length;
  const m = B.length;
  const max = n + m;
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && A[x] === B[y]) (x++, y++);
      v[off + k] = x;
      if (x >= n && y >= m) return d;
    }
  }
  return max;
}

const LEFT = 1; // a's line dropped (removed)
const UP = 2; // b's line dropped (added)
const DIAG = 3; // matched

/**
 * Hunks of the best minimal alignment of a[x0..x1) with b[y0..y1), or null when the band would
 * exceed `budget` cells. `weight(i)` weighs a matched a[i]; `prefer[i - x0]`, when given, is the
 * b index a[i] should stay paired with (-1: none), worth PREFER_BONUS. `d` is the edit distance
 * when the caller already knows it.
 */
export function alignBand(
  sides: Sides,
  x0: number,
  y0: number,
  weight: (i: number) => number,
  prefer: Int32Array | null,
  budget: number,
  d = editDistance(sides.A, sides.B),
): DiffHunk[] | null {
  const { A, B } = sides;
  const n = A.length;
  const m = B.length;
  const del = (d + n - m) / 2;
  const ins = (d - n + m) / 2;
  const w = d + 1;
  if ((m + 1) * w > budget) return null;
  const dirs = new Uint8Array((m + 1) * w);
  let prev = new Float64Array(w).fill(-Infinity);
  let cur = new Float64Array(w).fill(-Infinity);
  const weights = new Float64Array(n);
  for (let i = 0; i < n; i++) weights[i] = weight(x0 + i);
  for (let j = 0; j <= m; j++) {
    cur.fill(-Infinity);
    const iLo = Math.max(0, j - ins);
    const iHi = Math.min(n, j + del);
    const row = j * w;
    for (let i = iLo; i <= iHi; i++) {
      const t = i - j + ins;
      if (i === 0 && j === 0) {
        cur[t] = 0;
        continue;
      }
      let best = -Infinity;
      let dir = 0;
      if (j > 0 && i > 0 && A[i - 1] === B[j - 1] && prev[t] > -Infinity) {
        best = prev[t] + MATCH + weights[i - 1] + (prefer !== null && prefer[i - 1] === y0 + j - 1 ? PREFER_BONUS : 0);
        dir = DIAG;
      }
      if (i > 0 && t > 0 && cur[t - 1] > best) {
        best = cur[t - 1];
        dir = LEFT;
      }
      if (j > 0 && t + 1 < w && prev[t + 1] > best) {
        best = prev[t + 1];
        dir = UP;
      }
      cur[t] = best;
      dirs[row + t] = dir;
    }
    [prev, cur] = [cur, prev];
  }
  const out: DiffHunk[] = [];
  let i = n;
  let j = m;
  let endI = -1;
  let endJ = -1;
  while (i > 0 || j > 0) {
    const dir = dirs[j * w + i - j + ins];
    if (dir === DIAG) {
      if (endI >= 0) {
        out.push({ aStart: x0 + i, aEnd: x0 + endI, bStart: y0 + j, bEnd: y0 + endJ });
        endI = -1;
      }
      i--;
      j--;
      continue;
    }
    if (endI < 0) [endI, endJ] = [i, j];
    if (dir === LEFT) i--;
    else j--;
  }
  if (endI >= 0) out.push({ aStart: x0, aEnd: x0 + endI, bStart: y0, bEnd: y0 + endJ });
  return out.reverse();
}
