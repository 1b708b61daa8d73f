/**
 * Editable scope: the whole lines an inline edit may change. Without a selection, the function,
 * class or statement around the caret; a selection that cuts through a statement or expression is
 * widened to whole syntax nodes.
 */
import type { Range } from '@redline/shared-protocol';
import { MAX_PARSE_CHARS, parseText } from './parse.js';
import { scopeRulesFor } from './scopeRules.js';
import { scopeAtCaret, scopeOfLines, type RowSpan } from './scopeTree.js';

/** Lines [startLine, endLine) and the syntax node type they were taken from, if any. */
export type EditableScope = RowSpan;

/** Tree-sitter counts rows by '\n' only, so lines are split the same way. */
const splitLines = (text: string): string[] => text.split('\n').map((line) => line.replace(/\r$/, ''));

function countLines(text: string): number {
  let count = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** The selection's whole lines; an end at column 0 of a later line does not take that line. */
export function selectedLines(range: Range, lineCount: number): { startLine: number; endLine: number } {
  const clamp = (line: number) => Math.min(Math.max(line, 0), lineCount - 1);
  const startLine = clamp(range.start.line);
  const endsAtLineStart = range.end.character === 0 && range.end.line > range.start.line;
  const endLine = Math.max(clamp(endsAtLineStart ? range.end.line - 1 : range.end.line), startLine) + 1;
  return { startLine, endLine };
}

const isEmpty = (range: Range): boolean =>
  range.start.line === range.end.line && range.start.character === range.end.character;

/**
 * Resolves the editable scope for a caret (empty range) or a selection. endLine is exclusive.
 * Unsupported languages and parse failures give the selection's own lines.
 */
export async function resolveEditableScope(languageId: string, text: string, range: Range): Promise<EditableScope> {
  const rules = scopeRulesFor(languageId);
  // Without a tree (no grammar, or too large to parse), the text is not split into lines either.
  if (!rules || text.length > MAX_PARSE_CHARS) return { ...selectedLines(range, countLines(text)), node: null };
  const lines = splitLines(text);
  const { startLine, endLine } = selectedLines(range, lines.length);
  const fallback: EditableScope = { startLine, endLine, node: null };
  const tree = await parseText(languageId, text);
  if (!tree) return fallback;
  try {
    return isEmpty(range)
      ? scopeAtCaret(tree.rootNode, lines, { row: startLine, column: Math.max(range.start.character, 0) }, rules)
      : scopeOfLines(tree.rootNode, lines, startLine, endLine, rules);
  } finally {
    tree.delete();
  }
}
