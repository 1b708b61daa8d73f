/**
 * The inline-edit vocabulary for lines and changed words, used by the diff layout, word pairing and
 * the region alike. The protocol's shapes (DiffLineRun, WordSpan with absolute lines and a kind)
 * are made from these in one place: `Region.decorations`.
 */
import type { DiffLineKind } from '@redline/shared-protocol';

/** A line of a layout or region: unchanged context, or the removed or added side of a hunk. */
export type LineKind = 'context' | DiffLineKind;

/** Changed characters [start, end) within one line, in UTF-16 code units. */
export interface CharSpan {
  start: number;
  end: number;
}

/** A changed word: `line` indexes the list of lines the span belongs to (a hunk side, a layout). */
export interface WordSpan extends CharSpan {
  line: number;
}
