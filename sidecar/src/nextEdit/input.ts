/**
 * The input of a next-edit prompt, from the document and the user's recent edits: the family's
 * window around the cursor, the last edits as the prompts show them (oldest first, at most the
 * family's number, each with the family's context lines around its change, read from the document
 * as it is now), the editable lines as they were before the latest edit in this document, the
 * definitions of the names around the cursor, and the file itself for a family that reads it.
 */
import type { Position } from '@redline/shared-protocol';
import { changedLines, type EditRecord } from '../context/recentEdits.js';
import type { NextEditFormat, NextEditInput, PromptEdit, PromptSnippet } from './format.js';
import { lineWindow, syntaxWindow, type SyntaxSpan, type Window, type WindowLines } from './window.js';

/** Changed lines shown per side of one edit (its context lines come on top). */
const MAX_DIFF_LINES = 8;
/** Definitions a prompt shows, and lines of each (Sweep's server cuts its retrieval chunks to 25 lines). */
export const MAX_DEFINITIONS = 3;
export const MAX_DEFINITION_LINES = 25;
/** Sweep's server (`get_lines_around_cursor`): files up to this many lines go whole, longer ones as a chunk. */
const WHOLE_FILE_LINES = 800;
const FILE_CHUNK_LINES = 300;

export interface DocumentLines {
  uri: string;
  lineCount: number;
  lines(from: number, to: number): string[];
}

/** The document's lines as a window reads them. */
export function windowLines(doc: DocumentLines): WindowLines {
  return {
    lineCount: doc.lineCount,
    lastLineEmpty: doc.lineCount > 1 && doc.lines(doc.lineCount - 1, doc.lineCount)[0] === '',
    line: (row) => doc.lines(row, row + 1)[0] ?? '',
  };
}

/** The family's window around the cursor; `nodes`: the syntax nodes around it, innermost first (for a syntax-shaped window). */
export function windowFor(format: Pick<NextEditFormat, 'window'>, doc: DocumentLines, cursor: Position, nodes: readonly SyntaxSpan[] = []): Window {
  const shape = format.window;
  const lines = windowLines(doc);
  if (shape.kind === 'lines') return lineWindow(shape, lines, cursor.line);
  return syntaxWindow(shape, lines, { row: cursor.line, column: cursor.character }, nodes, (row) => Buffer.byteLength(lines.line(row)));
}

export interface PromptSources {
  doc: DocumentLines;
  /** The document's whole text, read only for a family that shows the file. */
  text(): string;
  window: Window;
  cursor: Position;
  /** The user's recent edits, most recent first. */
  records: readonly EditRecord[];
  /** The lines of another open document, for an edit's context lines; undefined when it is not open. */
  documentOf(uri: string): DocumentLines | undefined;
  pathOf(uri: string): string;
  languageId: string;
  definitions: readonly PromptSnippet[];
}

export function promptInput(format: Pick<NextEditFormat, 'edits' | 'wholeFile'>, sources: PromptSources): NextEditInput {
  const { doc, window, cursor } = sources;
  const lines = doc.lines(window.first, window.end);
  const edits: PromptEdit[] = [];
  let latestHere: EditRecord | null = null;
  for (const record of sources.records) {
    if (edits.length >= format.edits.max) break;
    const lineSource = record.uri === doc.uri ? doc : sources.documentOf(record.uri);
    const edit = withContext(record, format.edits.context, lineSource);
    if (!edit) continue;
    if (record.uri === doc.uri) latestHere ??= record;
    edits.push({ path: sources.pathOf(record.uri), ...edit });
  }
  edits.reverse();
  const editable = lines.slice(window.editable.start - window.first, window.editable.end - window.first);
  return {
    path: sources.pathOf(doc.uri),
    languageId: sources.languageId,
    lines,
    first: window.first,
    editable: window.editable,
    cursor,
    edits,
    original: latestHere ? originalOf(editable, window.editable.start, latestHere) : editable,
    definitions: sources.definitions.slice(0, MAX_DEFINITIONS).map((d) => ({ path: d.path, text: d.text.split('\n').slice(0, MAX_DEFINITION_LINES).join('\n') })),
    file: format.wholeFile ? fileText(doc, sources.text, cursor.line) : null,
  };
}

/**
 * A record's change with `context` unchanged lines on each side, read from the document as it is
 * now (none when it is not open), and as a unified-diff hunk (1-based, current numbering); null
 * when the record undid itself.
 */
export function withContext(record: EditRecord, context: number, doc: DocumentLines | undefined): Omit<PromptEdit, 'path'> | null {
  const changed = changedLines(record);
  if (!changed) return null;
  const removed = changed.removed.slice(0, MAX_DIFF_LINES);
  const added = changed.added.slice(0, MAX_DIFF_LINES);
  const more = (lines: string[]) => (lines.length > MAX_DIFF_LINES ? [`… (${lines.length - MAX_DIFF_LINES} more lines)`] : []);
  const below = changed.line + changed.added.length;
  const above = doc && context > 0 ? doc.lines(Math.max(0, changed.line - context), changed.line) : [];
  const after = doc && context > 0 ? doc.lines(below, Math.min(doc.lineCount, below + context)) : [];
  // The empty line after a final line break is no line of the file.
  if (after.length > 0 && below + after.length === doc!.lineCount && after[after.length - 1] === '') after.pop();
  const line = changed.line - above.length;
  const oldSide = [...removed, ...more(changed.removed)];
  const newSide = [...added, ...more(changed.added)];
  const header = `@@ -${line + 1},${above.length + oldSide.length + after.length} +${line + 1},${above.length + newSide.length + after.length} @@`;
  const diff = [header, ...above.map((l) => ` ${l}`), ...oldSide.map((l) => `-${l}`), ...newSide.map((l) => `+${l}`), ...after.map((l) => ` ${l}`)].join('\n');
  return { line, before: [...above, ...oldSide, ...after], after: [...above, ...newSide, ...after], diff };
}

/** The editable lines with the record's change taken back, when the change lies inside them. */
export function originalOf(editable: readonly string[], start: number, record: EditRecord): string[] {
  const changed = changedLines(record);
  if (!changed) return [...editable];
  const at = changed.line - start;
  if (at < 0 || at + changed.added.length > editable.length) return [...editable];
  return [...editable.slice(0, at), ...changed.removed, ...editable.slice(at + changed.added.length)];
}

/**
 * The file as Sweep's server gives it (`get_lines_around_cursor`): whole up to WHOLE_FILE_LINES
 * lines, else the FILE_CHUNK_LINES-line chunk, starting at a multiple of half its length, whose
 * middle is nearest the cursor (Python's round: halves to even).
 */
export function fileText(doc: DocumentLines, text: () => string, cursorLine: number): string {
  const { lineCount, lastLineEmpty } = windowLines(doc);
  const count = lastLineEmpty ? lineCount - 1 : lineCount;
  if (count <= WHOLE_FILE_LINES) return text();
  const stride = FILE_CHUNK_LINES / 2;
  const start = Math.max(0, roundHalfEven((cursorLine - FILE_CHUNK_LINES / 2) / stride)) * stride;
  return doc.lines(start, Math.min(count, start + FILE_CHUNK_LINES)).join('\n');
}

function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const rest = x - floor;
  if (rest !== 0.5) return Math.round(x);
  return floor % 2 === 0 ? floor : floor + 1;
}
