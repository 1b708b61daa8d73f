/**
 * How an inline-edit session ended, as one log line, like the completion's (`completion/outcome.ts`):
 * the session, how long it lived, its format and scope, what it changed in the document, the tokens
 * the model server counted, and the outcome with why.
 */
import type { EditFormat, EditScope, SessionState } from '@redline/shared-protocol';
import type { LogLevel } from '../server/log.js';

export interface EditOutcome {
  sessionId: string;
  state: SessionState;
  durationMs: number;
  format: EditFormat;
  scope: EditScope;
  /** Lines the accepted hunks added to and removed from the document. */
  lines: { added: number; removed: number };
  /** What the model server counted over the session's requests; null: no model request (a snippet). */
  tokens: { prompt: number | null; reply: number | null } | null;
  /** Why it ended: the verdict, the cancel, the break's cause, the error. */
  why: string;
}

const tokenCount = (n: number | null) => (n === null ? '?' : String(n));

export function formatEditOutcome(o: EditOutcome): string {
  const tokens = o.tokens ? `tokens ${tokenCount(o.tokens.prompt)} prompt / ${tokenCount(o.tokens.reply)} reply` : 'no model request';
  return `inline edit ${o.sessionId} ${Math.round(o.durationMs)} ms, ${o.format} (${o.scope}), +${o.lines.added} -${o.lines.removed} lines, ${tokens}: ${o.state} (${o.why})`;
}

/** An error the user is shown is logged as an error; every other ending as information. */
export function outcomeLevel(state: SessionState): LogLevel {
  return state === 'error' ? 'error' : 'info';
}
