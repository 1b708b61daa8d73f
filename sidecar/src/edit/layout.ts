/**
 * The picture of a diff as it sits in the document: equal lines as context, each hunk as its
 * removed lines followed by its added lines, plus the word spans that get a harder tint.
 */
import { lineDiff, type DiffHunk } from './diff.js';
import type { LineKind, WordSpan } from './lines.js';
import { pairHunkWords, type HunkWords } from './words.js';

export interface LayoutLine {
  kind: LineKind;
  text: string;
}

export interface Layout {
  lines: LayoutLine[];
  /** `line` indexes Layout.lines; a span's kind is its line's kind. */
  words: WordSpan[];
  /** Index of the unfinished last line of a streaming reply, or null. */
  streamingLine: number | null;
}

export interface LayoutOptions {
  streaming: boolean;
  /** Overrides LCS_CELL_BUDGET (tests). */
  cellBudget?: number;
}

/** The lines and spans of a layout without its streaming partial line. */
export interface LayoutBody {
  lines: LayoutLine[];
  words: WordSpan[];
}

export type HunkPairer = (hunk: DiffHunk, removed: readonly string[], added: readonly string[]) => HunkWords;

/** "a\nb" → complete [a], partial "b"; "a\n" → [a], "". */
export function splitProposal(text: string): { complete: string[]; partial: string } {
  const complete = text.split('\n');
  const partial = complete.pop() as string;
  return { complete, partial };
}

export function layoutDiff(baseline: readonly string[], proposal: string, opts: LayoutOptions): Layout {
  const { complete, partial } = splitProposal(proposal);
  const pair: HunkPairer = (_hunk, removed, added) => pairHunkWords(removed, added);
  if (!opts.streaming) {
    // A trailing newline ends the last line rather than starting an empty one.
    const lines = partial === '' ? complete : [...complete, partial];
    const body = assembleBody(baseline, lines, lineDiff(baseline, lines, { cellBudget: opts.cellBudget }), pair);
    return { ...body, streamingLine: null };
  }
  // The unfinished line would match one original line this chunk and another the next, so only
  // complete lines are diffed, without the suffix trim (a partial tail matching the original's
  // end is coincidence), and the partial line goes at the very bottom, unpaired.
  const hunks = lineDiff(baseline, complete, { early: true, cellBudget: opts.cellBudget });
  const body = assembleBody(baseline, complete, hunks, pair);
  return withPartial(body, partial === '' ? null : { kind: 'added', text: partial });
}

export function assembleBody(
  baseline: readonly string[],
  proposal: readonly string[],
  hunks: readonly DiffHunk[],
  pair: HunkPairer,
): LayoutBody {
  const lines: LayoutLine[] = [];
  const words: WordSpan[] = [];
  let a = 0;
  for (const h of hunks) {
    while (a < h.aStart) lines.push({ kind: 'context', text: baseline[a++] });
    const removed = baseline.slice(h.aStart, h.aEnd);
    const added = proposal.slice(h.bStart, h.bEnd);
    const first = lines.length;
    for (const text of removed) lines.push({ kind: 'removed', text });
    for (const text of added) lines.push({ kind: 'added', text });
    const paired = pair(h, removed, added);
    for (const s of paired.removedSpans) words.push({ line: first + s.line, start: s.start, end: s.end });
    for (const s of paired.addedSpans) {
      words.push({ line: first + removed.length + s.line, start: s.start, end: s.end });
    }
    a = h.aEnd;
  }
  while (a < baseline.length) lines.push({ kind: 'context', text: baseline[a++] });
  return { lines, words };
}

export function withPartial(body: LayoutBody, partialLine: LayoutLine | null): Layout {
  if (partialLine === null) return { lines: body.lines, words: body.words, streamingLine: null };
  return { lines: [...body.lines, partialLine], words: body.words, streamingLine: body.lines.length };
}
