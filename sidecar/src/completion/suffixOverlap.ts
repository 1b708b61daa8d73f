/**
 * A one-line completion that ends by repeating the text right of the cursor (`foo(a, b);` typed
 * before `);`, giving `foo(a, b););`) is trimmed back. The overlap is dropped only when the cursor
 * line reads better without it (fewer stray closers or unterminated strings), or no worse when it
 * is a whole token run of that text (`, rect.height` before `, rect.height);`, not `heig` of
 * `height`). A closer the completion needs for its own brackets (`bar(x)` before `)`) stays.
 */
import { CODE, scanLine, type Lexicon } from './brackets.js';

interface LineScore {
  /** Closers with nothing (or the wrong bracket) to close. */
  stray: number;
  /** Brackets and strings left open at the end of the line. */
  open: number;
}

const PAIRS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** How well balanced a line is. Closers of brackets opened on earlier lines count as stray: they cancel out between candidates. */
export function lineScore(line: string, lexicon: Lexicon): LineScore {
  const scanned = scanLine(line, CODE, lexicon);
  const stack: string[] = [];
  let stray = 0;
  for (const ch of scanned.brackets) {
    if (!(ch in PAIRS)) stack.push(ch);
    else if (stack.at(-1) === PAIRS[ch]) stack.pop();
    else stray++;
  }
  return { stray, open: stack.length + (scanned.openQuote || scanned.state.closer !== null ? 1 : 0) };
}

/** `completion` without the part that repeats the start of `lineAfter`, when that reads better. */
export function trimRepeatedSuffix(lineBefore: string, completion: string, lineAfter: string, lexicon: Lexicon): string {
  const after = lineAfter.trimEnd();
  if (after.trim() === '') return completion;
  const body = completion.trimEnd();
  const whole = lineScore(lineBefore + body + lineAfter, lexicon);
  for (let length = Math.min(body.length, after.length); length > 0; length--) {
    const overlap = after.slice(0, length);
    if (overlap.trim() === '' || !body.endsWith(overlap)) continue;
    const trimmed = body.slice(0, body.length - length);
    const score = lineScore(lineBefore + trimmed + lineAfter, lexicon);
    const better = score.stray < whole.stray || (score.stray === whole.stray && score.open < whole.open);
    const noWorse = score.stray <= whole.stray && score.open <= whole.open;
    if (better || (noWorse && tokenAligned(trimmed, overlap, after.slice(length)))) return trimmed;
  }
  return completion;
}

const WORD = /[\p{L}\p{N}_$]/u;

/** The overlap neither starts nor ends inside a word. */
function tokenAligned(before: string, overlap: string, rest: string): boolean {
  const splitsStart = WORD.test(before.slice(-1)) && WORD.test(overlap[0]);
  const splitsEnd = WORD.test(overlap.slice(-1)) && WORD.test(rest.slice(0, 1));
  return !splitsStart && !splitsEnd;
}
