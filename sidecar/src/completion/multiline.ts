/**
 * May this completion span more than one line? Decided from the syntax node under the cursor and
 * the cursor line: inside a comment or a one-line string, or with code after the cursor, one line;
 * on a blank line, after a block opener, at the end of a header whose body is missing, or inside a
 * multi-line string, several. Otherwise one line that may grow: when the completion's line opens a
 * block it is completed to its end, and after an item of a list the item's siblings may follow.
 * YAML, Markdown and CSS have no grammar here and are decided by text rules of their own.
 */
import type { Node, Tree } from 'web-tree-sitter';
import { lexiconFor, openAtCursor } from './brackets.js';
import { docCommentCloser, offsideBlock, textKind } from './languages.js';
import { isListItem } from './siblings.js';

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
  languageId: string;
  syntax: CursorSyntax;
  /** The syntax tree says the cursor ends a header whose body is missing (see headers.ts). */
  awaitsBody: boolean;
  lineBefore: string;
  lineAfter: string;
  /**
   * Text before the cursor (the prompt's prefix): whether a CSS rule's block, a code fence or a
   * docstring is open at the cursor line is read from it.
   */
  prefix: string;
}

/** The shape of the text a completion may have. */
export interface HoleShape {
  multiline: boolean;
  /**
   * The completion ends with the line that holds this: the closer of the doc comment, code fence or
   * multi-line string open at the cursor.
   */
  closer?: string;
  /** The cursor ends a Markdown heading: the blank line before its body is not the end. */
  headingSection?: boolean;
  /**
   * One line that grows when it opens a block (a method's parameters and `{`, a YAML key, a heading,
   * or an Allman `{` on the next line): the block is then completed to its end.
   */
  opensBlock?: boolean;
  /** The cursor line is an item of a list: the completion may go on with the item's siblings. */
  listItem?: boolean;
}

const ONE_LINE: HoleShape = { multiline: false };
const MANY_LINES: HoleShape = { multiline: true };

export function decideMultiline(input: MultilineInput): HoleShape {
  const { lineBefore } = input;
  if (!input.enabled || input.lineAfter.trim() !== '') return ONE_LINE;
  // The text before the cursor line.
  const before = input.prefix.slice(0, input.prefix.length - lineBefore.length);
  const closer = docCommentCloser(input.languageId, lineBefore, before);
  if (closer) return { multiline: true, closer };
  const open = openAtCursor(input.prefix, lexiconFor(input.languageId));
  // A triple-quoted string or a template literal holds lines: they run to its closer.
  if (open.string && input.syntax !== 'comment') return { multiline: true, closer: open.string };
  if (input.syntax !== 'code') return ONE_LINE;
  if (lineBefore.trim() === '') return MANY_LINES;
  const grows: HoleShape = { multiline: false, opensBlock: true, listItem: isListItem(input.languageId, lineBefore, open.enclosing) };
  switch (textKind(input.languageId)) {
    case 'markdown':
      if (/^#{1,6}\s+\S/.test(lineBefore)) return { multiline: true, headingSection: true };
      return opensCodeFence(before, lineBefore) ?? grows;
    case 'yaml':
      return yamlOpensBlock(lineBefore) ? MANY_LINES : grows;
    case 'css':
      return cssAwaitsBlock(before, lineBefore) ? MANY_LINES : grows;
    case 'code':
      return BLOCK_OPENER.test(lineBefore) || input.awaitsBody || offsideBlock(input.languageId, lineBefore) ? MANY_LINES : grows;
  }
}

/**
 * The shape of the block `line` opens, when the completion writes it: a line ending in a bracket
 * it opened (`own` open after it), a Python or F# header, a YAML key whose value is a block, a
 * Markdown heading. Null when it opens none.
 */
export function openedBlock(languageId: string, line: string, own: number): HoleShape | null {
  switch (textKind(languageId)) {
    case 'markdown':
      return /^#{1,6}\s+\S/.test(line) ? { multiline: true, headingSection: true } : null;
    case 'yaml':
      return yamlOpensBlock(line) ? MANY_LINES : null;
    case 'css':
    case 'code':
      if (own > 0 && /[{([]\s*$/.test(line)) return MANY_LINES;
      return offsideBlock(languageId, line) ? MANY_LINES : null;
  }
}

/** An opening code fence (```` ```sh ````): its lines, up to the closing fence. */
function opensCodeFence(before: string, lineBefore: string): HoleShape | null {
  const fence = /^\s*(`{3,}|~{3,})[\w+#.-]*\s*$/.exec(lineBefore)?.[1];
  if (!fence) return null;
  const fencesBefore = before.split('\n').filter((line) => /^\s*(`{3,}|~{3,})/.test(line)).length;
  return fencesBefore % 2 === 0 ? { multiline: true, closer: fence } : null;
}

/**
 * A key whose value is a block (`steps:`, `env: # comment`), a block scalar (`run: |`) or a flow
 * collection left open. After `key: ` (a space typed after the colon) the value is inline.
 */
function yamlOpensBlock(lineBefore: string): boolean {
  const commented = /\s#.*$/.test(lineBefore);
  const code = lineBefore.replace(/\s+#.*$/, '');
  if (/:$/.test(commented ? code.trimEnd() : code)) return true;
  return /:\s*[|>][-+\d]*\s*$/.test(code) || /[[{]\s*$/.test(code);
}

/**
 * A selector or at-rule waiting for its block: the cursor is outside any declaration block (at the
 * top level, or directly inside `@media`/`@supports`…) on a line that is not finished. Inside a
 * rule's block a line is a declaration, one line even when it ends in `:`, unless it is a nested
 * rule (`&:hover`) or opens a block itself.
 */
function cssAwaitsBlock(before: string, lineBefore: string): boolean {
  const text = lineBefore.trimEnd();
  if (text.endsWith('{')) return true;
  if (/[;},]$/.test(text)) return false;
  return !inDeclarationBlock(before) || /^\s*&/.test(lineBefore);
}

/** Whether the innermost block open at the end of `text` is a rule's (not an at-rule's) block. */
function inDeclarationBlock(text: string): boolean {
  const blocks: boolean[] = [];
  let header = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 1;
    } else if (ch === '"' || ch === "'") {
      const close = text.indexOf(ch, i + 1);
      header += text.slice(i, close < 0 ? text.length : close + 1);
      i = close < 0 ? text.length : close;
    } else if (ch === '{') {
      const name = header.trim();
      blocks.push(!name.startsWith('@') || /^@(?:font-face|page|counter-style|property)\b/.test(name));
      header = '';
    } else if (ch === '}' || ch === ';') {
      if (ch === '}') blocks.pop();
      header = '';
    } else header += ch;
  }
  return blocks.at(-1) ?? false;
}
