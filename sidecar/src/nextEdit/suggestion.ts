/**
 * From a model's rewritten window to what the user is shown: the minimal line hunks between the
 * window as it is now and as rewritten (the inline edit's line diff), nearest to the cursor first;
 * an insertion at the caret alone, which the inline-completion path shows as ghost text; or
 * nothing — a reply equal to the window, one that empties a window with code in it, one far
 * larger than the window (a model or server that ran on), or one that changes only the line the
 * user is typing (the completion's business, and a red/green pair under the caret would fight the
 * typing).
 */
import type { Position } from '@redline/shared-protocol';
import { lineDiff } from '../edit/diff.js';

/** Document lines [start, end) replaced by `lines`. */
export interface LineHunk {
  start: number;
  end: number;
  lines: string[];
}

export type NoSuggestion = 'echo' | 'emptied' | 'oversized' | 'typing line' | 'malformed';

/** New lines a rewrite may bring beyond twice its window (a new block or function body); more is no next edit. */
export const MAX_ADDED_LINES = 30;
/** Characters counted for each of those lines. */
const ADDED_LINE_CHARS = 80;

export type Judgement = { kind: 'none'; reason: NoSuggestion } | { kind: 'ghost'; text: string } | { kind: 'hunks'; hunks: LineHunk[] };

/** The line hunks from `now` (document lines from `start`) to `next`, top to bottom. */
export function lineHunks(now: readonly string[], next: readonly string[], start: number): LineHunk[] {
  return lineDiff(now, next).map((h) => ({ start: start + h.aStart, end: start + h.aEnd, lines: next.slice(h.bStart, h.bEnd) }));
}

/** `now`: the window's lines (document lines from `start`); `next`: the model's rewrite of them. */
export function judge(now: readonly string[], next: readonly string[], start: number, cursor: Position): Judgement {
  const hunks = lineHunks(now, next, start);
  if (hunks.length === 0) return { kind: 'none', reason: 'echo' };
  if (next.every((line) => line.trim() === '') && now.some((line) => line.trim() !== '')) return { kind: 'none', reason: 'emptied' };
  if (oversized(now, next)) return { kind: 'none', reason: 'oversized' };
  const inserted = caretInsertion(now, next, cursor.line - start, cursor.character);
  if (inserted !== null) return { kind: 'ghost', text: inserted };
  if (hunks.length === 1 && hunks[0].start === cursor.line && hunks[0].end === cursor.line + 1 && hunks[0].lines.length === 1) return { kind: 'none', reason: 'typing line' };
  return { kind: 'hunks', hunks: nearestFirst(hunks, cursor.line) };
}

/** Whether a rewrite is far larger than the window it rewrites: more than twice its lines or characters, and MAX_ADDED_LINES more. */
export function oversized(now: readonly string[], next: readonly string[]): boolean {
  const chars = (lines: readonly string[]) => lines.reduce((sum, line) => sum + line.length + 1, 0);
  return next.length > 2 * now.length + MAX_ADDED_LINES || chars(next) > 2 * chars(now) + MAX_ADDED_LINES * ADDED_LINE_CHARS;
}

/** The text `next` inserts at the caret when that is all it changes, else null. */
export function caretInsertion(now: readonly string[], next: readonly string[], row: number, character: number): string | null {
  if (row < 0 || row >= now.length) return null;
  const text = now.join('\n');
  const rewritten = next.join('\n');
  const added = rewritten.length - text.length;
  if (added <= 0) return null;
  const caret = now.slice(0, row).reduce((sum, line) => sum + line.length + 1, 0) + Math.min(character, now[row].length);
  const before = text.slice(0, caret);
  const after = text.slice(caret);
  if (!rewritten.startsWith(before) || !rewritten.endsWith(after)) return null;
  return rewritten.slice(caret, caret + added);
}

/**
 * Where the caret goes once `hunk` is accepted, as the peers' Tab leaves it: where its new text
 * ends — after the last character that differs from the lines it replaces (`old`), on the hunk's
 * last new line; at the hunk's first line for a hunk that only takes lines out. Document
 * coordinates after the accept (the lines above the hunk do not move).
 */
export function caretAfterAccept(hunk: LineHunk, old: readonly string[]): Position {
  if (hunk.lines.length === 0) return { line: hunk.start, character: 0 };
  const before = old.join('\n');
  const after = hunk.lines.join('\n');
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < before.length - prefix && suffix < after.length - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  // A change that ends on an earlier line than the last still leaves the caret at the end of what changed.
  const end = after.length - suffix;
  const lines = after.slice(0, end).split('\n');
  return { line: hunk.start + lines.length - 1, character: lines[lines.length - 1].length };
}

/** Lines between the cursor line and a hunk (0 when it covers the line); a hunk below wins a tie. */
export function distance(hunk: Pick<LineHunk, 'start' | 'end'>, line: number): number {
  if (hunk.start > line) return hunk.start - line;
  const last = Math.max(hunk.start, hunk.end - 1);
  return line > last ? line - last : 0;
}

export function nearestFirst<H extends Pick<LineHunk, 'start' | 'end'>>(hunks: readonly H[], line: number): H[] {
  return [...hunks].sort((a, b) => distance(a, line) - distance(b, line) || b.start - a.start);
}
