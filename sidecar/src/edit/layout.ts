/**
 * The picture of a diff as it sits in the document: equal lines as context, each hunk as its
 * removed lines followed by its added lines, plus the word spans that get a harder tint and the
 * pairs that differ only in whitespace. While a reply streams, the picture is StreamingLayout's.
 */
import { lineDiff, type DiffHunk } from './diff.js';
import type { LineKind, WhitespaceOnly, WordSpan } from './lines.js';
import { pairHunkWords, type HunkWords } from './words.js';

export interface LayoutLine {
  kind: LineKind;
  text: string;
  /** Set on both lines of a pair that differs only in whitespace. */
  whitespace?: WhitespaceOnly;
}

export interface Layout {
  lines: LayoutLine[];
  /** `line` indexes Layout.lines; a span's kind is its line's kind. */
  words: WordSpan[];
  /** Index of the unfinished last line of a streaming reply, or null. */
  streamingLine: number | null;
}

export interface LayoutOptions {
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

/** A finished proposal's lines: a trailing newline ends the last line rather than starting an empty one. */
export function proposalLines(text: string): string[] {
  const { complete, partial } = splitProposal(text);
  return partial === '' ? complete : [...complete, partial];
}

export const pairWords: HunkPairer = (_hunk, removed, added) => pairHunkWords(removed, added);

/** The settled picture of `proposal` against `baseline`. */
export function layoutDiff(baseline: readonly string[], proposal: string, opts: LayoutOptions = {}): Layout {
  const lines = proposalLines(proposal);
  const body = assembleBody(baseline, lines, lineDiff(baseline, lines, { cellBudget: opts.cellBudget }), pairWords);
  return { ...body, streamingLine: null };
}

/** Equal lines as context, each hunk's removed lines above its added ones, with the hunk's word pairs. */
export function assembleBody(baseline: readonly string[], proposal: readonly string[], hunks: readonly DiffHunk[], pair: HunkPairer): LayoutBody {
  const lines: LayoutLine[] = [];
  const words: WordSpan[] = [];
  let a = 0;
  for (const h of hunks) {
    while (a < h.aStart) lines.push({ kind: 'context', text: baseline[a++] });
    const removed = baseline.slice(h.aStart, h.aEnd);
    const added = proposal.slice(h.bStart, h.bEnd);
    const paired = pair(h, removed, added);
    const spaced = { r: new Map<number, WhitespaceOnly>(), a: new Map<number, WhitespaceOnly>() };
    for (const p of paired.pairs) {
      if (p.whitespace) (spaced.r.set(p.removed, p.whitespace), spaced.a.set(p.added, p.whitespace));
    }
    const removedAt = lines.length;
    const addedAt = removedAt + removed.length;
    for (const [kind, side, texts] of [['removed', spaced.r, removed], ['added', spaced.a, added]] as const) {
      texts.forEach((text, i) => {
        const whitespace = side.get(i);
        lines.push(whitespace ? { kind, text, whitespace } : { kind, text });
      });
    }
    for (const s of paired.removedSpans) words.push({ line: removedAt + s.line, start: s.start, end: s.end });
    for (const s of paired.addedSpans) words.push({ line: addedAt + s.line, start: s.start, end: s.end });
    a = h.aEnd;
  }
  while (a < baseline.length) lines.push({ kind: 'context', text: baseline[a++] });
  words.sort((x, y) => x.line - y.line || x.start - y.start);
  return { lines, words };
}

export function withPartial(body: LayoutBody, partialLine: LayoutLine | null): Layout {
  if (partialLine === null) return { lines: body.lines, words: body.words, streamingLine: null };
  return { lines: [...body.lines, partialLine], words: body.words, streamingLine: body.lines.length };
}
