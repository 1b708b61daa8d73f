/**
 * The replacement format: the model returns the new text of the selection, nothing else. The reply
 * is read by `extract.ts` (reasoning, chatter and fences dropped, indentation and the selection's
 * leading and trailing blank lines restored) and streams line by line through the streaming layout.
 */
import { block, EDIT_CONTEXT_LINES, fitContext, type ChatRequest } from '../prompt.js';

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

export function buildReplacementPrompt(input: EditPromptInput): ChatRequest {
  const above = fitContext(input.lines.slice(Math.max(0, input.start - EDIT_CONTEXT_LINES), input.start), 'above');
  const below = fitContext(input.lines.slice(input.end, input.end + EDIT_CONTEXT_LINES), 'below');
  const sections = [`File: ${input.fileName} (${input.languageId})`];
  if (above.length > 0) sections.push(block(`Code above the code to edit, ${CONTEXT_NOTE}:`, input.languageId, above));
  if (below.length > 0) sections.push(block(`Code below the code to edit, ${CONTEXT_NOTE}:`, input.languageId, below));
  sections.push(block('Code to edit:', input.languageId, input.code.replace(/\n$/, '').split('\n')));
  sections.push(`Instruction: ${input.instruction}`);
  return {
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: sections.join('\n\n') },
    ],
  };
}

