/**
 * The inline-edit request: two chat messages, no sampling options (the provider's defaults apply).
 * What every edit format's prompt shares; each format's own prompt is in `formats/`.
 */
import { fitToBudget } from '../context/budget.js';
import { diagnosticsSection, referenceSections, rulesSection } from '../context/render.js';
import { NO_CONTEXT, type ContextItem, type PromptContext } from '../context/types.js';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A JSON Schema the model server is to constrain the reply to (structured output). */
export interface ResponseSchema {
  name: string;
  schema: Record<string, unknown>;
}

/** What is sent to the model: the messages, and for structured output the schema. */
export interface ChatRequest {
  messages: ChatMessage[];
  schema?: ResponseSchema;
}

/** The context items a prompt may take (any order) and the characters the whole request may spend. */
export interface ContextInput {
  items: readonly ContextItem[];
  budget: number;
}

/** A request and the context it carries (for the log line). */
export interface PlannedRequest extends ChatRequest {
  context: PromptContext;
}

/**
 * A chat request with its context placed the same way in every format: rules after the system
 * prompt; definitions, similar code and recent edits after the header; diagnostics just before the
 * instruction. The items are budgeted once `base` characters (the code the format sends) are paid.
 */
export function planRequest(
  system: string,
  parts: { header?: string; body: readonly string[]; instruction: string },
  context: ContextInput | undefined,
  base: number,
): PlannedRequest {
  const fitted = context?.items.length ? fitToBudget(context.items, context.budget, base) : { ...NO_CONTEXT, base, budget: context?.budget ?? 0 };
  const diagnostics = diagnosticsSection(fitted.items);
  const user = [...(parts.header ? [parts.header] : []), ...referenceSections(fitted.items), ...parts.body, ...(diagnostics ? [diagnostics] : []), parts.instruction];
  const rules = rulesSection(fitted.items);
  return {
    messages: [
      { role: 'system', content: rules ? `${system}\n\n${rules}` : system },
      { role: 'user', content: user.join('\n\n') },
    ],
    context: fitted,
  };
}

export const EDIT_CONTEXT_LINES = 40;
export const EDIT_CONTEXT_CHARS = 6000;

/**
 * Keeps whole lines nearest the selection within EDIT_CONTEXT_CHARS (or a smaller cap the context
 * budget leaves): a cut line would show the model code that does not exist, so lines are dropped
 * whole, farthest first.
 */
export function fitContext(lines: readonly string[], side: 'above' | 'below', cap = EDIT_CONTEXT_CHARS): string[] {
  const limit = Math.min(cap, EDIT_CONTEXT_CHARS);
  const nearestFirst = side === 'above' ? [...lines].reverse() : [...lines];
  const kept: string[] = [];
  let size = 0;
  for (const line of nearestFirst) {
    const added = line.length + (kept.length > 0 ? 1 : 0);
    if (size + added > limit) break;
    kept.push(line);
    size += added;
  }
  return side === 'above' ? kept.reverse() : kept;
}

/**
 * A titled fenced block of code. The fence is longer than any backtick run at the start of a line
 * of the code, so a Markdown file's own code blocks cannot close it (CommonMark).
 */
export function block(title: string, languageId: string, lines: readonly string[]): string {
  let longest = 2;
  for (const line of lines) longest = Math.max(longest, /^[ \t]*(`*)/.exec(line)![1].length);
  const fence = '`'.repeat(longest + 1);
  return `${title}\n${fence}${languageId}\n${lines.join('\n')}\n${fence}`;
}
