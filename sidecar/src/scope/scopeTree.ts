/**
 * Scope resolution over a parsed tree. Pure: the tree, the document's lines and the rules in, a row
 * span out. Rows are tree-sitter rows and columns are UTF-16 units, as in LSP positions.
 */
import type { Node, Point } from 'web-tree-sitter';
import type { ScopeRules } from './scopeRules.js';

/** Rows [startLine, endLine) and the node type they were taken from, if a single node. */
export interface RowSpan {
  startLine: number;
  endLine: number;
  node: string | null;
}

const comparePoints = (a: Point, b: Point): number => a.row - b.row || a.column - b.column;

const isBlank = (line: string): boolean => line.trim() === '';

function spanOf(node: Node, type: string | null = node.type): RowSpan {
  return { startLine: node.startPosition.row, endLine: node.endPosition.row + 1, node: type };
}

function isScope(node: Node, rules: ScopeRules): boolean {
  if (rules.functions.has(node.type) || rules.statements.has(node.type)) return true;
  const parent = node.parent;
  return parent !== null && node.isNamed && rules.blocks.has(parent.type) && !isAttachable(node, rules)
    && !rules.notStatements.has(node.type) && node.type !== 'ERROR';
}

function isAttachable(node: Node, rules: ScopeRules): boolean {
  return rules.comments.has(node.type) || rules.decorations.has(node.type);
}

/** True when only whitespace precedes the node on its first line. */
function startsLine(node: Node, lines: readonly string[]): boolean {
  const { row, column } = node.startPosition;
  return isBlank((lines[row] ?? '').slice(0, column));
}

function ancestors(node: Node): Node[] {
  const chain: Node[] = [];
  for (let n: Node | null = node; n; n = n.parent) chain.push(n);
  return chain;
}

/**
 * The node's rows widened by its wrappers (export, decorators) and by the comments and decorations
 * directly above it, so an edit of a function can also update its doc comment.
 */
function withAttachments(node: Node, rules: ScopeRules, lines: readonly string[]): RowSpan {
  let top = node;
  while (top.parent && rules.wrappers.has(top.parent.type)) top = top.parent;
  let startLine = top.startPosition.row;
  for (let prev = top.previousNamedSibling; prev; prev = prev.previousNamedSibling) {
    if (!isAttachable(prev, rules) || prev.endPosition.row < startLine - 1 || !startsLine(prev, lines)) break;
    startLine = prev.startPosition.row;
  }
  return { startLine, endLine: top.endPosition.row + 1, node: top.type };
}

/** Blank space (or a detached comment) inside a function means the whole function. */
function enclosingFunction(root: Node, row: number, rules: ScopeRules, lines: readonly string[]): RowSpan | null {
  const probe = root.descendantForPosition({ row, column: 0 });
  const fn = probe && ancestors(probe).find((n) =>
    rules.functions.has(n.type) && n.startPosition.row < row && row < n.endPosition.row);
  return fn ? withAttachments(fn, rules, lines) : null;
}

/** The declaration that a line-leading comment or decoration run sits directly above, if any. */
function attachedTarget(node: Node, rules: ScopeRules): Node | null {
  let last = node;
  let next = node.nextNamedSibling;
  while (next && isAttachable(next, rules) && next.startPosition.row <= last.endPosition.row + 1) {
    last = next;
    next = next.nextNamedSibling;
  }
  return next && next.startPosition.row <= last.endPosition.row + 1 && isScope(next, rules) ? next : null;
}

/** Empty selection: the smallest scope around the caret, see resolveEditableScope. */
export function scopeAtCaret(root: Node, lines: readonly string[], caret: Point, rules: ScopeRules): RowSpan {
  const { row } = caret;
  const line = lines[row] ?? '';
  const lineOnly: RowSpan = { startLine: row, endLine: row + 1, node: null };
  if (isBlank(line)) return enclosingFunction(root, row, rules, lines) ?? lineOnly;

  // A caret in indentation or after the end of the text means that line's code.
  const first = line.length - line.trimStart().length;
  const last = line.trimEnd().length - 1;
  let node = root.descendantForPosition({ row, column: Math.min(Math.max(caret.column, first), last) });
  if (!node) return lineOnly;

  const attachable = ancestors(node).find((n) => isAttachable(n, rules));
  if (attachable && startsLine(attachable, lines)) {
    const target = attachedTarget(attachable, rules);
    if (target) return withAttachments(target, rules, lines);
    if (rules.comments.has(attachable.type)) {
      return enclosingFunction(root, row, rules, lines) ?? spanOf(attachable, null);
    }
  } else if (attachable) {
    // A trailing comment belongs to the code before it on the line.
    node = root.descendantForPosition({ row, column: first }) ?? node;
  }
  const scope = ancestors(node).find((n) => isScope(n, rules));
  return scope ? withAttachments(scope, rules, lines) : lineOnly;
}

function overlaps(node: Node, start: Point, end: Point): boolean {
  return comparePoints(node.startPosition, end) < 0 && comparePoints(node.endPosition, start) > 0;
}

function contains(node: Node, start: Point, end: Point): boolean {
  return comparePoints(node.startPosition, start) <= 0 && comparePoints(node.endPosition, end) >= 0;
}

/** The trimmed text range of rows [startLine, endLine), or null if they are all blank. */
function textRange(lines: readonly string[], startLine: number, endLine: number): [Point, Point] | null {
  let first = startLine;
  while (first < endLine && isBlank(lines[first] ?? '')) first++;
  let last = endLine - 1;
  while (last >= first && isBlank(lines[last] ?? '')) last--;
  if (first > last) return null;
  const firstLine = lines[first] ?? '';
  return [
    { row: first, column: firstLine.length - firstLine.trimStart().length },
    { row: last, column: (lines[last] ?? '').trimEnd().length },
  ];
}

/**
 * Whole-line selection [startLine, endLine): kept when it consists of whole statements (and
 * comments); otherwise widened to the statements it touches, or to the smallest scope node holding
 * it when it lies inside an expression or a declaration's header.
 */
export function scopeOfLines(root: Node, lines: readonly string[], startLine: number, endLine: number,
  rules: ScopeRules): RowSpan {
  const selection: RowSpan = { startLine, endLine, node: null };
  const range = textRange(lines, startLine, endLine);
  if (!range) return selection;
  let [start, end] = range;

  let node = root;
  for (let inner = node.namedChildren.find((c) => contains(c, start, end)); inner;
    inner = node.namedChildren.find((c) => contains(c, start, end))) {
    node = inner;
  }
  for (;;) {
    const touched = node.namedChildren.filter((c) => overlaps(c, start, end));
    const wholeStatements = touched.length > 0 && touched.every((c) => isScope(c, rules) || isAttachable(c, rules));
    if (wholeStatements || !node.parent) return union(selection, touched);
    if (isScope(node, rules)) return spanOf(node);
    [start, end] = [node.startPosition, node.endPosition];
    node = node.parent;
  }
}

function union(selection: RowSpan, nodes: readonly Node[]): RowSpan {
  const startLine = Math.min(selection.startLine, ...nodes.map((n) => n.startPosition.row));
  const endLine = Math.max(selection.endLine, ...nodes.map((n) => n.endPosition.row + 1));
  const single = nodes.length === 1 && nodes[0].startPosition.row === startLine
    && nodes[0].endPosition.row + 1 === endLine;
  return { startLine, endLine, node: single ? nodes[0].type : null };
}
