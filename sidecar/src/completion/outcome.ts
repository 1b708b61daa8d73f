/** Why a completion request ended: one named reason per outcome, written as one log line. */
import type { LogLevel } from '../server/log.js';

/** Reasons CompletionStream ends a reply with. */
export type StreamEnd =
  | 'stop token'
  | 'whitespace'
  | 'misread hole'
  | 'blank line'
  | 'caught up with suffix'
  | 'repeated line'
  | 'dedent'
  | 'outer bracket'
  | 'block closed'
  | 'closing delimiter'
  | 'max lines'
  | 'end of line'
  | 'closing fence'
  | 'ignored fragment'
  | 'end of reply'
  | 'token limit'
  | 'timeout';

/** Reasons decided around the stream, by the request's owner. */
export type RequestEnd =
  | 'cancelled'
  | 'dropped stale'
  | 'typed through'
  | 'cache hit'
  | 'next edit'
  | 'mid-word'
  | 'completion off'
  | 'awaiting typing'
  | 'unknown document'
  | 'model error';

export type EndReason = StreamEnd | RequestEnd;

export interface Outcome {
  requestId: number;
  durationMs: number;
  text: string;
  reason: EndReason;
  /** Extra words for the reason, e.g. the model error. */
  detail?: string;
}

export function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length;
}

export function formatOutcome(o: Outcome): string {
  const detail = o.detail ? ` (${o.detail})` : '';
  return `completion #${o.requestId} ${o.durationMs.toFixed(1)} ms, ${o.text.length} chars, ${lineCount(o.text)} lines: ${o.reason}${detail}`;
}

/**
 * Endings that typing causes on nearly every keystroke (a request superseded, a result gone stale,
 * a suggestion typed through, a caret mid-word) are debug lines: at the info level they would flood
 * the log while the user types. Every other ending is information.
 */
const TYPING: ReadonlySet<EndReason> = new Set<EndReason>(['cancelled', 'dropped stale', 'typed through', 'mid-word', 'awaiting typing']);

export function outcomeLevel(reason: EndReason): LogLevel {
  return TYPING.has(reason) ? 'debug' : 'info';
}
