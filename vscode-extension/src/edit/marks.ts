/**
 * What the extension paints and offers for the sessions of one document, as pure functions of the
 * marks the sidecar sent: line and word decorations, whitespace-only labels, CodeLens placement,
 * the text that restores a proposal after a save, and where a mark moved after an edit the sidecar
 * has not answered yet.
 */
import type { DiffLineKind, Hunk, TextEdit, WhitespaceOnly, WordSpan } from '@redline/shared-protocol';
import type { SessionMarks } from '@redline/client/src/renderedDocument.js';

/** Everything painted in a document, merged over its sessions. Lines are document lines. */
export interface DocumentPaint {
  removedLines: number[];
  addedLines: number[];
  /** Original lines a streaming reply has not reached yet: neither kept nor removed, shown dimmed. */
  unreachedLines: number[];
  removedWords: WordSpan[];
  addedWords: WordSpan[];
  streamingLines: number[];
  /** After each added line whose pair differs from it only in whitespace: what differs. */
  whitespaceLabels: Array<{ line: number; text: string }>;
}

export const WHITESPACE_LABEL: Record<WhitespaceOnly, string> = { indentation: 'indentation only', whitespace: 'whitespace only' };

export function documentPaint(sessions: Iterable<SessionMarks>): DocumentPaint {
  const paint: DocumentPaint = { removedLines: [], addedLines: [], unreachedLines: [], removedWords: [], addedWords: [], streamingLines: [], whitespaceLabels: [] };
  for (const { decorations } of sessions) {
    for (const run of decorations.runs) {
      const lines = run.kind === 'removed' ? paint.removedLines : run.kind === 'added' ? paint.addedLines : paint.unreachedLines;
      for (let line = run.start; line < run.start + run.count; line++) lines.push(line);
    }
    for (const word of decorations.words) (word.kind === 'removed' ? paint.removedWords : paint.addedWords).push(word);
    if (decorations.streamingLine !== null) paint.streamingLines.push(decorations.streamingLine);
    // The label goes on the added line only: its removed pair stands next to it.
    for (const mark of decorations.whitespace) if (mark.kind === 'added') paint.whitespaceLabels.push({ line: mark.line, text: WHITESPACE_LABEL[mark.change] });
  }
  return paint;
}

export type SettleCommand = 'redline.acceptAll' | 'redline.rejectAll' | 'redline.acceptHunk' | 'redline.rejectHunk';

/** One CodeLens: shown above `line`, running `command` with the session and, for one hunk, its line. */
export interface LensSpec {
  line: number;
  title: string;
  command: SettleCommand;
  arguments: [sessionId: string, line?: number];
}

/**
 * The whole proposal's verdicts on a row of their own, above the hunks: Accept all / Reject all
 * above the line before the first hunk when there are several hunks (a CodeLens row is per line, so
 * the first hunk keeps its own row below it), above the hunk itself when it is the only one. When the
 * first hunk starts on the document's first line there is no line above it: the whole proposal's row
 * goes below the proposal instead, above the line after its last hunk (if the document has one).
 * Each hunk's Accept hunk / Reject hunk above it when there are several. None while streaming: the
 * sidecar refuses verdicts then, and buttons that move with the stream cannot be aimed at.
 */
export function lensesFor(sessionId: string, hunks: readonly Hunk[], pending: boolean, lineCount = Number.MAX_SAFE_INTEGER): LensSpec[] {
  if (!pending || hunks.length === 0) return [];
  const first = Math.min(...hunks.map((h) => h.start));
  const after = Math.max(...hunks.map((h) => h.end));
  const line = hunks.length === 1 ? first : first > 0 ? first - 1 : after < lineCount ? after : first;
  const lenses: LensSpec[] = [
    { line, title: 'Accept all', command: 'redline.acceptAll', arguments: [sessionId] },
    { line, title: 'Reject all', command: 'redline.rejectAll', arguments: [sessionId] },
  ];
  if (hunks.length > 1) {
    for (const hunk of [...hunks].sort((a, b) => a.start - b.start)) {
      lenses.push(
        { line: hunk.start, title: 'Accept hunk', command: 'redline.acceptHunk', arguments: [sessionId, hunk.start] },
        { line: hunk.start, title: 'Reject hunk', command: 'redline.rejectHunk', arguments: [sessionId, hunk.start] },
      );
    }
  }
  return lenses;
}

/** The hunk of `hunks` containing `line`, if any. */
export function hunkAt(hunks: readonly Hunk[], line: number): Hunk | undefined {
  return hunks.find((h) => line >= h.start && line < h.end);
}

/**
 * A pending proposal taken out for a save and shown again after it: after "reject all" the lines
 * [startLine, endLine) hold the baseline, and `snippet` (the proposed side of the same lines) shown
 * over them brings the same hunks back. One context line next to the hunks is included when there
 * is one, so the selection is never empty (an empty one would make the sidecar search for the code).
 */
export interface SetAside {
  startLine: number;
  endLine: number;
  snippet: string;
}

export function setAsidePlan(marks: SessionMarks, lineText: (line: number) => string, lineCount: number): SetAside | null {
  const { hunks } = marks;
  if (hunks.length === 0) return null;
  let from = Math.min(...hunks.map((h) => h.start));
  let to = Math.max(...hunks.map((h) => h.end));
  if (from > 0) from--;
  else if (to < lineCount) to++;
  // Each line's kind from the runs: after a stream the added lines may stand above the removed ones.
  const kind = new Map<number, DiffLineKind>();
  for (const run of marks.decorations.runs) for (let line = run.start; line < run.start + run.count; line++) kind.set(line, run.kind);
  const proposed: string[] = [];
  let baselineCount = 0;
  for (let line = from; line < to; line++) {
    if (kind.get(line) !== 'added') baselineCount++;
    if (kind.get(line) !== 'removed') proposed.push(lineText(line));
  }
  return { startLine: from, endLine: from + baselineCount, snippet: proposed.join('\n') };
}

/**
 * What a save does with one session of the document: `reject` a pending proposal or `cancel` the
 * session (both put the baseline back), and the proposal to show again after the save, if any.
 * A session that shows a set-aside proposal again (`shownAgain`: the plan it came from) holds a
 * complete proposal from its first render on, though the sidecar says `done` only a round trip
 * later: a second save in between (auto-save on focus change saves on the editor's blur, then again
 * on the editor change) sets it aside too. Only a stream cut short is lost (`stopped`).
 */
export interface SaveStep {
  request: 'redline/inlineEdit/reject' | 'redline/inlineEdit/cancel';
  plan: SetAside | null;
  stopped: boolean;
}

export function saveStep(session: { pending: boolean; marks: SessionMarks }, shownAgain: SetAside | undefined, lineText: (line: number) => string, lineCount: number): SaveStep {
  const plan = () => setAsidePlan(session.marks, lineText, lineCount);
  if (session.pending) return { request: 'redline/inlineEdit/reject', plan: plan(), stopped: false };
  // The sidecar refuses verdicts until `done`; cancelling puts the same baseline back.
  // Before its render the document holds the baseline where the plan says.
  if (shownAgain) return { request: 'redline/inlineEdit/cancel', plan: session.marks.hunks.length > 0 ? plan() : shownAgain, stopped: false };
  return { request: 'redline/inlineEdit/cancel', plan: null, stopped: true };
}

/** One change of a document as VS Code reports it: the replaced range's lines and the new text. */
export interface LineChange {
  startLine: number;
  endLine: number;
  text: string;
}

/**
 * Where `line` is after `change`: moved by the lines the change added or removed above it, the same
 * when the change stayed within it, null when the change replaced it (it can no longer be named).
 */
export function shiftLine(line: number, change: LineChange): number | null {
  const inserted = change.text.split(/\r\n|\r|\n/).length - 1;
  if (line < change.startLine) return line;
  if (line > change.endLine) return line + inserted - (change.endLine - change.startLine);
  return change.startLine === change.endLine && inserted === 0 ? line : null;
}

/**
 * Edits deleting whole `lines` (in document order, non-overlapping): a line with its line break; the
 * last line of the document with the break before it.
 */
export function lineDeletions(lines: readonly number[], lineCount: number, lineLength: (line: number) => number): TextEdit[] {
  const unique = [...new Set(lines)].filter((l) => l >= 0 && l < lineCount).sort((a, b) => a - b);
  const edits: TextEdit[] = [];
  let i = 0;
  while (i < unique.length) {
    let j = i;
    while (j + 1 < unique.length && unique[j + 1] === unique[j] + 1) j++;
    const first = unique[i];
    const last = unique[j];
    const range =
      last + 1 < lineCount
        ? { start: { line: first, character: 0 }, end: { line: last + 1, character: 0 } }
        : first > 0
          ? { start: { line: first - 1, character: lineLength(first - 1) }, end: { line: last, character: lineLength(last) } }
          : { start: { line: 0, character: 0 }, end: { line: last, character: lineLength(last) } };
    edits.push({ range, newText: '' });
    i = j + 1;
  }
  return edits;
}

/** The one replacement turning `before` into `after`: [start, end) of `before` becomes `text` (common prefix and suffix kept). */
export function minimalEdit(before: string, after: string): { start: number; end: number; text: string } {
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let tail = 0;
  while (tail < max - start && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  return { start, end: before.length - tail, text: after.slice(start, after.length - tail) };
}
