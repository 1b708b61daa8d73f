/**
 * What the model sees around the cursor: a window of whole lines before (prefix) and after
 * (suffix) it.
 */

/** Lines of context on each side of the cursor line. */
export const CONTEXT_LINES = 100;

export interface CompletionContext {
  prefix: string;
  suffix: string;
  /** The prefix window reaches the start of the file, so nothing before it was cut off. */
  prefixAtFileStart: boolean;
  /** The cursor line before and after the cursor. */
  lineBefore: string;
  lineAfter: string;
}

/** The context at `offset` in `text`. */
export function extractContext(text: string, offset: number, lines = CONTEXT_LINES): CompletionContext {
  let start = offset;
  for (let seen = 0; start > 0; start--) if (text.charCodeAt(start - 1) === 10 && ++seen > lines) break;
  let end = offset;
  for (let seen = 0; end < text.length; end++) if (text.charCodeAt(end) === 10 && ++seen > lines) break;
  const prefix = text.slice(start, offset);
  const suffix = text.slice(offset, end);
  const lineBefore = prefix.slice(prefix.lastIndexOf('\n') + 1);
  const newline = suffix.indexOf('\n');
  const lineAfter = (newline < 0 ? suffix : suffix.slice(0, newline)).replace(/\r$/, '');
  return { prefix, suffix, prefixAtFileStart: start === 0, lineBefore, lineAfter };
}

/**
 * The document as if `itemText` had replaced text[itemStart, itemEnd) and the cursor sat after it,
 * so a completion continues from the suggest widget's item rather than fighting it.
 */
export function withItem(text: string, itemStart: number, itemEnd: number, itemText: string): { text: string; offset: number } {
  return { text: text.slice(0, itemStart) + itemText + text.slice(itemEnd), offset: itemStart + itemText.length };
}
