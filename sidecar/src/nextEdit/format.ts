/**
 * What every next-edit prompt family shares: the input a prompt is built from (a window of the
 * document around the cursor, the part of it the model may rewrite, the user's recent edits with
 * their context lines, definitions of the names around the cursor), the request it becomes (a raw
 * prompt for the models trained on a format of their own, chat messages for any other), what each
 * family declares about its window and its edits, and the choice of family from the setting or the
 * model's name. Each family's format, with the published code it follows, is in `formats/`.
 */
import type { Position, RedlineSettings } from '@redline/shared-protocol';
import { resolveTemplate } from '../completion/templates.js';
import type { ChatMessage } from '../edit/prompt.js';

export const NEXT_EDIT_FAMILIES = ['sweep', 'sweep-v2', 'zeta', 'instinct', 'instruct'] as const;
export type NextEditFamily = (typeof NEXT_EDIT_FAMILIES)[number];

/**
 * One of the user's recent edits as prompts show it: its lines before and after, each with the
 * context lines the family asks for around the change, and the same as a unified-diff hunk.
 */
export interface PromptEdit {
  path: string;
  /** Document line (0-based, numbered as the document is now) of the first line of `before` and `after`. */
  line: number;
  before: string[];
  after: string[];
  /** `@@ -l,n +l,m @@` and the ` ` / `-` / `+` lines, without a final line break. */
  diff: string;
}

/** A definition of a name used around the cursor, from the workspace: where it is and its code. */
export interface PromptSnippet {
  path: string;
  text: string;
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
  /** Definitions of the names around the cursor, for the families that have a place for them. */
  definitions: readonly PromptSnippet[];
  /** The file as a family that reads it whole is given it (the whole text, or a chunk of a long file); null for the others. */
  file: string | null;
}

export type NextEditRequest = { kind: 'raw'; prompt: string; stops: string[] } | { kind: 'chat'; messages: ChatMessage[] };

/**
 * How far the window reaches from the cursor line: the editable lines above and below it, and the
 * context lines beyond them on each side; `trimBlank`: blank lines at the editable block's ends are
 * left out (its start moving down, its end then one line further), as Sweep's own server does.
 */
export interface LineShape {
  kind: 'lines';
  above: number;
  below: number;
  context: number;
  trimBlank?: boolean;
}

/**
 * The editable region grows from the syntax node around the cursor up to a token budget, then line
 * by line on both sides; the context around it likewise (Zed's Zeta). Tokens are counted as UTF-8
 * bytes / 3.
 */
export interface SyntaxShape {
  kind: 'syntax';
  editableTokens: number;
  contextTokens: number;
}

export type WindowShape = LineShape | SyntaxShape;

export interface NextEditFormat {
  family: NextEditFamily;
  window: WindowShape;
  /** How the recent edits are shown: context lines around each change, and how many edits at most. */
  edits: { context: number; max: number };
  /** Whether the prompt holds the file itself (`NextEditInput.file`). */
  wholeFile?: boolean;
  /** Whether the prompt has a place for definitions (`NextEditInput.definitions`). */
  definitions?: boolean;
  build(input: NextEditInput): NextEditRequest;
  /** The editable region's new lines, or null when the reply cannot be read as them. */
  read(reply: string, input: NextEditInput): string[] | null;
}

/** The editable lines of `input`. */
export function editableLines(input: NextEditInput): string[] {
  return input.lines.slice(input.editable.start - input.first, input.editable.end - input.first);
}

/**
 * `auto` picks by the model's name: the trained families by their names (Sweep's v2 by `v2` in
 * it); a chat model (`instruct`, `chat` in its name) the instruct prompt; a base Qwen coder model
 * (a FIM completion model, `fimFamily` from the completion template) the Sweep layout, which is
 * Qwen2.5-Coder's own pretraining layout of `<|file_sep|>` files, and a base model can continue
 * (Sweep's authors report base Qwen2.5-Coder-7B on their benchmark with it); any other model the
 * instruct prompt, which needs a chat model.
 */
export function resolveFamily(setting: string, model: string, fimFamily?: string): NextEditFamily {
  if ((NEXT_EDIT_FAMILIES as readonly string[]).includes(setting)) return setting as NextEditFamily;
  const name = model.toLowerCase();
  if (name.includes('sweep')) return /(^|[^a-z0-9])v2([^0-9]|$)/.test(name) ? 'sweep-v2' : 'sweep';
  if (name.includes('zeta')) return 'zeta';
  if (name.includes('instinct')) return 'instinct';
  if (/instruct|chat/.test(name)) return 'instruct';
  return fimFamily === 'qwen' ? 'sweep' : 'instruct';
}

/**
 * The next-edit model (the setting, else the completion model, else the chat model) and its
 * family. A model also used for completions is known by the completion template it is used with
 * (`fimTemplate`), so a chat model set up for chat-FIM gets the instruct prompt.
 */
export function nextEditModelOf(settings: Pick<RedlineSettings, 'nextEditModel' | 'completionModel' | 'model' | 'fimTemplate' | 'nextEditTemplate'>): { model: string; family: NextEditFamily } {
  const model = settings.nextEditModel || settings.completionModel || settings.model;
  const fim = resolveTemplate(settings.nextEditModel ? 'auto' : settings.fimTemplate, model);
  return { model, family: resolveFamily(settings.nextEditTemplate, model, fim.name) };
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
