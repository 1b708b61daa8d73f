/**
 * The inline-edit request: two chat messages, no sampling options (the provider's defaults apply).
 * What every edit format's prompt shares; each format's own prompt is in `formats/`.
 */

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

export const EDIT_CONTEXT_LINES = 40;
export const EDIT_CONTEXT_CHARS = 6000;

/**
 * Keeps whole lines nearest the selection within EDIT_CONTEXT_CHARS: a cut line would show the
 * model code that does not exist, so lines are dropped whole, farthest first.
 */
export function fitContext(lines: readonly string[], side: 'above' | 'below'): string[] {
  const nearestFirst = side === 'above' ? [...lines].reverse() : [...lines];
  const kept: string[] = [];
  let size = 0;
  for (const line of nearestFirst) {
    const added = line.length + (kept.length > 0 ? 1 : 0);
    if (size + added > EDIT_CONTEXT_CHARS) break;
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
