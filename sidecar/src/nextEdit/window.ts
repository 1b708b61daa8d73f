/**
 * The window a next-edit prompt shows, from the family's shape: the lines the model may rewrite
 * (`editable`) and the lines shown around them ([first, end)). Pure: the document comes in as line
 * lengths and blank tests, the syntax tree as the nodes around the cursor.
 *
 * A window never reaches the empty line after a final line break (it is no line of the file), but
 * the cursor's own line is always editable, also when it is that line.
 */
import type { LineShape, SyntaxShape } from './format.js';

export interface Window {
  first: number;
  end: number;
  editable: { start: number; end: number };
}

/** The document as a window needs it. */
export interface WindowLines {
  lineCount: number;
  /** The document ends with a line break: its last, empty line is no line of the file. */
  lastLineEmpty: boolean;
  line(row: number): string;
}

const fileEndOf = (doc: WindowLines) => (doc.lineCount > 1 && doc.lastLineEmpty ? doc.lineCount - 1 : doc.lineCount);

/** A fixed number of lines around the cursor line, then the context beyond them. */
export function lineWindow(shape: LineShape, doc: WindowLines, cursorLine: number): Window {
  const fileEnd = fileEndOf(doc);
  const line = Math.min(Math.max(cursorLine, 0), doc.lineCount - 1);
  let start = Math.max(0, line - shape.above);
  let end = Math.max(Math.min(fileEnd, line + shape.below + 1), line + 1);
  if (shape.trimBlank) {
    const blank = (row: number) => doc.line(row).trim() === '';
    // Sweep's server (`get_block_around_cursor_line`): each blank line dropped at the top gives the
    // block one more line at the bottom, then blank lines at the bottom go; the cursor line stays.
    while (start < line && blank(start)) {
      start++;
      if (end < fileEnd) end++;
    }
    while (end > line + 1 && blank(end - 1)) end--;
  }
  return { first: Math.max(0, start - shape.context), end: Math.max(end, Math.min(fileEnd, end + shape.context)), editable: { start, end } };
}

export interface Point {
  row: number;
  column: number;
}

/** A syntax node around the cursor: where it starts and ends, and its size in UTF-8 bytes. */
export interface SyntaxSpan {
  start: Point;
  end: Point;
  bytes: number;
}

/** Zeta's token estimate (Zed's `tokens_for_bytes`): 3 bytes a token, rounded down. */
const BYTES_PER_TOKEN = 3;
const tokensFor = (bytes: number) => Math.floor(bytes / BYTES_PER_TOKEN);

/**
 * Zed's Zeta window (zed-industries/zed `crates/zeta/src/input_excerpt.rs`,
 * `excerpt_for_cursor_position` and `expand_range`): the largest of the syntax nodes around the
 * cursor (`nodes`, innermost first) that fits the editable budget, widened to whole lines and then
 * a line above and a line below at a time while the rest of the budget lasts; the context the same
 * way around the editable lines with its own budget. Without a syntax tree the region grows from
 * the cursor line alone.
 */
export function syntaxWindow(shape: SyntaxShape, doc: WindowLines, cursor: Point, nodes: readonly SyntaxSpan[], lineBytes: (row: number) => number): Window {
  const lastRow = Math.max(fileEndOf(doc) - 1, Math.min(cursor.row, doc.lineCount - 1));
  let scope = { start: cursor, end: cursor };
  let remaining = shape.editableTokens;
  for (const node of nodes) {
    const same = node.start.row === scope.start.row && node.start.column === scope.start.column && node.end.row === scope.end.row && node.end.column === scope.end.column;
    if (same) continue;
    const tokens = tokensFor(node.bytes);
    if (tokens > shape.editableTokens) break;
    scope = { start: node.start, end: node.end };
    remaining = shape.editableTokens - tokens;
  }
  const expand = (from: number, to: number, budget: number): [number, number] => {
    let start = Math.max(0, from);
    let end = Math.min(lastRow, to);
    for (let grew = true; grew; ) {
      grew = false;
      if (budget > 0 && start > 0) {
        start--;
        budget = Math.max(0, budget - tokensFor(lineBytes(start)));
        grew = true;
      }
      if (budget > 0 && end < lastRow) {
        end++;
        budget = Math.max(0, budget - tokensFor(lineBytes(end)));
        grew = true;
      }
    }
    return [start, end];
  };
  const [start, end] = expand(scope.start.row, scope.end.row, remaining);
  const [first, last] = expand(start, end, shape.contextTokens);
  return { first, end: last + 1, editable: { start, end: end + 1 } };
}
