/**
 * Incremental version of layoutDiff(baseline, text, { streaming: true }): same result, less work
 * per chunk.
 *
 * Incremental:
 * - A chunk that completes no line only swaps the partial line; hunks and word spans are reused.
 * - Each completed line either extends the common-prefix trim or appends one row to the LCS table
 *   (O(n)); the table is never rebuilt, since streaming diffs run without the suffix trim.
 * - Word pairings are memoised per hunk. Completed lines never change, so a hunk's ranges identify
 *   its content.
 * - LayoutLine objects equal to the previous picture's (matched from the top and from the bottom)
 *   are reused, so callers can find the changed span by reference.
 * Not incremental:
 * - Each update that completes lines re-walks the table and re-assembles the picture, O(n+m).
 * - Past the cell budget, each such update runs Myers over the whole region, as layoutDiff does.
 * - Text that does not extend the previous text starts over. Whether it does is checked on the
 *   first and last CHECK_WINDOW characters only: a full comparison would make every chunk O(text).
 * Returned layouts share arrays with later ones; treat them as read-only.
 */
import { LcsTable, exceedsBudget, lineDiff, type DiffHunk } from './diff.js';
import { assembleBody, withPartial, type Layout, type LayoutBody, type LayoutLine } from './layout.js';
import { pairHunkWords, type HunkWords } from './words.js';

export class StreamingLayout {
  private text = '';
  private complete: string[] = [];
  private partial = '';
  /** Common prefix of baseline and complete lines; fixed once the table exists. */
  private prefix = 0;
  private table: LcsTable | null = null;
  private myers = false;
  private pairings = new Map<string, HunkWords>();
  private body: LayoutBody = { lines: [], words: [] };
  private partialLine: LayoutLine | null = null;

  constructor(
    private readonly baseline: readonly string[],
    private readonly opts: { cellBudget?: number } = {},
  ) {
    this.rebuild();
  }

  update(proposalSoFar: string): Layout {
    if (!extendsText(proposalSoFar, this.text)) this.restart();
    const appended = proposalSoFar.slice(this.text.length);
    this.text = proposalSoFar;
    const firstBreak = appended.indexOf('\n');
    if (firstBreak < 0) {
      this.partial += appended;
    } else {
      const pieces = appended.slice(firstBreak + 1).split('\n');
      this.addLine(this.partial + appended.slice(0, firstBreak));
      this.partial = pieces.pop() as string;
      for (const line of pieces) this.addLine(line);
      this.rebuild();
    }
    if (this.partial === '') this.partialLine = null;
    else if (this.partialLine?.text !== this.partial) this.partialLine = { kind: 'added', text: this.partial };
    return withPartial(this.body, this.partialLine);
  }

  private restart(): void {
    this.text = '';
    this.complete = [];
    this.partial = '';
    this.prefix = 0;
    this.table = null;
    this.myers = false;
    this.pairings = new Map();
    this.rebuild();
  }

  private addLine(line: string): void {
    const { baseline, complete } = this;
    complete.push(line);
    if (this.myers) return;
    if (this.table === null) {
      if (this.prefix === complete.length - 1 && this.prefix < baseline.length && line === baseline[this.prefix]) {
        this.prefix++;
        return;
      }
      this.table = new LcsTable(baseline, this.prefix, baseline.length);
    }
    if (exceedsBudget(baseline.length - this.prefix, complete.length - this.prefix, this.opts.cellBudget)) {
      this.myers = true;
      this.table = null;
      return;
    }
    this.table.addRow(line);
  }

  private hunks(): DiffHunk[] {
    const { baseline, complete, prefix } = this;
    if (this.myers) return lineDiff(baseline, complete, { early: true, cellBudget: this.opts.cellBudget });
    if (this.table) return this.table.hunks(prefix);
    // Everything so far repeats the baseline's start; what the stream has not reached is removed.
    return prefix < baseline.length ? [{ aStart: prefix, aEnd: baseline.length, bStart: prefix, bEnd: prefix }] : [];
  }

  private rebuild(): void {
    const used = new Map<string, HunkWords>();
    const body = assembleBody(this.baseline, this.complete, this.hunks(), (h, removed, added) => {
      const key = `${h.aStart}:${h.aEnd}:${h.bStart}:${h.bEnd}`;
      const words = this.pairings.get(key) ?? pairHunkWords(removed, added);
      used.set(key, words);
      return words;
    });
    this.pairings = used;
    reuseUnchanged(this.body.lines, body.lines);
    this.body = body;
  }
}

const CHECK_WINDOW = 256;

function extendsText(next: string, prev: string): boolean {
  if (next.length < prev.length) return false;
  const head = Math.min(CHECK_WINDOW, prev.length);
  const tail = Math.max(head, prev.length - CHECK_WINDOW);
  return next.slice(0, head) === prev.slice(0, head) && next.slice(tail, prev.length) === prev.slice(tail);
}

function reuseUnchanged(prev: readonly LayoutLine[], next: LayoutLine[]): void {
  const same = (x: LayoutLine, y: LayoutLine) => x.kind === y.kind && x.text === y.text;
  let top = 0;
  while (top < prev.length && top < next.length && same(prev[top], next[top])) next[top] = prev[top++];
  for (let p = prev.length - 1, n = next.length - 1; p >= top && n >= top && same(prev[p], next[n]); p--, n--) {
    next[n] = prev[p];
  }
}
