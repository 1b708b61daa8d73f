/**
 * The editor's formatter ran over a whole would-be copy of the document; only the lines the
 * proposal changed may take its text: the user's own lines stay as they are, even where the
 * formatter would have changed them.
 *
 * The copy and the formatted text are aligned by a line diff on the lines without their whitespace,
 * so a re-indented or re-spaced line pairs with the line it was. A paired line takes the formatter's
 * text when the proposal changed it. Where the formatter rewrote more than whitespace (a line split
 * or joined, a semicolon added), its lines are taken only when every line it replaces is the
 * proposal's; a stretch that touches a user's line is kept as the proposal wrote it.
 */
import { lineDiff } from './diff.js';

export interface FormattedLines {
  /** The copy's lines, the changed ones as the formatter left them. */
  lines: string[];
  /** The copy's changed rows (indexes into `lines`): the proposal's lines, formatted or not. */
  changed: Set<number>;
  /** How many of the proposal's lines the formatter's text replaced. */
  taken: number;
}

const key = (line: string) => line.replace(/\s+/g, '');

/** `copy` with the formatter's `formatted` text taken for the rows in `changed` only. */
export function takeFormatted(copy: readonly string[], changed: ReadonlySet<number>, formatted: readonly string[]): FormattedLines {
  const lines: string[] = [];
  const rows = new Set<number>();
  let taken = 0;
  const keep = (i: number) => {
    if (changed.has(i)) rows.add(lines.length);
    lines.push(copy[i]);
  };
  const take = (text: string, was: string | undefined) => {
    rows.add(lines.length);
    lines.push(text);
    if (text !== was) taken++;
  };
  let a = 0;
  let b = 0;
  const pairUp = (aEnd: number) => {
    for (; a < aEnd; a++, b++) {
      if (changed.has(a)) take(formatted[b], copy[a]);
      else keep(a);
    }
  };
  for (const h of lineDiff(copy.map(key), formatted.map(key))) {
    pairUp(h.aStart);
    const ours = (i: number) => changed.has(i);
    const replaced = Array.from({ length: h.aEnd - h.aStart }, (_, k) => h.aStart + k);
    // An insertion belongs to the proposal when it falls between two of the proposal's lines.
    const proposals = replaced.length > 0 ? replaced.every(ours) : ours(h.aStart - 1) && ours(h.aStart);
    if (proposals) {
      const before = copy.slice(h.aStart, h.aEnd);
      for (const text of formatted.slice(h.bStart, h.bEnd)) take(text, before.shift());
      // Lines the formatter removed from the proposal count as taken too.
      taken += before.length;
    } else if (h.aEnd - h.aStart === h.bEnd - h.bStart) {
      // Line for line: the proposal's lines take their counterpart, the user's stay.
      pairUp(h.aEnd);
    } else {
      for (const i of replaced) keep(i);
    }
    a = h.aEnd;
    b = h.bEnd;
  }
  pairUp(copy.length);
  return { lines, changed: rows, taken };
}
