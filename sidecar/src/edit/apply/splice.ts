/**
 * Applying an edit in memory, to the lines of a proposal as they stand in the document: the lines
 * it replaces on the proposed side become red (or, already green, are dropped) and its new lines are
 * added green after them. Lines it keeps, and every other line, stay exactly as they are — with the
 * user's typing on them — so an edit arriving mid-stream never undoes what the user did meanwhile.
 * Red lines are never touched: context and red lines remain the baseline.
 */
import { lineDiff } from '../diff.js';
import type { Layout } from '../layout.js';
import type { CharSpan, LineKind } from '../lines.js';
import { pairHunkWords } from '../words.js';

export interface RegionLine {
  kind: LineKind;
  text: string;
  words: CharSpan[];
}

/** The region's lines from its kinds, word spans and texts. */
export function regionLines(kinds: readonly LineKind[], words: readonly CharSpan[][], texts: readonly string[]): RegionLine[] {
  return kinds.map((kind, i) => ({ kind, text: texts[i], words: words[i] ?? [] }));
}

/** The proposed side: the texts of every line that is not red. */
export function proposedSide(lines: readonly RegionLine[]): string[] {
  return lines.filter((l) => l.kind !== 'removed').map((l) => l.text);
}

/** Replaces proposed-side lines [from, to) of `region` with `lines`. */
export function spliceEdit(region: readonly RegionLine[], from: number, to: number, lines: readonly string[]): RegionLine[] {
  const proposedAt: number[] = [];
  region.forEach((l, i) => {
    if (l.kind !== 'removed') proposedAt.push(i);
  });
  const iStart = from < proposedAt.length ? proposedAt[from] : region.length;
  const iEnd = to > from ? proposedAt[to - 1] + 1 : iStart;
  const span = region.slice(iStart, iEnd);
  const out: RegionLine[] = [];
  let cursor = 0;
  let p = 0;
  for (const h of lineDiff(proposedSide(span), lines)) {
    while (cursor < span.length && (span[cursor].kind === 'removed' || p < h.aStart)) {
      if (span[cursor].kind !== 'removed') p++;
      out.push(span[cursor++]);
    }
    const removed: RegionLine[] = [];
    while (p < h.aEnd) {
      const line = span[cursor++];
      if (line.kind === 'removed') {
        out.push(line);
        continue;
      }
      p++;
      if (line.kind === 'context') {
        const red: RegionLine = { kind: 'removed', text: line.text, words: [] };
        removed.push(red);
        out.push(red);
      }
    }
    const added: RegionLine[] = lines.slice(h.bStart, h.bEnd).map((text) => ({ kind: 'added', text, words: [] }));
    const words = pairHunkWords(
      removed.map((l) => l.text),
      added.map((l) => l.text),
    );
    for (const s of words.removedSpans) removed[s.line].words.push({ start: s.start, end: s.end });
    for (const s of words.addedSpans) added[s.line].words.push({ start: s.start, end: s.end });
    for (const line of added) out.push(line);
  }
  return [...region.slice(0, iStart), ...out, ...span.slice(cursor), ...region.slice(iEnd)];
}

export function toLayout(lines: readonly RegionLine[]): Layout {
  const words = lines.flatMap((l, i) => l.words.map((w) => ({ line: i, start: w.start, end: w.end })));
  return { lines: lines.map((l) => ({ kind: l.kind, text: l.text })), words, streamingLine: null };
}

/**
 * `region` with its proposed side replaced by `lines`, which differ from it only in the proposal's
 * own lines (the formatter's text of them): the lines that stay keep their marks, and every hunk
 * that got a new line has its words paired afresh.
 */
export function replaceProposedSide(region: readonly RegionLine[], lines: readonly string[]): RegionLine[] {
  const kept = new Set(region);
  let spliced = spliceEdit(region, 0, proposedSide(region).length, lines);
  for (let i = 0; i < spliced.length; ) {
    if (spliced[i].kind === 'context') {
      i++;
      continue;
    }
    let end = i;
    while (end < spliced.length && spliced[end].kind !== 'context') end++;
    const hunk = spliced.slice(i, end);
    if (hunk.some((l) => !kept.has(l))) {
      const fresh = hunk.map((l) => ({ kind: l.kind, text: l.text, words: [] as CharSpan[] }));
      const removed = fresh.filter((l) => l.kind === 'removed');
      const added = fresh.filter((l) => l.kind === 'added');
      const words = pairHunkWords(removed.map((l) => l.text), added.map((l) => l.text));
      for (const s of words.removedSpans) removed[s.line].words.push({ start: s.start, end: s.end });
      for (const s of words.addedSpans) added[s.line].words.push({ start: s.start, end: s.end });
      spliced = [...spliced.slice(0, i), ...fresh, ...spliced.slice(end)];
    }
    i = end;
  }
  return spliced;
}
