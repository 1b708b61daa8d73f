/** The inline-edit request: two chat messages, no sampling options (the provider's defaults apply). */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export const EDIT_CONTEXT_LINES = 40;
export const EDIT_CONTEXT_CHARS = 6000;

export interface EditPromptInput {
  fileName: string;
  languageId: string;
  /** The whole document, one entry per line. */
  lines: readonly string[];
  /** First selected line. */
  start: number;
  /** Line after the selection (exclusive). */
  end: number;
  /** What the model rewrites: the selection, or on a re-edit the proposed side of a pending diff. */
  code: string;
  instruction: string;
}

const SYSTEM_PROMPT = [
  'You are editing code inside a code editor.',
  'Rewrite the code you are given so that it follows the instruction.',
  'Reply with the complete replacement for that code and nothing else:',
  'no diff, no fragment, no Markdown fences, no commentary before or after it.',
  'Keep everything the instruction does not mention exactly as it is, including indentation and comments.',
].join(' ');

const CONTEXT_NOTE = 'for context only, do not include it in your reply';

export function buildEditPrompt(input: EditPromptInput): ChatMessage[] {
  const above = fitContext(input.lines.slice(Math.max(0, input.start - EDIT_CONTEXT_LINES), input.start), 'above');
  const below = fitContext(input.lines.slice(input.end, input.end + EDIT_CONTEXT_LINES), 'below');
  const sections = [`File: ${input.fileName} (${input.languageId})`];
  if (above.length > 0) sections.push(block(`Code above the code to edit, ${CONTEXT_NOTE}:`, input.languageId, above));
  if (below.length > 0) sections.push(block(`Code below the code to edit, ${CONTEXT_NOTE}:`, input.languageId, below));
  sections.push(block('Code to edit:', input.languageId, input.code.replace(/\n$/, '').split('\n')));
  sections.push(`Instruction: ${input.instruction}`);
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: sections.join('\n\n') },
  ];
}

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

function block(title: string, languageId: string, lines: readonly string[]): string {
  return `${title}\n\`\`\`${languageId}\n${lines.join('\n')}\n\`\`\``;
}
