/**
 * The input of a next-edit prompt, from the document and the user's recent edits: the family's
 * window around the cursor, the last edits as the prompts show them (oldest first, at most
 * MAX_PROMPT_EDITS), and the editable lines as they were before the latest edit in this document.
 */
import type { Position } from '@redline/shared-protocol';
import { changedLines, renderEdit, type EditRecord } from '../context/recentEdits.js';
import { windowAround, type NextEditInput, type PromptEdit, type WindowShape } from './format.js';

/** Edits a prompt shows: enough for a rename or a signature change and the uses that follow it. */
export const MAX_PROMPT_EDITS = 5;

export interface DocumentLines {
  uri: string;
  lineCount: number;
  lines(from: number, to: number): string[];
}

export function promptInput(
  doc: DocumentLines,
  shape: WindowShape,
  cursor: Position,
  records: readonly EditRecord[],
  pathOf: (uri: string) => string,
  languageId: string,
): NextEditInput {
  const lastLineEmpty = doc.lineCount > 1 && doc.lines(doc.lineCount - 1, doc.lineCount)[0] === '';
  const window = windowAround(shape, doc.lineCount, lastLineEmpty, cursor.line);
  const lines = doc.lines(window.first, window.end);
  const edits: PromptEdit[] = [];
  let latestHere: EditRecord | null = null;
  for (const record of records) {
    if (edits.length >= MAX_PROMPT_EDITS) break;
    const changed = changedLines(record);
    const diff = renderEdit(record);
    if (!changed || !diff) continue;
    if (record.uri === doc.uri) latestHere ??= record;
    edits.push({ path: pathOf(record.uri), before: changed.removed, after: changed.added, diff });
  }
  edits.reverse();
  const editable = lines.slice(window.editable.start - window.first, window.editable.end - window.first);
  return {
    path: pathOf(doc.uri),
    languageId,
    lines,
    first: window.first,
    editable: window.editable,
    cursor,
    edits,
    original: latestHere ? originalOf(editable, window.editable.start, latestHere) : editable,
  };
}

/** The editable lines with the record's change taken back, when the change lies inside them. */
export function originalOf(editable: readonly string[], start: number, record: EditRecord): string[] {
  const changed = changedLines(record);
  if (!changed) return [...editable];
  const at = changed.line - start;
  if (at < 0 || at + changed.added.length > editable.length) return [...editable];
  return [...editable.slice(0, at), ...changed.removed, ...editable.slice(at + changed.added.length)];
}
