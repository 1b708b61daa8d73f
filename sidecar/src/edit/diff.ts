/**
 * Line diff for the inline-edit picture and for placing chat snippets.
 *
 * Which algorithm runs where:
 * - The common prefix (and, outside early mode and without preferred pairs, the common suffix) is
 *   trimmed first; that alone settles most model rewrites, which keep the start and end of a region.
 * - Normal mode: the best shortest edit script (`alignment.ts`): fewest changed lines, then the
 *   heaviest matched lines (long statements over braces and blanks), found in a band of the table
 *   around Myers' edit distance; then boundaries moved where a person expects them
 *   (`boundaries.ts`). Beyond LCS_CELL_BUDGET band cells, Myers' linear-space O(ND) path.
 * - Early mode (snippets): an LCS table walked so that a line that could match in several places
 *   takes the earliest one. The table is prefix-based with one row per `b` line.
 * - Preferred pairs (the settle after a stream): as normal mode, with a bonus for each pair the
 *   stream showed matched, and no boundary moves, so the final picture keeps what was seen.
 */

import { alignBand, editDistance, lineWeight } from './alignment.js';
import { improveBoundaries } from './boundaries.js';

/** Half-open ranges into a and b; lines between consecutive hunks are equal. */
export interface DiffHunk {
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
}

export interface DiffOptions {
  /** No suffix trim: a snippet's tail matching the end of `a` is coincidence. */
  early?: boolean;
  /** Overrides LCS_CELL_BUDGET; lets tests cross into Myers with small inputs. */
  cellBudget?: number;
  /** a index → b index of pairs to keep matched where a shortest script allows it. */
  prefer?: ReadonlyMap<number, number>;
}

export const LCS_CELL_BUDGET = 4_000_000;

export function lineDiff(a: readonly string[], b: readonly string[], opts: DiffOptions = {}): DiffHunk[] {
  const lo = commonPrefix(a, b);
  let aHi = a.length;
  let bHi = b.length;
  if (!opts.early && !opts.prefer) {
    while (aHi > lo && bHi > lo && a[aHi - 1] === b[bHi - 1]) {
      aHi--;
      bHi--;
    }
  }
  if (opts.early) {
    if (exceedsBudget(aHi - lo, bHi - lo, opts.cellBudget)) return myersRange(a, b, lo, aHi, lo, bHi);
    const table = new LcsTable(a, lo, aHi);
    for (let j = lo; j < bHi; j++) table.addRow(b[j]);
    return table.hunks(lo);
  }
  if (aHi === lo || bHi === lo) return aHi === lo && bHi === lo ? [] : [{ aStart: lo, aEnd: aHi, bStart: lo, bEnd: bHi }];
  const ids = new Map<string, number>();
  const sides = { A: Int32Array.from(a.slice(lo, aHi), (s) => intern(ids, s)), B: Int32Array.from(b.slice(lo, bHi), (s) => intern(ids, s)) };
  let prefer: Int32Array | null = null;
  if (opts.prefer) {
    prefer = new Int32Array(aHi - lo).fill(-1);
    for (const [i, j] of opts.prefer) if (i >= lo && i < aHi) prefer[i - lo] = j;
  }
  const hunks = alignBand(sides, lo, lo, (i) => lineWeight(a[i]), prefer, opts.cellBudget ?? LCS_CELL_BUDGET) ?? myersRange(a, b, lo, aHi, lo, bHi);
  return opts.prefer ? hunks : improveBoundaries(a, b, hunks);
}

/**
 * A lower bound on `shortestEditCount(a, b)`, read off any script `hunks` from a to b: a line can
 * stay matched at most as often as it occurs on the other side, so at least Σ |count in a − count
 * in b| lines change. The lines between hunks are equal pairs and cancel out of each difference,
 * so only the hunks' lines are counted. A script that changes exactly this many lines is a
 * shortest one; a moved line makes the bound fall short.
 */
export function editCountLowerBound(a: readonly string[], b: readonly string[], hunks: readonly DiffHunk[]): number {
  const surplus = new Map<string, number>();
  for (const h of hunks) {
    for (let i = h.aStart; i < h.aEnd; i++) surplus.set(a[i], (surplus.get(a[i]) ?? 0) + 1);
    for (let j = h.bStart; j < h.bEnd; j++) surplus.set(b[j], (surplus.get(b[j]) ?? 0) - 1);
  }
  let bound = 0;
  for (const n of surplus.values()) bound += Math.abs(n);
  return bound;
}

/** How many lines a shortest edit script from a to b removes and adds. */
export function shortestEditCount(a: readonly string[], b: readonly string[]): number {
  const lo = commonPrefix(a, b);
  let aHi = a.length;
  let bHi = b.length;
  while (aHi > lo && bHi > lo && a[aHi - 1] === b[bHi - 1]) (aHi--, bHi--);
  const ids = new Map<string, number>();
  return editDistance(Int32Array.from(a.slice(lo, aHi), (s) => intern(ids, s)), Int32Array.from(b.slice(lo, bHi), (s) => intern(ids, s)));
}

function commonPrefix(a: readonly string[], b: readonly string[]): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  while (i < max && a[i] === b[i]) i++;
  return i;
}

/** Whether an n×m trimmed problem is too big for the table (one empty side needs no table). */
export function exceedsBudget(n: number, m: number, budget = LCS_CELL_BUDGET): boolean {
  return n > 0 && m > 0 && (n + 1) * (m + 1) > budget;
}

/**
 * LCS table over a[aLo..aHi) built one `b` row at a time: row j holds LCS(a[aLo..aLo+i), first j
 * rows) for every i. Appending a row costs O(n) and never touches earlier rows.
 */
export class LcsTable {
  private readonly ids = new Map<string, number>();
  private readonly aIds: Int32Array;
  private readonly width: number;
  private cells: Uint32Array;
  private rowCount = 0;

  constructor(a: readonly string[], private readonly aLo: number, aHi: number) {
    this.aIds = new Int32Array(aHi - aLo);
    for (let i = aLo; i < aHi; i++) this.aIds[i - aLo] = intern(this.ids, a[i]);
    this.width = aHi - aLo + 1;
    this.cells = new Uint32Array(this.width * 8);
  }

  get rows(): number {
    return this.rowCount;
  }

  addRow(line: string): void {
    // Lines absent from `a` can match nothing; -1 never equals an interned id.
    const id = this.ids.get(line) ?? -1;
    const w = this.width;
    const cur = (this.rowCount + 1) * w;
    if (cur + w > this.cells.length) {
      const grown = new Uint32Array(Math.max(cur + w, this.cells.length * 2));
      grown.set(this.cells);
      this.cells = grown;
    }
    const c = this.cells;
    const prev = cur - w;
    const aIds = this.aIds;
    c[cur] = 0;
    for (let i = 1; i < w; i++) {
      c[cur + i] = aIds[i - 1] === id ? c[prev + i - 1] + 1 : Math.max(c[prev + i], c[cur + i - 1]);
    }
    this.rowCount++;
  }

  /** Walks back from the last cell; `bLo` is where the table's first row sits in `b`. */
  hunks(bLo: number): DiffHunk[] {
    const c = this.cells;
    const w = this.width;
    const out: DiffHunk[] = [];
    let i = w - 1;
    let j = this.rowCount;
    let endI = -1;
    let endJ = -1;
    const close = () => {
      if (endI < 0) return;
      out.push({ aStart: this.aLo + i, aEnd: this.aLo + endI, bStart: bLo + j, bEnd: bLo + endJ });
      endI = -1;
    };
    while (i > 0 || j > 0) {
      const here = c[j * w + i];
      // Dropping a's line first whenever the LCS allows pushes matches toward the top of `a`.
      if (i > 0 && c[j * w + i - 1] === here) {
        if (endI < 0) [endI, endJ] = [i, j];
        i--;
      } else if (j > 0 && c[(j - 1) * w + i] === here) {
        if (endI < 0) [endI, endJ] = [i, j];
        j--;
      } else {
        close();
        i--;
        j--;
      }
    }
    close();
    return out.reverse();
  }
}

export function myersDiff(a: readonly string[], b: readonly string[]): DiffHunk[] {
  return myersRange(a, b, 0, a.length, 0, b.length);
}

function myersRange(
  a: readonly string[],
  b: readonly string[],
  aLo: number,
  aHi: number,
  bLo: number,
  bHi: number,
): DiffHunk[] {
  const ids = new Map<string, number>();
  const A = Int32Array.from(a.slice(aLo, aHi), (s) => intern(ids, s));
  const B = Int32Array.from(b.slice(bLo, bHi), (s) => intern(ids, s));
  const out: DiffHunk[] = [];
  const emit = (x0: number, x1: number, y0: number, y1: number) => {
    const last = out[out.length - 1];
    if (last && last.aEnd === aLo + x0 && last.bEnd === bLo + y0) {
      last.aEnd = aLo + x1;
      last.bEnd = bLo + y1;
    } else out.push({ aStart: aLo + x0, aEnd: aLo + x1, bStart: bLo + y0, bEnd: bLo + y1 });
  };
  const divide = (x0: number, x1: number, y0: number, y1: number): void => {
    while (x0 < x1 && y0 < y1 && A[x0] === B[y0]) (x0++, y0++);
    while (x0 < x1 && y0 < y1 && A[x1 - 1] === B[y1 - 1]) (x1--, y1--);
    if (x0 === x1 || y0 === y1) {
      if (x0 < x1 || y0 < y1) emit(x0, x1, y0, y1);
      return;
    }
    // Both ends differ, so D ≥ 2 and the split leaves each half strictly cheaper.
    const [x, y] = middleSnake(A, B, x0, x1, y0, y1);
    divide(x0, x, y0, y);
    divide(x, x1, y, y1);
  };
  divide(0, A.length, 0, B.length);
  return out;
}

/**
 * A point on a shortest edit path from (x0,y0) to (x1,y1), found by running Myers forward and
 * backward until the two frontiers overlap.
 */
function middleSnake(A: Int32Array, B: Int32Array, x0: number, x1: number, y0: number, y1: number): [number, number] {
  const n = x1 - x0;
  const m = y1 - y0;
  const maxD = Math.ceil((n + m) / 2);
  const off = maxD + 1;
  const size = 2 * maxD + 3;
  const vf = new Int32Array(size).fill(-1);
  const vr = new Int32Array(size).fill(-1);
  vf[off + 1] = 0;
  vr[off + 1] = 0;
  const delta = n - m;
  const odd = (delta & 1) !== 0;
  // Diagonals whose paths left the grid are skipped from then on.
  let fStart = 0, fEnd = 0, rStart = 0, rEnd = 0;
  for (let d = 0; d <= maxD; d++) {
    for (let k = -d + fStart; k <= d - fEnd; k += 2) {
      const ko = off + k;
      let x = k === -d || (k !== d && vf[ko - 1] < vf[ko + 1]) ? vf[ko + 1] : vf[ko - 1] + 1;
      let y = x - k;
      while (x < n && y < m && A[x0 + x] === B[y0 + y]) (x++, y++);
      vf[ko] = x;
      if (x > n) fEnd += 2;
      else if (y > m) fStart += 2;
      else if (odd) {
        const kr = off + delta - k;
        if (kr >= 0 && kr < size && vr[kr] !== -1 && x >= n - vr[kr]) return [x0 + x, y0 + y];
      }
    }
    for (let k = -d + rStart; k <= d - rEnd; k += 2) {
      const ko = off + k;
      let x = k === -d || (k !== d && vr[ko - 1] < vr[ko + 1]) ? vr[ko + 1] : vr[ko - 1] + 1;
      let y = x - k;
      while (x < n && y < m && A[x1 - 1 - x] === B[y1 - 1 - y]) (x++, y++);
      vr[ko] = x;
      if (x > n) rEnd += 2;
      else if (y > m) rStart += 2;
      else if (!odd) {
        const kf = off + delta - k;
        if (kf >= 0 && kf < size && vf[kf] !== -1) {
          const xf = vf[kf];
          if (xf >= n - x) return [x0 + xf, y0 + xf - (kf - off)];
        }
      }
    }
  }
  throw new Error('middleSnake: frontiers never met');
}

function intern(ids: Map<string, number>, s: string): number {
  let id = ids.get(s);
  if (id === undefined) ids.set(s, (id = ids.size));
  return id;
}
