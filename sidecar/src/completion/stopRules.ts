/**
 * The stop rules CompletionStream applies to each complete line of a reply. Pure: the verdict for a
 * line depends only on the hole it fills and what was kept before it.
 */
import { CODE, lexiconFor, scanLine, type BracketContext, type BracketEvent, type ScanState } from './brackets.js';
import { isOffside, offsideBlock, textKind } from './languages.js';
import { openedBlock, type HoleShape } from './multiline.js';
import type { StreamEnd } from './outcome.js';
import { trimRepeatedSuffix } from './suffixOverlap.js';

export interface Hole extends HoleShape {
  languageId: string;
  /** Text of the cursor line before and after the cursor. */
  lineBefore: string;
  lineAfter: string;
  /** Everything after the cursor that the prompt showed the model. */
  suffix: string;
  /** How the brackets open at the cursor are closed in the document. */
  brackets: BracketContext;
  maxLines: number;
}

export interface LineState {
  /** Lines kept so far. */
  kept: number;
  /** Brackets the completion opened and has not closed. */
  own: number;
  /** Brackets opened on the cursor line before the cursor and not closed yet. */
  inherited: number;
  /** Closers the file lacks that the completion may still supply. */
  lacking: number;
  /** Lines indented less than this have left the block the completion is in. */
  indent: number;
  /** An indentation-scoped block the cursor line opened: lines back at its indentation end it. */
  offside: { indent: number; continues(line: string): boolean } | null;
  /** Still inside the doc comment or code fence the cursor line opened. */
  inDelimited: boolean;
  /** A non-blank line after the cursor line was kept. */
  content: boolean;
  scan: ScanState;
  /**
   * A one-line hole grown into several lines (see HoleShape.opensBlock, listItem): the shape its
   * later lines are judged by.
   */
  grown: HoleShape | null;
  /** The completion opened a bracketed block: it ends with the line that closes it. */
  endsWithBlock: boolean;
  /** The one line kept may be a header whose `{` comes on the next line (Allman style). */
  awaitingBrace: boolean;
}

export interface Verdict {
  /** The line as kept (leading whitespace or a repeated suffix may be trimmed), or null. */
  line: string | null;
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
  return {
    kept: 0,
    own: 0,
    inherited: hole.brackets.inherited,
    lacking: hole.brackets.lacking,
    indent: indentWidth(hole.lineBefore),
    offside: null,
    inDelimited: hole.closer !== undefined,
    content: false,
    scan: CODE,
    grown: null,
    endsWithBlock: false,
    awaitingBrace: false,
  };
}

/** The cursor already follows whitespace: a reply that starts with more would double it (`return  this;`). */
export function withoutDoubledSpace(lineBefore: string, line: string): string {
  return /[ \t]$/.test(lineBefore) ? line.replace(/^[ \t]+/, '') : line;
}

type Judged = { state: LineState; verdict: Verdict };

/**
 * Judges one line of the reply. `terminated` says whether a newline followed it (in single-line
 * mode that newline ends the completion).
 */
export function judgeLine(shape: Hole, state: LineState, raw: string, terminated: boolean): Judged {
  const hole = state.grown ? { ...shape, ...state.grown } : shape;
  const first = state.kept === 0;
  const line = first ? withoutDoubledSpace(hole.lineBefore, raw) : raw;
  const blank = line.trim() === '';
  // Compared with its indentation: a `}` closing the completion's own block is not the suffix's `}`.
  const caughtUp = !blank && (first ? hole.lineBefore + line : line).trimEnd() === firstNonBlankLine(hole.suffix)?.trimEnd();
  const stop = (end: StreamEnd, discardAll = false): Judged => ({ state, verdict: { line: null, end, discardAll } });

  // A reply opening with a line break where code follows the cursor would tear that line apart.
  if (first && blank && hole.lineAfter.trim() !== '') return stop('misread hole', true);
  if (!hole.multiline) return judgeSingleLine(hole, state, line, terminated, caughtUp);
  if (caughtUp) return stop('caught up with suffix');
  if (state.inDelimited) return judgeDelimitedLine(hole, state, line, first);

  const indent = indentWidth(line);
  if (!first && hole.headingSection && endsSection(hole.lineBefore, line)) return stop('dedent');
  // The blank line between a heading and its body is layout.
  const beforeSectionBody = hole.headingSection === true && !state.content;
  if (!first && blank && state.own === 0 && !beforeSectionBody) return stop('blank line');
  const scanned = scanLine(line, state.scan, lexiconFor(hole.languageId));
  const dedented = !first && !blank && indent < state.indent;
  // A closer at lower indentation that closes the cursor's block is the answer when the file lacks it.
  if (dedented && !closesLackingFirst(line, scanned.events[0], state)) return stop('dedent');
  if (!first && !blank && leavesOffsideBlock(state.offside, line, indent)) return stop('dedent');

  const brackets = closeBrackets(state, scanned.events);
  if (!brackets) return stop('outer bracket');
  const { closedLacking, ...counts } = brackets;
  // The block the completion opened on its one line is complete: so is the completion.
  if (state.endsWithBlock && state.own > 0 && counts.own === 0) return { state: { ...state, ...counts, kept: state.kept + 1 }, verdict: { line, end: 'block closed' } };
  const next: LineState = {
    ...state,
    ...counts,
    kept: state.kept + 1,
    indent: dedented ? indent : state.indent,
    offside: first ? openedOffsideBlock(hole, line) : state.offside,
    content: state.content || (!first && !blank),
    scan: scanned.state,
  };
  // Once it has closed the last block the file lacks, the completion is outside the cursor's block.
  const end = closedLacking && next.lacking === 0 ? 'block closed' : next.kept >= hole.maxLines ? 'max lines' : undefined;
  return { state: next, verdict: { line, end } };
}

/**
 * The bracket counts after a line's events: a closer closes the completion's own bracket first,
 * then one opened on the cursor line, then one the file lacks. Null when it closes anything else.
 */
function closeBrackets(state: LineState, events: readonly BracketEvent[]): { own: number; inherited: number; lacking: number; closedLacking: boolean } | null {
  let { own, inherited, lacking } = state;
  let closedLacking = false;
  for (const event of events) {
    if (event === 'open') own++;
    else if (own > 0) own--;
    else if (inherited > 0) inherited--;
    else if (lacking > 0) {
      lacking--;
      closedLacking = true;
    } else return null;
  }
  return { own, inherited, lacking, closedLacking };
}

/** A Markdown heading of the same or a higher level than the cursor's ends its section. */
function endsSection(heading: string, line: string): boolean {
  const level = /^#*/.exec(heading)![0].length;
  const next = /^(#+)\s/.exec(line);
  return next !== null && next[1].length <= level;
}

function closesLackingFirst(line: string, firstEvent: BracketEvent | undefined, state: LineState): boolean {
  return firstEvent === 'close' && /^\s*[)\]}]/.test(line) && state.own === 0 && state.inherited === 0 && state.lacking > 0;
}

/** A line back at (or left of) the indentation of the block the cursor line opened, and not a continuation of it. */
function leavesOffsideBlock(block: LineState['offside'], line: string, indent: number): boolean {
  if (!block || indent > block.indent) return false;
  return !(indent === block.indent && block.continues(line));
}

/**
 * The indentation-scoped block the cursor line opens with the completion's first line. A blank
 * cursor line opens none: a header the completion writes there is a statement of the cursor's
 * block, and the lines after its body, back at its indentation, are still in that block.
 */
function openedOffsideBlock(hole: Hole, firstLine: string): LineState['offside'] {
  if (!isOffside(hole.languageId) || hole.lineBefore.trim() === '') return null;
  const block = offsideBlock(hole.languageId, hole.lineBefore + firstLine);
  return block && { indent: indentWidth(hole.lineBefore), continues: block.continues };
}

/** Inside a doc comment or a code fence: blank lines and brackets mean nothing; the line with its closer ends it. */
function judgeDelimitedLine(hole: Hole, state: LineState, line: string, first: boolean): Judged {
  if (!first && line.trim() !== '' && indentWidth(line) < state.indent) return { state, verdict: { line: null, end: 'dedent' } };
  const closed = line.includes(hole.closer!);
  const next = { ...state, kept: state.kept + 1, inDelimited: !closed };
  return { state: next, verdict: { line, end: closed ? 'closing delimiter' : next.kept >= hole.maxLines ? 'max lines' : undefined } };
}

/**
 * One line: the rest of the cursor line, trimmed of what repeats the text right of the cursor; or,
 * when the reply starts with a line break and nothing follows the cursor, the next line — unless it
 * is blank, already there, a copy of the cursor line, or closes a bracket that the suffix closes.
 * That line may grow into more (`answer`).
 */
function judgeSingleLine(hole: Hole, state: LineState, line: string, terminated: boolean, caughtUp: boolean): Judged {
  const lexicon = lexiconFor(hole.languageId);
  const kept = { ...state, kept: state.kept + 1 };
  const discard = (end: StreamEnd): Judged => ({ state, verdict: { line: null, end, discardAll: true } });
  if (state.awaitingBrace) return line.trim() === '{' ? answer(hole, { ...state, awaitingBrace: false }, line, terminated, false) : { state, verdict: { line: null, end: 'end of line' } };
  if (state.kept === 0) {
    if (line.trim() === '') return { state: kept, verdict: { line: '' } };
    if (hole.lineAfter.trim() !== '') return { state: kept, verdict: { line: trimRepeatedSuffix(hole.lineBefore, line, hole.lineAfter, lexicon), end: terminated ? 'end of line' : undefined } };
    return caughtUp ? discard('caught up with suffix') : answer(hole, state, line, terminated, true);
  }
  if (line.trim() === '') return discard('blank line');
  if (caughtUp) return discard('caught up with suffix');
  if (line.trimEnd() === (hole.lineBefore + hole.lineAfter).trimEnd()) return discard('repeated line');
  if (!closeBrackets(state, scanLine(line, CODE, lexicon).events)) return discard('outer bracket');
  return answer(hole, state, line, terminated, false);
}

/**
 * The one line of a one-line hole, kept: the end of the completion, unless it grows. A line that
 * opens a block (on the cursor line, or the next line after a leading line break) goes on to the
 * block's end; after a finished item of a list, the next line at the item's indentation goes on
 * with its siblings; a line that may be a header waits for an Allman `{` on the next line.
 */
function answer(hole: Hole, state: LineState, line: string, terminated: boolean, onCursorLine: boolean): Judged {
  const scanned = scanLine(line, state.scan, lexiconFor(hole.languageId));
  const brackets = closeBrackets(state, scanned.events);
  // A line that closes what it did not open grows into nothing.
  if (!terminated || !brackets) return { state: { ...state, kept: state.kept + 1 }, verdict: { line, end: terminated ? 'end of line' : undefined } };
  const { own, inherited, lacking } = brackets;
  const kept: LineState = { ...state, own, inherited, lacking, kept: state.kept + 1, scan: scanned.state };
  const written = onCursorLine ? hole.lineBefore + line : line;
  const indent = indentWidth(written);
  const block = hole.opensBlock ? openedBlock(hole.languageId, written, own) : null;
  if (block) {
    const offside = isOffside(hole.languageId) ? offsideBlock(hole.languageId, written) : null;
    const opened: LineState = { ...kept, grown: block, indent, offside: offside && { indent, continues: offside.continues }, endsWithBlock: own > 0 };
    return { state: opened, verdict: { line } };
  }
  // Siblings follow a finished item (the reply starts with a line break), not the item being typed;
  // they end with the list: its closer stays the suffix's, or the file's to lack.
  if (hole.listItem && !onCursorLine && indent === indentWidth(hole.lineBefore)) {
    return { state: { ...kept, grown: { multiline: true }, indent, lacking: 0 }, verdict: { line } };
  }
  if (hole.opensBlock && !state.awaitingBrace && mayAwaitBrace(hole.languageId, written)) return { state: { ...kept, awaitingBrace: true }, verdict: { line } };
  return { state: kept, verdict: { line, end: 'end of line' } };
}

/** A header whose body brace may come on the next line: a parameter list closed at the end of the line (a return type may follow). */
function mayAwaitBrace(languageId: string, line: string): boolean {
  return textKind(languageId) === 'code' && !isOffside(languageId) && /\)[^;,{}()=]*$/.test(line.trimEnd());
}
