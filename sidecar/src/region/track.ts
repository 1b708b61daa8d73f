/**
 * How one document change affects a region's lines. A region is a stretch of whole lines
 * [start, start + kinds.length) whose diff lines ('removed' / 'added') are tracked; 'context' lines
 * inside it are ordinary text that both verdicts keep.
 *
 * The rule: a change above shifts every tracked line; typing
 * within a line keeps it (its word tints are dropped); a change that removes a tracked line or its
 * line break — deleting, joining or splitting it — breaks the region. Whole context lines may be
 * inserted or deleted inside a settled region; while streaming, any such line-structure change
 * inside the region breaks it too, because the stream owns the region's line layout.
 */
import type { Position, Range, TextBuffer } from '@redline/shared-protocol';
import type { LineKind } from '../edit/lines.js';

/**
 * Where a change replaced text, in the document as it was before the change: the range clamped to
 * that text, and the lengths of the lines it starts and ends on. It is all classification needs of
 * the text before, so the mirror never has to keep a copy of it.
 */
export interface Replaced {
  start: Position;
  end: Position;
  startLineLength: number;
  endLineLength: number;
}

/** A change as the region sees it; `replaced` absent: the whole document was replaced. */
export interface TrackedChange {
  replaced?: Replaced;
  text: string;
}

/** Describes the replace of `range` in `before` (clamped, as the buffer applies it); call it before the change is applied. */
export function replacedRange(before: TextBuffer, range: Range): Replaced {
  const { start, end } = before.clamp(range);
  return { start, end, startLineLength: before.lineAt(start.line).length, endLineLength: before.lineAt(end.line).length };
}

export type ChangeEffect =
  | { kind: 'none' }
  | { kind: 'shift'; delta: number }
  | { kind: 'typed'; index: number }
  /** `count` context lines inserted before region index `at`. */
  | { kind: 'insert'; at: number; count: number }
  /** Context lines [at, at + count) of the region deleted. */
  | { kind: 'delete'; at: number; count: number }
  | { kind: 'broken'; reason: string };

export function classifyChange(region: { start: number; kinds: readonly LineKind[]; streaming: boolean }, change: TrackedChange): ChangeEffect {
  const r0 = region.start;
  const r1 = region.start + region.kinds.length;
  const replaced = change.replaced;
  if (!replaced) return { kind: 'broken', reason: 'the whole document was replaced' };
  const { start: s, end: e } = replaced;
  const newLines = countNewlines(change.text);
  const spanned = e.line - s.line;
  if (spanned === 0 && newLines === 0) {
    if (s.character === e.character && change.text === '') return { kind: 'none' };
    if (s.line < r0 || s.line >= r1) return { kind: 'none' };
    return { kind: 'typed', index: s.line - r0 };
  }
  if (e.line < r0) return { kind: 'shift', delta: newLines - spanned };
  if (s.line >= r1) return { kind: 'none' };

  const lineInsertBefore = lineInsertion(replaced, change.text);
  if (lineInsertBefore !== null) {
    if (lineInsertBefore <= r0) return { kind: 'shift', delta: newLines };
    if (lineInsertBefore >= r1) return { kind: 'none' };
    if (region.streaming) return { kind: 'broken', reason: 'lines were inserted inside a streaming proposal' };
    return { kind: 'insert', at: lineInsertBefore - r0, count: newLines };
  }

  const deleted = lineDeletion(replaced, change.text);
  if (deleted !== null) {
    const [from, to] = deleted;
    if (to <= r0) return { kind: 'shift', delta: from - to };
    const inFrom = Math.max(from, r0);
    const inTo = Math.min(to, r1);
    for (let line = inFrom; line < inTo; line++) {
      if (region.kinds[line - r0] !== 'context') return { kind: 'broken', reason: `${aLine(region.kinds[line - r0])} was deleted` };
    }
    if (from < r0) return { kind: 'broken', reason: 'a deletion crossed the start of the proposal' };
    if (region.streaming) return { kind: 'broken', reason: 'lines were deleted inside a streaming proposal' };
    return { kind: 'delete', at: inFrom - r0, count: inTo - inFrom };
  }

  for (let line = Math.max(s.line, r0); line <= Math.min(e.line, r1 - 1); line++) {
    if (region.kinds[line - r0] !== 'context') return { kind: 'broken', reason: `${aLine(region.kinds[line - r0])} was joined or split` };
  }
  return { kind: 'broken', reason: 'the lines around the proposal were joined or split' };
}

/**
 * The lines a change touched: old lines [from, to) became `count` new lines starting at `from`
 * (the user's), the lines below moved by count − (to − from). A line the change only moved (an
 * insertion before it, a deletion of the lines after it) is not touched.
 */
export function touchedLines(replaced: Replaced, text: string): { from: number; to: number; count: number } {
  const newLines = countNewlines(text);
  const insertBefore = lineInsertion(replaced, text);
  if (insertBefore !== null) return { from: insertBefore, to: insertBefore, count: newLines };
  const deleted = lineDeletion(replaced, text);
  if (deleted !== null) return { from: deleted[0], to: deleted[1], count: 0 };
  return { from: replaced.start.line, to: replaced.end.line + 1, count: newLines + 1 };
}

/** Whole lines inserted before the returned line, or null if the change is not a pure line insertion. */
function lineInsertion({ start: s, end: e, startLineLength }: Replaced, text: string): number | null {
  if (s.line !== e.line || s.character !== e.character || text === '') return null;
  if (s.character === 0 && text.endsWith('\n')) return s.line;
  if (s.character === startLineLength && (text.startsWith('\n') || text.startsWith('\r\n'))) return s.line + 1;
  return null;
}

/** Whole lines [from, to) deleted, or null if the change is not a pure line deletion. */
function lineDeletion({ start: s, end: e, startLineLength, endLineLength }: Replaced, text: string): [number, number] | null {
  if (text !== '' || e.line === s.line) return null;
  if (s.character === 0 && e.character === 0) return [s.line, e.line];
  if (s.character === startLineLength && e.character === endLineLength) return [s.line + 1, e.line + 1];
  return null;
}

/** "a removed line", "an added line", "an unreached line". */
function aLine(kind: LineKind): string {
  return `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} line`;
}

function countNewlines(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}
