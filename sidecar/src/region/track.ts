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
import type { Range, TextBuffer } from '@redline/shared-protocol';
import type { LineKind } from '../edit/lines.js';

export type ChangeEffect =
  | { kind: 'none' }
  | { kind: 'shift'; delta: number }
  | { kind: 'typed'; index: number }
  /** `count` context lines inserted before region index `at`. */
  | { kind: 'insert'; at: number; count: number }
  /** Context lines [at, at + count) of the region deleted. */
  | { kind: 'delete'; at: number; count: number }
  | { kind: 'broken'; reason: string };

export function classifyChange(
  region: { start: number; kinds: readonly LineKind[]; streaming: boolean },
  change: { range?: Range; text: string },
  before: TextBuffer,
): ChangeEffect {
  const r0 = region.start;
  const r1 = region.start + region.kinds.length;
  if (!change.range) return { kind: 'broken', reason: 'the whole document was replaced' };
  // Clamp like LSP so a character past the line end reads as the line end.
  const s = before.positionAt(before.offsetAt(change.range.start));
  const e = before.positionAt(before.offsetAt(change.range.end));
  const newLines = countNewlines(change.text);
  const spanned = e.line - s.line;
  if (spanned === 0 && newLines === 0) {
    if (s.character === e.character && change.text === '') return { kind: 'none' };
    if (s.line < r0 || s.line >= r1) return { kind: 'none' };
    return { kind: 'typed', index: s.line - r0 };
  }
  if (e.line < r0) return { kind: 'shift', delta: newLines - spanned };
  if (s.line >= r1) return { kind: 'none' };

  const lineInsertBefore = lineInsertion(s, e, change.text, before);
  if (lineInsertBefore !== null) {
    if (lineInsertBefore <= r0) return { kind: 'shift', delta: newLines };
    if (lineInsertBefore >= r1) return { kind: 'none' };
    if (region.streaming) return { kind: 'broken', reason: 'lines were inserted inside a streaming proposal' };
    return { kind: 'insert', at: lineInsertBefore - r0, count: newLines };
  }

  const deleted = lineDeletion(s, e, change.text, before);
  if (deleted !== null) {
    const [from, to] = deleted;
    if (to <= r0) return { kind: 'shift', delta: from - to };
    const inFrom = Math.max(from, r0);
    const inTo = Math.min(to, r1);
    for (let line = inFrom; line < inTo; line++) {
      if (region.kinds[line - r0] !== 'context') return { kind: 'broken', reason: `a ${region.kinds[line - r0]} line was deleted` };
    }
    if (from < r0) return { kind: 'broken', reason: 'a deletion crossed the start of the proposal' };
    if (region.streaming) return { kind: 'broken', reason: 'lines were deleted inside a streaming proposal' };
    return { kind: 'delete', at: inFrom - r0, count: inTo - inFrom };
  }

  for (let line = Math.max(s.line, r0); line <= Math.min(e.line, r1 - 1); line++) {
    if (region.kinds[line - r0] !== 'context') return { kind: 'broken', reason: `a ${region.kinds[line - r0]} line was joined or split` };
  }
  return { kind: 'broken', reason: 'the lines around the proposal were joined or split' };
}

/** Whole lines inserted before the returned line, or null if the change is not a pure line insertion. */
function lineInsertion(s: Range['start'], e: Range['end'], text: string, before: TextBuffer): number | null {
  if (s.line !== e.line || s.character !== e.character || text === '') return null;
  if (s.character === 0 && text.endsWith('\n')) return s.line;
  if (s.character === before.lineAt(s.line).length && text.startsWith('\n')) return s.line + 1;
  return null;
}

/** Whole lines [from, to) deleted, or null if the change is not a pure line deletion. */
function lineDeletion(s: Range['start'], e: Range['end'], text: string, before: TextBuffer): [number, number] | null {
  if (text !== '' || e.line === s.line) return null;
  if (s.character === 0 && e.character === 0) return [s.line, e.line];
  if (s.character === before.lineAt(s.line).length && e.character === before.lineAt(e.line).length) return [s.line + 1, e.line + 1];
  return null;
}

function countNewlines(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}
