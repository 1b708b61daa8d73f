/**
 * Chat-FIM replies (a chat-only model asked to fill the hole, e.g. Qwen3-Coder) come wrapped in a
 * markdown fence and often restart the cursor line, or the whole construct around it. This turns the
 * reply's lines into the text that belongs at the cursor: drop the opening fence, end at the closing
 * one, drop lines that repeat the lines above the cursor, strip the repeated part of the cursor line,
 * and discard a reply that ignored the unfinished word before the cursor.
 */
import type { StreamEnd } from './outcome.js';

export type ChatPhase = 'start' | 'fenced' | 'body';

export interface ChatState {
  phase: ChatPhase;
  /** Reply lines that repeat the lines above the cursor, held until the reply reaches the cursor line or departs from them. */
  held: string[];
  /** Index in the lines above of the next line a restarted reply repeats. */
  next: number;
}

export const CHAT_START: ChatState = { phase: 'start', held: [], next: 0 };

/** How far above the cursor a restarted reply may begin. */
const RESTART_WINDOW = 20;

/** The lines above the cursor line that a restarted reply may repeat. */
export function linesAbove(prefix: string): string[] {
  return prefix.split('\n').slice(0, -1).slice(-RESTART_WINDOW);
}

const OPENING_FENCE = /^\s*```[\w.+#-]*\s*$/;
const CLOSING_FENCE = /^\s*```\s*$/;
const BLOCK_OPENER = /[{([:]\s*$|=>\s*$/;

/** The unfinished word right before the cursor, which the reply must continue. */
export function wordFragment(lineBefore: string): string {
  return /[\w$]+$/.exec(lineBefore)?.[0] ?? '';
}

export interface ChatLineResult {
  state: ChatState;
  /** Lines to hand on to the stop rules, in order. */
  lines: string[];
  end?: Extract<StreamEnd, 'closing fence' | 'ignored fragment'>;
}

/** The hole as the chat filter sees it: the cursor line before the cursor, and the lines above it. */
export interface ChatHole {
  lineBefore: string;
  above: readonly string[];
}

export function filterChatLine(hole: ChatHole, state: ChatState, line: string): ChatLineResult {
  const { phase } = state;
  if (phase === 'body') return CLOSING_FENCE.test(line) ? { state, lines: [], end: 'closing fence' } : { state, lines: [line] };
  if (phase === 'fenced' && CLOSING_FENCE.test(line)) return { state, lines: [], end: 'closing fence' };
  if (state.held.length > 0) return continueRestart(hole, state, line);
  // Blank lines before the code are layout of the chat answer, not text for the hole.
  if (line.trim() === '') return { state, lines: [] };
  if (phase === 'start' && OPENING_FENCE.test(line)) return { state: { ...state, phase: 'fenced' }, lines: [] };
  const at = restartAt(hole.above, line);
  if (at >= 0) return { state: { ...state, held: [line], next: at + 1 }, lines: [] };
  return startBody(hole.lineBefore, state, [line]);
}

/** The reply repeats the lines above the cursor: hold on while it does; at the cursor line, drop them. */
function continueRestart(hole: ChatHole, state: ChatState, line: string): ChatLineResult {
  if (state.next === hole.above.length) return startBody(hole.lineBefore, { ...state, held: [] }, [line]);
  if (line.trim() === hole.above[state.next].trim()) return { state: { ...state, held: [...state.held, line], next: state.next + 1 }, lines: [] };
  // It departed from the lines above before reaching the cursor: the held lines were its own.
  return startBody(hole.lineBefore, { ...state, held: [] }, [...state.held, line]);
}

/** The last line above the cursor that `line` repeats (one with a word in it), or -1. */
function restartAt(above: readonly string[], line: string): number {
  if (!/\w/.test(line)) return -1;
  for (let i = above.length - 1; i >= 0; i--) if (above[i].trim() === line.trim()) return i;
  return -1;
}

function startBody(lineBefore: string, state: ChatState, lines: string[]): ChatLineResult {
  const body = { ...state, phase: 'body' as const };
  const first = firstLine(lineBefore, lines[0]);
  return first === null ? { state: body, lines: [], end: 'ignored fragment' } : { state: body, lines: [...first, ...lines.slice(1)] };
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
