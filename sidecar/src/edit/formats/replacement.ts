/**
 * The replacement format: the model returns the new text of the selection, nothing else. The reply
 * is read by `extract.ts` (reasoning, chatter and fences dropped, indentation and the selection's
 * leading and trailing blank lines restored) and streams line by line through the streaming layout.
 */
import { block, EDIT_CONTEXT_LINES, fitContext, planRequest, type ContextInput, type PlannedRequest } from '../prompt.js';

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

/**
 * The code to edit is always sent; the lines around it come next out of the context budget (each
 * side at most EDIT_CONTEXT_CHARS), then the context items.
 */
export function buildReplacementPrompt(input: EditPromptInput, context?: ContextInput): PlannedRequest {
  const budget = context?.budget ?? Number.POSITIVE_INFINITY;
  const side = Math.max(0, Math.floor((budget - input.code.length) / 2));
  const above = fitContext(input.lines.slice(Math.max(0, input.start - EDIT_CONTEXT_LINES), input.start), 'above', side);
  const below = fitContext(input.lines.slice(input.end, input.end + EDIT_CONTEXT_LINES), 'below', side);
  const body: string[] = [];
  if (above.length > 0) body.push(block(`Code above the code to edit, ${CONTEXT_NOTE}:`, input.languageId, above));
  if (below.length > 0) body.push(block(`Code below the code to edit, ${CONTEXT_NOTE}:`, input.languageId, below));
  body.push(block('Code to edit:', input.languageId, input.code.replace(/\n$/, '').split('\n')));
  const base = input.code.length + above.join('\n').length + below.join('\n').length;
  return planRequest(SYSTEM_PROMPT, { header: `File: ${input.fileName} (${input.languageId})`, body, instruction: `Instruction: ${input.instruction}` }, context, base);
}
