/**
 * The edit formats: how the model is asked to return its change, and how the reply is read. Two
 * families stream differently:
 * - the text format (`replacement`) returns the new text of the selection; the picture streams line
 *   by line as the reply grows (the streaming layout), and the stream owns the region's lines;
 * - located formats (`searchReplace`, `structured`, `wholeFile`) give edits placed in the text the
 *   model saw (by the text they name, or as hunks of a whole new file); each is shown once it is
 *   complete and located, so progress shows edit by edit, and the region's lines stay the user's.
 */
import type { EditFormat, EditFormatChoice, EditScope } from '@redline/shared-protocol';
import { block, planRequest, type ContextInput, type PlannedRequest } from '../prompt.js';

/** `auto` picks `wholeFile` for a file-scope edit of a file up to this many lines, `searchReplace` above. */
export const WHOLE_FILE_MAX_LINES = 150;

export type FormatFamily = 'text' | 'located';

export const FAMILY: Record<EditFormat, FormatFamily> = {
  replacement: 'text',
  wholeFile: 'located',
  searchReplace: 'located',
  structured: 'located',
};

/**
 * The format for a request, and the scope it can honour: `replacement` rewrites the selection
 * only, so it narrows a file scope to the selection (reported back as such).
 */
export function resolveFormat(choice: EditFormatChoice, scope: EditScope, lineCount: number): { format: EditFormat; scope: EditScope } {
  const format: EditFormat = choice !== 'auto' ? choice : scope === 'selection' ? 'replacement' : lineCount <= WHOLE_FILE_MAX_LINES ? 'wholeFile' : 'searchReplace';
  return { format, scope: format === 'replacement' ? 'selection' : scope };
}

/** What a located format's prompt is built from. */
export interface FilePromptInput {
  fileName: string;
  languageId: string;
  /** The file as the model is to see it (on a re-edit, with the pending proposal accepted). */
  lines: readonly string[];
  /** The selection: lines [start, end). */
  start: number;
  end: number;
  instruction: string;
  scope: EditScope;
}

/** An edit as the model wrote it, before it is located in the file. */
export interface ProposedEdit {
  /** Its position in the reply, from 0. */
  index: number;
  /** The file it names, or null when it names none. */
  path: string | null;
  /** The text it replaces: any stretch of text (structured edits), or whole lines, each ending in a line break (SEARCH/REPLACE). */
  oldText: string;
  newText: string;
  /** True when oldText and newText are whole lines. */
  wholeLines: boolean;
  /** 1-based, inclusive: where the model says oldText is (structured edits may give it), a cross-check. */
  lineRange?: { start: number; end: number };
}

/** A part of a reply that could not be read as an edit. */
export interface ReadProblem {
  message: string;
}

export interface ReadResult {
  /** Edits completed since the last read, in reply order. */
  edits: ProposedEdit[];
  problems: ReadProblem[];
}

/** Reads a located format's reply as it grows: each edit once, as soon as it is complete. */
export interface EditReader {
  read(replySoFar: string): ReadResult;
  /** The whole reply: the edits not read yet, or why the reply as a whole is refused (nothing is applied then). */
  finish(reply: string): ReadResult | { error: string };
}

/**
 * The request of a format that shows the whole file: its system prompt, then the file, the
 * selection, the scope and the instruction. `fileNote` is added to the file's title.
 */
export function filePrompt(system: string, input: FilePromptInput, fileNote = '', context?: ContextInput): PlannedRequest {
  const { fileName, languageId, lines, start, end } = input;
  const body = [
    block(`File: ${fileName} (${languageId})${fileNote}`, languageId, lines),
    block(`Selected code (lines ${start + 1}–${end}):`, languageId, lines.slice(start, end)),
    scopeRule(input.scope, start, end),
  ];
  // The whole file is the code these formats send: context gets what the budget leaves after it.
  const base = lines.reduce((sum, line) => sum + line.length + 1, 0);
  return planRequest(system, { body, instruction: `Instruction: ${input.instruction}` }, context, base);
}

/** How a scope is put to the model in every format's prompt. */
export function scopeRule(scope: EditScope, start: number, end: number): string {
  const lines = end - start > 1 ? `lines ${start + 1}–${end}` : `line ${start + 1}`;
  return scope === 'file'
    ? `The instruction is about the selected code (${lines}), but you may change any other part of this file that the change needs, such as imports, fields or helpers. Change no other file.`
    : `Change only the selected code (${lines}); the rest of the file is for context only.`;
}
