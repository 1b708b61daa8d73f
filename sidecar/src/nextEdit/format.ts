/**
 * What every next-edit prompt family shares: the input a prompt is built from (a window of the
 * document around the cursor, the part of it the model may rewrite, the user's recent edits), the
 * request it becomes (a raw prompt for the models trained on a format of their own, chat messages
 * for any other), and the choice of family from the setting or the model's name. Each family's
 * format, with the published code it follows, is in `formats/`.
 */
import type { Position } from '@redline/shared-protocol';
import type { ChatMessage } from '../edit/prompt.js';

export type NextEditFamily = 'sweep' | 'zeta' | 'instinct' | 'instruct';

/** One of the user's recent edits as prompts show it: its changed lines and the same as a unified-diff hunk. */
export interface PromptEdit {
  path: string;
  before: string[];
  after: string[];
  /** `@@ -l,n +l,m @@` and the `-` / `+` lines. */
  diff: string;
}

export interface NextEditInput {
  path: string;
  languageId: string;
  /** Document lines [first, first + lines.length): the editable region and the context shown around it. */
  lines: readonly string[];
  first: number;
  /** Document lines [start, end) the model rewrites; inside `lines`. */
  editable: { start: number; end: number };
  cursor: Position;
  /** The user's recent edits, oldest first (each family orders them as it expects). */
  edits: readonly PromptEdit[];
  /** The editable lines as they were before the latest edit in this document; the same lines when none touched them. */
  original: readonly string[];
}

export type NextEditRequest = { kind: 'raw'; prompt: string; stops: string[] } | { kind: 'chat'; messages: ChatMessage[] };

/** How far the window reaches from the cursor line: the editable lines above and below it, and the context lines beyond them on each side. */
export interface WindowShape {
  above: number;
  below: number;
  context: number;
}

export interface NextEditFormat {
  family: NextEditFamily;
  window: WindowShape;
  build(input: NextEditInput): NextEditRequest;
  /** The editable region's new lines, or null when the reply cannot be read as them. */
  read(reply: string, input: NextEditInput): string[] | null;
}

/** The editable lines of `input`. */
export function editableLines(input: NextEditInput): string[] {
  return input.lines.slice(input.editable.start - input.first, input.editable.end - input.first);
}

/** The window for a cursor line: the lines shown, and the editable ones, clamped to the document (whose empty last line after a final line break is no line of it). */
export function windowAround(shape: WindowShape, lineCount: number, lastLineEmpty: boolean, cursorLine: number): { first: number; end: number; editable: { start: number; end: number } } {
  const fileEnd = lineCount > 1 && lastLineEmpty ? lineCount - 1 : lineCount;
  const line = Math.min(Math.max(cursorLine, 0), lineCount - 1);
  const start = Math.max(0, line - shape.above);
  // The cursor's own line is always editable, also on the empty last line.
  const end = Math.max(Math.min(fileEnd, line + shape.below + 1), line + 1);
  return { first: Math.max(0, start - shape.context), end: Math.max(end, Math.min(fileEnd, end + shape.context)), editable: { start, end } };
}

/** `auto` picks by the model's name: the trained families by their names, any other model gets the instruct prompt. */
export function resolveFamily(setting: string, model: string): NextEditFamily {
  if (setting === 'sweep' || setting === 'zeta' || setting === 'instinct' || setting === 'instruct') return setting;
  const name = model.toLowerCase();
  if (name.includes('sweep')) return 'sweep';
  if (name.includes('zeta')) return 'zeta';
  if (name.includes('instinct')) return 'instinct';
  return 'instruct';
}

/** Markers the models trained on them use (Zeta, Instinct; the instruct prompt borrows them). */
export const MARKERS = {
  editableStart: '<|editable_region_start|>',
  editableEnd: '<|editable_region_end|>',
  cursor: '<|user_cursor_is_here|>',
  startOfFile: '<|start_of_file|>',
} as const;

/** The editable lines with the cursor marker at the cursor (the cursor is on an editable line). */
export function markedEditable(input: NextEditInput): string[] {
  const lines = editableLines(input);
  const row = input.cursor.line - input.editable.start;
  if (row >= 0 && row < lines.length) {
    const line = lines[row];
    const at = Math.min(input.cursor.character, line.length);
    lines[row] = line.slice(0, at) + MARKERS.cursor + line.slice(at);
  }
  return lines;
}

/** A reply's text as lines: its line breaks read like the document's, the cursor marker dropped, one final line break not a line of its own. */
export function replyLines(text: string): string[] {
  const body = text.replace(/\r\n?/g, '\n').split(MARKERS.cursor).join('');
  return (body.endsWith('\n') ? body.slice(0, -1) : body).split('\n');
}

/** `text` up to the first of `stops`. */
export function cutAtStops(text: string, stops: readonly string[]): string {
  let end = text.length;
  for (const stop of stops) {
    const at = text.indexOf(stop);
    if (at >= 0 && at < end) end = at;
  }
  return text.slice(0, end);
}
