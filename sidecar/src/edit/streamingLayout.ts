/**
 * The picture of a reply while it streams, built so that it only ever grows at its head.
 *
 * The picture has three parts, top to bottom: the lines the stream has settled (context, removed,
 * added), the stream's head (the unfinished line), and the original lines the stream has not
 * reached yet, shown `unreached` (neutral). Each line the model finishes is placed at the head,
 * once and for good:
 * - it is the next unreached original line → context;
 * - it equals an unreached original line further down and is worth the jump (`worthSkipping`) →
 *   the original lines it jumps over turn removed where they stand, and it is context;
 * - it rewrites the next original line (`rewrites`: the two read as one line edited) → that line
 *   turns removed, and it is added below it;
 * - otherwise it is added, at the head.
 * So a complete line, once shown, keeps its kind and its place below the lines above it; only the
 * unfinished line moves (down, when the stream passes original lines). A hunk's words are paired
 * when the hunk closes (a context line follows it), and stay as paired.
 *
 * When the reply is complete, `settle` lays out the shortest diff, preferring the pairs the stream
 * showed matched, so the final picture moves as little as possible, and each hunk's removed lines
 * above its added ones, as a diff reads (a hunk the stream showed otherwise moves then; measured in
 * `npm run bench`).
 *
 * Cost: a chunk costs its own characters; a completed line costs a hash lookup plus the original
 * lines it passes. `layout()` materialises the picture (O(region)), once per render, not per chunk.
 * Text that does not extend the previous text starts over; whether it does is checked on the first
 * and last CHECK_WINDOW characters only, so a chunk does not cost the whole text.
 */
import { lineWeight } from './alignment.js';
import { editCountLowerBound, lineDiff, shortestEditCount, type DiffHunk } from './diff.js';
import { assembleBody, proposalLines, type HunkPairer, type Layout, type LayoutLine } from './layout.js';
import type { WordSpan } from './lines.js';
import { pairHunkWords, wordOverlap, type HunkWords } from './words.js';

/** A line this long (trimmed, with a letter or digit) may make the stream jump over original lines. */
const SIGNIFICANT = lineWeight('abcd');
/** Original lines a significant line may jump over at once; a longer jump needs that many lines in step. */
const FREE_SKIP = 3;
/** A line that opens a block: a header, whose rewrite must keep more of its words. */
const OPENS_BLOCK = /[{([:=]\s*$/;
/** Original lines a closing line may jump over (a longer block rather moved than lost its end). */
const CLOSER_SKIP = 8;
/** How far back a closing line looks for the line that opened its block. */
const OPENER_SEARCH = 200;
/**
 * Characters at each end of the text pushed so far that the next text must repeat to extend it.
 * Under 13, V8 copies a slice instead of referencing its parent, and comparing two such copies
 * costs a fifth of comparing 64-character slices. A revision this misses still settles right:
 * `settle` re-diffs whenever the final text rewrites a line the stream finished.
 */
const CHECK_WINDOW = 12;

export class StreamingLayout {
  /** The text pushed last (the caller's string, not a copy), and copies of its first and last CHECK_WINDOW characters. */
  private text = '';
  private headWindow = '';
  private tailWindow = '';
  private partial = '';
  private complete: string[] = [];
  /** Original lines passed by the stream (context or removed); the first unreached one. */
  private head = 0;
  private lines: LayoutLine[] = [];
  private words: WordSpan[] = [];
  /** Picture indices of the added lines, and the original indices of the removed ones, since the last context line. */
  private openAdded: number[] = [];
  private openRemoved: number[] = [];
  /** Proposal index of the first added line since the last context line. */
  private openFirstAdded = 0;
  /** The word pairing of each hunk the stream closed, by its ranges: the settle reuses it for the same hunk. */
  private pairedHunks = new Map<string, HunkWords>();
  /** Original index → proposal index of the lines the stream showed as context. */
  private matched = new Map<number, number>();
  private posA: Int32Array;
  private posB: number[] = [];
  private readonly unreachedLines: LayoutLine[];
  private occurrences: Map<string, { at: number[]; next: number }> | null = null;
  /** A jump the stream did not take yet: the original index the last added line equals. */
  private pendingJump: { to: number; run: number } | null = null;
  private partialLine: LayoutLine | null = null;

  constructor(
    private readonly baseline: readonly string[],
    private readonly opts: { cellBudget?: number } = {},
  ) {
    this.posA = new Int32Array(baseline.length);
    this.unreachedLines = baseline.map((text) => ({ kind: 'unreached', text }));
  }

  /** `push(text)` then `layout()`. */
  update(proposalSoFar: string): Layout {
    this.push(proposalSoFar);
    return this.layout();
  }

  push(proposalSoFar: string): void {
    if (!this.extendedBy(proposalSoFar)) this.restart();
    this.extend(proposalSoFar.slice(this.text.length));
  }

  /**
   * The text pushed so far followed by `appended`. Costs `appended` only: the text is kept as the
   * engine's concatenation, never sliced here (slicing would copy the whole of it).
   */
  extend(appended: string): void {
    this.text += appended;
    if (this.headWindow.length < CHECK_WINDOW) this.headWindow = (this.headWindow + appended).slice(0, CHECK_WINDOW);
    this.tailWindow = (this.tailWindow + appended.slice(-CHECK_WINDOW)).slice(-CHECK_WINDOW);
    const firstBreak = appended.indexOf('\n');
    if (firstBreak < 0) {
      this.partial += appended;
    } else {
      const pieces = appended.slice(firstBreak + 1).split('\n');
      this.place(this.partial + appended.slice(0, firstBreak));
      this.partial = pieces.pop() as string;
      for (const line of pieces) this.place(line);
    }
  }

  /** The picture now: settled lines, the unfinished line at the head, then the unreached original lines. */
  layout(): Layout {
    // Made here, once per render, not per chunk; kept while the unfinished line stays the same.
    if (this.partial === '') this.partialLine = null;
    else if (this.partialLine?.text !== this.partial) this.partialLine = { kind: 'added', text: this.partial };
    const head = this.partialLine ? [this.partialLine] : [];
    return {
      lines: [...this.lines, ...head, ...this.unreachedLines.slice(this.head)],
      words: this.words,
      streamingLine: this.partialLine ? this.lines.length : null,
    };
  }

  /**
   * The final picture of the complete reply `finalText`: a shortest diff, the stream's matched pairs
   * kept where a shortest diff allows, each hunk's removed lines above its added ones.
   */
  settle(finalText: string): Layout {
    // The final text usually extends the streamed one: then its lines are the stream's finished
    // ones plus what follows, with no split or comparison of the lines already placed.
    const extendsStream = finalText.length >= this.text.length && finalText.slice(0, this.text.length) === this.text;
    const final = extendsStream ? [...this.complete, ...proposalLines(this.partial + finalText.slice(this.text.length))] : proposalLines(finalText);
    // The stream's own alignment, each of its hunks diffed within itself (a `}` the stream could not
    // match across a removed line, say), is the final one when it is a shortest diff: every pair the
    // stream showed stays, and the cost is that of the hunks. Otherwise a whole shortest diff that
    // keeps the stream's pairs where it can.
    const streamed = this.streamedHunks(final, extendsStream);
    const refined = streamed && refineHunks(this.baseline, final, streamed, this.opts.cellBudget);
    const edits = refined && changed(refined);
    const shortest = refined !== null && (edits === editCountLowerBound(this.baseline, final, refined) || edits === shortestEditCount(this.baseline, final));
    const hunks = shortest ? refined : lineDiff(this.baseline, final, { prefer: this.matched, cellBudget: this.opts.cellBudget });
    // A hunk the stream closed has its words paired already (its lines are the final's: `streamed` checked that).
    const known = streamed ? this.pairedHunks : null;
    const pair: HunkPairer = (h, removed, added) => known?.get(hunkKey(h.aStart, h.aEnd, h.bStart, h.bEnd)) ?? pairHunkWords(removed, added);
    // Each hunk removed above added, as every diff reads, though the stream may have shown an added
    // line before it passed the original lines it replaces: the settle moves those once.
    return { ...assembleBody(this.baseline, final, hunks, pair), streamingLine: null };
  }

  /** The hunks the stream's matched pairs make of `final`, or null when `final` rewrites a line the stream finished. */
  private streamedHunks(final: readonly string[], extendsStream: boolean): DiffHunk[] | null {
    if (!extendsStream) for (let j = 0; j < this.complete.length; j++) if (final[j] !== this.complete[j]) return null;
    const out: DiffHunk[] = [];
    let a = 0;
    let b = 0;
    const close = (i: number, j: number) => {
      if (i > a || j > b) out.push({ aStart: a, aEnd: i, bStart: b, bEnd: j });
    };
    for (const [i, j] of this.matched) {
      close(i, j);
      [a, b] = [i + 1, j + 1];
    }
    close(this.baseline.length, final.length);
    return out;
  }

  /**
   * Whether `next` starts with the text pushed so far, judged on its first and last CHECK_WINDOW
   * characters, so a chunk does not cost the whole text. Compared as slices: reading a long
   * string's characters one by one cost more than the rest of a chunk.
   */
  private extendedBy(next: string): boolean {
    const { headWindow, tailWindow } = this;
    const textLength = this.text.length;
    return (
      next.length >= textLength &&
      next.slice(0, headWindow.length) === headWindow &&
      next.slice(textLength - tailWindow.length, textLength) === tailWindow
    );
  }

  private restart(): void {
    this.text = '';
    this.headWindow = '';
    this.tailWindow = '';
    this.partial = '';
    this.complete = [];
    this.head = 0;
    this.lines = [];
    this.words = [];
    this.openAdded = [];
    this.openRemoved = [];
    this.matched = new Map();
    this.pairedHunks = new Map();
    this.posA = new Int32Array(this.baseline.length);
    this.posB = [];
    this.pendingJump = null;
    this.partialLine = null;
    if (this.occurrences) for (const entry of this.occurrences.values()) entry.next = 0;
  }

  private place(line: string): void {
    const j = this.complete.length;
    this.complete.push(line);
    const { baseline, head } = this;
    if (head < baseline.length && baseline[head] === line) {
      this.pendingJump = null;
      this.match(head, j);
      return;
    }
    // A line continuing a run in step with the original goes with that run, not with a nearer equal.
    const inStep = this.pendingJump && this.baseline[this.pendingJump.to] === line ? this.pendingJump.to : -1;
    const to = inStep >= 0 ? inStep : this.nextOccurrence(line, head + 1);
    if (to >= 0 && this.worthSkipping(line, to, j)) {
      this.pendingJump = null;
      this.pass(head, to);
      this.match(to, j);
      return;
    }
    if (to < 0 && this.rewrites(line)) {
      // The next original line, reworded (or re-indented): it is passed, red, and its new form follows.
      this.pendingJump = null;
      this.pass(head, head + 1);
      this.head = head + 1;
      this.add(j, line);
      return;
    }
    this.pendingJump = to >= 0 ? { to: to + 1, run: this.pendingJump?.to === to ? this.pendingJump.run + 1 : 1 } : null;
    this.add(j, line);
  }

  /** Original lines [from, to) are passed without a match: removed, where they stand. */
  private pass(from: number, to: number): void {
    for (let i = from; i < to; i++) {
      this.posA[i] = this.lines.length;
      this.openRemoved.push(i);
      this.lines.push({ kind: 'removed', text: this.baseline[i] });
    }
  }

  private add(j: number, line: string): void {
    if (this.openAdded.length === 0) this.openFirstAdded = j;
    this.posB[j] = this.lines.length;
    this.openAdded.push(this.lines.length);
    this.lines.push({ kind: 'added', text: line });
  }

  /**
   * Whether finished line `j`, equal to original line `to` below the head, should make the stream
   * jump there. A short jump for a line that says something is taken at once; a long jump waits
   * until lines in step with the original make up for its length (a block the model moved up would
   * otherwise turn everything it jumped over red). A blank line never jumps (it equals too many
   * lines); a closing line (`}`, `});`) jumps only over a few lines nested deeper than itself,
   * closing a block whose opening line the stream kept: the original block lost its last
   * statements.
   */
  private worthSkipping(line: string, to: number, j: number): boolean {
    const skip = to - this.head;
    if (lineWeight(line) < SIGNIFICANT) return line.trim() !== '' && skip <= CLOSER_SKIP && this.closesKeptBlock(line, to, j);
    const run = this.pendingJump?.to === to ? this.pendingJump.run + 1 : 1;
    return skip <= FREE_SKIP * run;
  }

  /**
   * Whether a finished line no original line equals reads as the next original line rewritten: at
   * its indentation, the two would pair as one line edited (they share at least half of the shorter
   * line's words; whitespace and punctuation, which unrelated lines share, do not count). A header
   * needs more than half: a new definition written above the original (a helper extracted to the
   * top) shares its keywords and types with the original's header, not its name.
   */
  private rewrites(line: string): boolean {
    const next = this.baseline[this.head];
    if (next === undefined || lineWeight(line) < SIGNIFICANT || lineWeight(next) < SIGNIFICANT || indentation(line) !== indentation(next)) return false;
    const { shared, shorter } = wordOverlap(next, line);
    return OPENS_BLOCK.test(line) || OPENS_BLOCK.test(next) ? 2 * shared > shorter : shared > 0 && 2 * shared >= shorter;
  }

  private closesKeptBlock(line: string, to: number, j: number): boolean {
    const depth = indentation(line);
    for (let i = this.head; i < to; i++) if (this.baseline[i].trim() !== '' && indentation(this.baseline[i]) <= depth) return false;
    for (let k = j - 1; k >= Math.max(0, j - OPENER_SEARCH); k--) {
      const text = this.complete[k];
      if (text.trim() === '' || indentation(text) > depth) continue;
      return this.lines[this.posB[k]].kind === 'context';
    }
    return false;
  }

  /** Original line `i` and proposal line `j` are the same line: the open hunk closes above it. */
  private match(i: number, j: number): void {
    this.closeHunk();
    this.posA[i] = this.lines.length;
    this.posB[j] = this.lines.length;
    this.matched.set(i, j);
    this.lines.push({ kind: 'context', text: this.baseline[i] });
    this.head = i + 1;
  }

  private closeHunk(): void {
    const { openAdded, openRemoved } = this;
    if (openAdded.length > 0 && openRemoved.length > 0) {
      const removedAt = openRemoved.map((i) => this.posA[i]);
      const paired = pairHunkWords(
        openRemoved.map((i) => this.baseline[i]),
        openAdded.map((at) => this.lines[at].text),
      );
      // The passed original lines and the added ones are each consecutive: the hunk is their two ranges.
      const aStart = openRemoved[0];
      this.pairedHunks.set(hunkKey(aStart, aStart + openRemoved.length, this.openFirstAdded, this.openFirstAdded + openAdded.length), paired);
      for (const p of paired.pairs) {
        if (!p.whitespace) continue;
        for (const at of [removedAt[p.removed], openAdded[p.added]]) this.lines[at] = { ...this.lines[at], whitespace: p.whitespace };
      }
      for (const s of paired.removedSpans) this.words.push({ line: removedAt[s.line], start: s.start, end: s.end });
      for (const s of paired.addedSpans) this.words.push({ line: openAdded[s.line], start: s.start, end: s.end });
      this.words.sort((x, y) => x.line - y.line || x.start - y.start);
    }
    this.openAdded = [];
    this.openRemoved = [];
  }

  /** The first original line at or after `from` equal to `line`, or -1. Amortised O(1): the head only moves down. */
  private nextOccurrence(line: string, from: number): number {
    if (!this.occurrences) {
      this.occurrences = new Map();
      this.baseline.forEach((text, i) => {
        const entry = this.occurrences!.get(text);
        if (entry) entry.at.push(i);
        else this.occurrences!.set(text, { at: [i], next: 0 });
      });
    }
    const entry = this.occurrences.get(line);
    if (!entry) return -1;
    while (entry.next < entry.at.length && entry.at[entry.next] < from) entry.next++;
    return entry.next < entry.at.length ? entry.at[entry.next] : -1;
  }
}

/** Each hunk replaced by the diff of its own two sides (the lines between hunks stay matched). */
function refineHunks(a: readonly string[], b: readonly string[], hunks: readonly DiffHunk[], cellBudget?: number): DiffHunk[] {
  const out: DiffHunk[] = [];
  for (const h of hunks) {
    if (h.aStart === h.aEnd || h.bStart === h.bEnd) {
      out.push(h);
      continue;
    }
    // Most hunks of a rewrite are one line for one: nothing to re-diff.
    if (h.aEnd - h.aStart === 1 && h.bEnd - h.bStart === 1) {
      if (a[h.aStart] !== b[h.bStart]) out.push(h);
      continue;
    }
    for (const d of lineDiff(a.slice(h.aStart, h.aEnd), b.slice(h.bStart, h.bEnd), { cellBudget })) {
      out.push({ aStart: h.aStart + d.aStart, aEnd: h.aStart + d.aEnd, bStart: h.bStart + d.bStart, bEnd: h.bStart + d.bEnd });
    }
  }
  return out;
}

const hunkKey = (aStart: number, aEnd: number, bStart: number, bEnd: number) => `${aStart}:${aEnd}:${bStart}:${bEnd}`;

const changed = (hunks: readonly DiffHunk[]) => hunks.reduce((n, h) => n + h.aEnd - h.aStart + h.bEnd - h.bStart, 0);

function indentation(line: string): number {
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  return i;
}
