/**
 * The inline-edit vocabulary for lines and changed words, used by the diff layout, word pairing and
 * the region alike. The protocol's shapes (DiffLineRun, WordSpan with absolute lines and a kind)
 * are made from these in one place: `Region.decorations`.
 */
import type { DiffLineKind, WhitespaceOnly } from '@redline/shared-protocol';

export type { WhitespaceOnly };

/**
 * A line of a layout or region: unchanged context, the removed or added side of a hunk, or (while
 * a reply streams) an original line the stream has not reached yet.
 */
export type LineKind = 'context' | DiffLineKind;

/** Lines that rejecting everything keeps: the original's. Unreached lines are original lines. */
export const onBaseline = (kind: LineKind): boolean => kind !== 'added';

/** Lines that accepting everything keeps: the proposal's. */
export const onProposal = (kind: LineKind): boolean => kind === 'context' || kind === 'added';

/** Changed characters [start, end) within one line, in UTF-16 code units. */
export interface CharSpan {
  start: number;
  end: number;
}

/** A changed word: `line` indexes the list of lines the span belongs to (a hunk side, a layout). */
export interface WordSpan extends CharSpan {
  line: number;
}
