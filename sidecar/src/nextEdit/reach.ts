/**
 * Where a next-edit request looks. The model sees a window of lines around one line, so a request
 * made where nothing is left to change gets nothing back: after an accepted hunk the request looks
 * around that hunk (where the caret goes with Tab), and when the user's latest edit renamed an
 * identifier whose old name is still used in the same function but nowhere in that window, it looks
 * around the nearest of those uses instead — the uses the suggestion exists for, found even when
 * they lie past the first window. Pure: the edit, the uses and the window in, a line out.
 */
import type { Position } from '@redline/shared-protocol';
import type { EditRecord } from '../context/recentEdits.js';

export interface Rename {
  from: string;
  to: string;
  /** Where the new name stands now. */
  at: Position;
}

const WORD = /[\p{L}\p{N}_$]/u;
const IDENTIFIER = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;

/** The identifier an edit renamed: one line, the same before and after but for one whole word. */
export function renameOf(record: Pick<EditRecord, 'start' | 'before' | 'after'>): Rename | null {
  if (record.before.length !== 1 || record.after.length !== 1) return null;
  const [before, after] = [record.before[0], record.after[0]];
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  // Widen the difference to whole words on both sides (`countA` → `countB` renames the word, not its letter).
  while (head > 0 && WORD.test(before[head - 1])) head--;
  while (tail > 0 && WORD.test(before[before.length - tail])) tail--;
  const from = before.slice(head, before.length - tail);
  const to = after.slice(head, after.length - tail);
  if (from === to || !IDENTIFIER.test(from) || !IDENTIFIER.test(to)) return null;
  return { from, to, at: { line: record.start, character: head } };
}

/**
 * The line the request's window is made around: `around` (the caret, or the end of the hunk just
 * accepted), unless the old name's `uses` lie outside the lines the window lets the model change
 * there — then the nearest use (below on a tie).
 */
export function reachLine(around: number, uses: readonly number[], editable: (line: number) => { start: number; end: number }): number {
  if (uses.length === 0) return around;
  const window = editable(around);
  if (uses.some((line) => line >= window.start && line < window.end)) return around;
  return [...uses].sort((a, b) => Math.abs(a - around) - Math.abs(b - around) || b - a)[0];
}
