/**
 * Chat-FIM replies (a chat-only model asked to fill the hole, e.g. Qwen3-Coder) come wrapped in a
 * markdown fence and often restart the cursor line. This turns the reply's lines into the text that
 * belongs at the cursor: drop the opening fence, end at the closing one, strip the repeated part of
 * the cursor line, and discard a reply that ignored the unfinished word before the cursor.
 */
import type { StreamEnd } from './outcome.js';

export type ChatPhase = 'start' | 'fenced' | 'body';

const OPENING_FENCE = /^\s*```[\w.+#-]*\s*$/;
const CLOSING_FENCE = /^\s*```\s*$/;
const BLOCK_OPENER = /[{([:]\s*$|=>\s*$/;

/** The unfinished word right before the cursor, which the reply must continue. */
export function wordFragment(lineBefore: string): string {
  return /[\w$]+$/.exec(lineBefore)?.[0] ?? '';
}

export interface ChatLineResult {
  phase: ChatPhase;
  /** Lines to hand on to the stop rules, in order. */
  lines: string[];
  end?: Extract<StreamEnd, 'closing fence' | 'ignored fragment'>;
}

export function filterChatLine(lineBefore: string, phase: ChatPhase, line: string): ChatLineResult {
  if (phase === 'body') return CLOSING_FENCE.test(line) ? { phase, lines: [], end: 'closing fence' } : { phase, lines: [line] };
  // Blank lines before the code are layout of the chat answer, not text for the hole.
  if (line.trim() === '') return { phase, lines: [] };
  if (phase === 'start' && OPENING_FENCE.test(line)) return { phase: 'fenced', lines: [] };
  if (phase === 'fenced' && CLOSING_FENCE.test(line)) return { phase, lines: [], end: 'closing fence' };
  const first = firstLine(lineBefore, line);
  return first === null ? { phase: 'body', lines: [], end: 'ignored fragment' } : { phase: 'body', lines: first };
}

/** The reply's first line as text at the cursor, or null when it ignored the word being typed. */
function firstLine(lineBefore: string, line: string): string[] | null {
  if (lineBefore !== '' && line.startsWith(lineBefore)) return [line.slice(lineBefore.length)];
  const typed = lineBefore.trimStart();
  if (typed !== '' && line.trimStart().startsWith(typed)) return [line.trimStart().slice(typed.length)];
  const fragment = wordFragment(lineBefore);
  if (fragment !== '') return line.startsWith(fragment) ? [line.slice(fragment.length)] : null;
  // A body line after a block opener belongs on its own line, not glued to the opener.
  if (BLOCK_OPENER.test(lineBefore) && line.trim() !== '' && lineIndent(line) > lineIndent(lineBefore)) return ['', line];
  return [line];
}

function lineIndent(line: string): number {
  return line.length - line.trimStart().length;
}
