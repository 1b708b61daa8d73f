/**
 * May this completion span more than one line? Decided from the syntax node under the cursor and
 * the cursor line: inside a string, comment or template literal, or with code after the cursor,
 * one line; on a blank line or after a block opener, several.
 */
import type { Node, Tree } from 'web-tree-sitter';

export type CursorSyntax = 'code' | 'string' | 'comment';

const STRING_TYPES = new Set([
  'string',
  'string_fragment',
  'string_content',
  'template_string',
  'template_literal',
  'string_literal',
  'raw_string_literal',
  'interpreted_string_literal',
  'interpreted_string_literal_content',
  'line_string_literal',
  'multi_line_string_literal',
  'multiline_string_literal',
  'text_block',
  'char_literal',
  'character_literal',
]);
const COMMENT_TYPES = new Set(['comment', 'line_comment', 'block_comment', 'multiline_comment']);
/** Code embedded in a string: `${…}` and friends put the cursor back in code. */
const EMBEDDED_CODE_TYPES = new Set(['template_substitution', 'interpolation', 'interpolated_expression', 'string_interpolation']);

/** Where the cursor at UTF-16 offset `offset` sits: in code, a string or a comment. */
export function cursorSyntax(tree: Tree, offset: number): CursorSyntax {
  let node: Node | null = tree.rootNode.descendantForIndex(Math.max(0, offset - 1), offset);
  for (; node; node = node.parent) {
    if (EMBEDDED_CODE_TYPES.has(node.type) && node.startIndex < offset && offset < node.endIndex) return 'code';
    if (COMMENT_TYPES.has(node.type) && node.startIndex < offset && (offset < node.endIndex || isLineComment(node))) return 'comment';
    if (STRING_TYPES.has(node.type) && node.startIndex < offset && offset < node.endIndex) return 'string';
  }
  return 'code';
}

/** A line comment runs to the end of its line, so a cursor right at its end is still inside it. */
function isLineComment(node: Node): boolean {
  return node.type === 'line_comment' || /^(\/\/|#|--)/.test(node.text);
}

const BLOCK_OPENER = /(?:[{([:]|=>)\s*$/;

export interface MultilineInput {
  enabled: boolean;
  syntax: CursorSyntax;
  lineBefore: string;
  lineAfter: string;
}

export function decideMultiline(input: MultilineInput): boolean {
  if (!input.enabled || input.syntax !== 'code') return false;
  if (input.lineAfter.trim() !== '') return false;
  if (input.lineBefore.trim() === '') return true;
  return BLOCK_OPENER.test(input.lineBefore);
}
