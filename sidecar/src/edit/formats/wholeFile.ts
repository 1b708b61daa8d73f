/**
 * The whole-file format, for small files: the model returns the complete new file. Simple for the
 * model, costly in tokens (every unchanged line is repeated), so `auto` uses it only up to
 * WHOLE_FILE_MAX_LINES. The reply is read like a replacement of the whole file and streams line by
 * line; in the selection scope, hunks outside the selection are refused (`restrictToScope`).
 */
import { block, type ChatRequest } from '../prompt.js';
import { scopeRule, type FilePromptInput } from './format.js';

const SYSTEM_PROMPT = [
  'You are editing a file inside a code editor.',
  'Reply with the complete new content of the file and nothing else:',
  'no diff, no Markdown fences around it, no commentary before or after it.',
  'Keep every line the instruction does not mention exactly as it is, including indentation, comments and blank lines.',
].join(' ');

export function buildWholeFilePrompt(input: FilePromptInput): ChatRequest {
  const { fileName, languageId, lines, start, end } = input;
  const user = [
    block(`File: ${fileName} (${languageId})`, languageId, lines),
    block(`Selected code (lines ${start + 1}–${end}):`, languageId, lines.slice(start, end)),
    scopeRule(input.scope, start, end),
    `Instruction: ${input.instruction}`,
  ].join('\n\n');
  return {
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: user },
    ],
  };
}
