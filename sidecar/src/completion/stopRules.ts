/**
 * The stop rules CompletionStream applies to each complete line of a reply. Pure: the verdict for a
 * line depends only on the hole it fills and what was kept before it.
 */
import { scanLine, unmatchedOpens, type ScanState } from './brackets.js';
import type { StreamEnd } from './outcome.js';

export interface Hole {
  multiline: boolean;
  /** Text of the cursor line before and after the cursor. */
  lineBefore: string;
  lineAfter: string;
  /** Everything after the cursor that the prompt showed the model. */
  suffix: string;
  maxLines: number;
}

export interface LineState {
  /** Lines kept so far. */
  kept: number;
  /** Brackets the completion opened and has not closed. */
  own: number;
  /** Brackets opened on the cursor line before the cursor and not closed yet. */
  inherited: number;
  scan: ScanState;
}

export interface Verdict {
  keep: boolean;
  /** Set when this line ends the completion. */
  end?: StreamEnd;
  /** The whole completion is thrown away, not only this line. */
  discardAll?: boolean;
}

export function indentWidth(line: string): number {
  let width = 0;
  for (const ch of line) {
    if (ch === ' ') width += 1;
    else if (ch === '\t') width += 4;
    else break;
  }
  return width;
}

export function firstNonBlankLine(text: string): string | undefined {
  return text.split('\n').find((line) => line.trim() !== '');
}

export function initialLineState(hole: Hole): LineState {
  return { kept: 0, own: 0, inherited: unmatchedOpens(hole.lineBefore), scan: { quote: null } };
}

/**
 * Judges one line of the reply. `terminated` says whether a newline followed it (in single-line
 * mode that newline ends the completion).
 */
export function judgeLine(hole: Hole, state: LineState, line: string, terminated: boolean): { state: LineState; verdict: Verdict } {
  const first = state.kept === 0;
  const blank = line.trim() === '';
  const stop = (end: StreamEnd, discardAll = false) => ({ state, verdict: { keep: false, end, discardAll } });

  // A reply opening with a line break where code follows the cursor would tear that line apart.
  if (first && blank && hole.lineAfter.trim() !== '') return stop('misread hole', true);
  if (!hole.multiline) {
    const next = { ...state, kept: state.kept + 1 };
    return { state: next, verdict: { keep: true, end: terminated ? 'end of line' : undefined } };
  }

  // Compared with its indentation: a `}` closing the completion's own block is not the suffix's `}`.
  const fullLine = first ? hole.lineBefore + line : line;
  if (!blank && fullLine.trimEnd() === firstNonBlankLine(hole.suffix)?.trimEnd()) return stop('caught up with suffix');
  if (!first && blank && state.own === 0) return stop('blank line');
  if (!first && !blank && indentWidth(line) < indentWidth(hole.lineBefore)) return stop('dedent');

  const scanned = scanLine(line, state.scan);
  let { own, inherited } = state;
  for (const event of scanned.events) {
    if (event === 'open') own++;
    else if (own > 0) own--;
    else if (inherited > 0) inherited--;
    else return stop('outer bracket');
  }
  const next: LineState = { kept: state.kept + 1, own, inherited, scan: scanned.state };
  return { state: next, verdict: { keep: true, end: next.kept >= hole.maxLines ? 'max lines' : undefined } };
}
