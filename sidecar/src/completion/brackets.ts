/**
 * Approximate bracket counting for the stop rules: enough to tell "still inside something the
 * completion opened" from "closed something that was already there". Brackets inside string
 * literals and after `//` do not count.
 */

const OPEN = '([{';
const CLOSE = ')]}';

/** Carried from one line to the next: only a backtick string may span lines. */
export interface ScanState {
  quote: '"' | "'" | '`' | null;
}

export type BracketEvent = 'open' | 'close';

/** The bracket events of one line, in order, and the string state after it. */
export function scanLine(line: string, state: ScanState): { events: BracketEvent[]; state: ScanState } {
  const events: BracketEvent[] = [];
  let quote = state.quote;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '/' && line[i + 1] === '/') break;
    if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if (OPEN.includes(ch)) events.push('open');
    else if (CLOSE.includes(ch)) events.push('close');
  }
  return { events, state: { quote: quote === '`' ? quote : null } };
}

/** Brackets left open at the end of `line` (closes with nothing open are ignored). */
export function unmatchedOpens(line: string): number {
  let depth = 0;
  for (const event of scanLine(line, { quote: null }).events) depth = event === 'open' ? depth + 1 : Math.max(0, depth - 1);
  return depth;
}
