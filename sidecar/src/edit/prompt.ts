/** The inline-edit request: two chat messages, no sampling options (the provider's defaults apply). */
import { fitToBudget } from '../context/budget.js';
import { diagnosticsSection, referenceSections, rulesSection } from '../context/render.js';
import { NO_CONTEXT, type ContextItem, type PromptContext } from '../context/types.js';

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
  /** Candidate context items (any order) and the characters the whole prompt may spend on context. */
  context?: readonly ContextItem[];
  contextBudget?: number;
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
  return planEditPrompt(input).messages;
}

/**
 * The messages and the context they carry. The code to edit is always sent; the lines around it
 * come next out of the budget (each side at most EDIT_CONTEXT_CHARS), then the context items in
 * rank order. Rules go to the system message, diagnostics after the code, the rest before it.
 */
export function planEditPrompt(input: EditPromptInput): { messages: ChatMessage[]; context: PromptContext } {
  const budget = input.contextBudget ?? Number.POSITIVE_INFINITY;
  const codeLines = input.code.replace(/\n$/, '').split('\n');
  const side = Math.max(0, Math.floor((budget - input.code.length) / 2));
  const above = fitContext(input.lines.slice(Math.max(0, input.start - EDIT_CONTEXT_LINES), input.start), 'above', side);
  const below = fitContext(input.lines.slice(input.end, input.end + EDIT_CONTEXT_LINES), 'below', side);
  const base = input.code.length + above.join('\n').length + below.join('\n').length;
  const context = input.context?.length ? fitToBudget(input.context, budget, base) : { ...NO_CONTEXT, base, budget };
  const sections = [`File: ${input.fileName} (${input.languageId})`, ...referenceSections(context.items)];
  if (above.length > 0) sections.push(block(`Code above the code to edit, ${CONTEXT_NOTE}:`, input.languageId, above));
  if (below.length > 0) sections.push(block(`Code below the code to edit, ${CONTEXT_NOTE}:`, input.languageId, below));
  sections.push(block('Code to edit:', input.languageId, codeLines));
  const diagnostics = diagnosticsSection(context.items);
  if (diagnostics) sections.push(diagnostics);
  sections.push(`Instruction: ${input.instruction}`);
  const rules = rulesSection(context.items);
  return {
    messages: [
      { role: 'system', content: rules ? `${SYSTEM_PROMPT}\n\n${rules}` : SYSTEM_PROMPT },
      { role: 'user', content: sections.join('\n\n') },
    ],
    context,
  };
}

/**
 * Keeps whole lines nearest the selection within EDIT_CONTEXT_CHARS (or a smaller cap the budget
 * leaves): a cut line would show the model code that does not exist, so lines are dropped whole,
 * farthest first.
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

function block(title: string, languageId: string, lines: readonly string[]): string {
  return `${title}\n\`\`\`${languageId}\n${lines.join('\n')}\n\`\`\``;
}
