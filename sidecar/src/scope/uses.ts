/**
 * Where a name is still used around a rename: the identifiers spelled `name` in the function that
 * holds the renamed one (the whole file at top level). Read off the syntax tree, so a word in a
 * string or a comment is no use, and neither is a member after a dot (`other.count` names another
 * object's field). Pure: the tree in, rows out.
 */
import type { Node, Point } from 'web-tree-sitter';
import type { ScopeRules } from './scopeRules.js';

/** Member names after `.`, `?.`, `::`: another thing's field or method, not the renamed variable. */
const MEMBER_TYPES = new Set(['property_identifier', 'field_identifier']);
const ACCESSORS = new Set(['.', '?.', '::']);

/** The innermost function around `at`, else the whole tree. */
export function enclosingScope(root: Node, at: Point, rules: ScopeRules): Node {
  for (let node: Node | null = root.descendantForPosition(at); node; node = node.parent) {
    if (rules.functions.has(node.type)) return node;
  }
  return root;
}

/** Rows of the uses of `name` in the function holding `at` (the renamed identifier), top to bottom, each row once. */
export function usesInScope(root: Node, at: Point, name: string, rules: ScopeRules): number[] {
  const rows = new Set<number>();
  const visit = (node: Node) => {
    if (node.childCount === 0) {
      if (node.text === name && node.type.endsWith('identifier') && !MEMBER_TYPES.has(node.type) && !ACCESSORS.has(node.previousSibling?.type ?? '')) rows.add(node.startPosition.row);
      return;
    }
    for (const child of node.children) if (child) visit(child);
  };
  visit(enclosingScope(root, at, rules));
  return [...rows].sort((a, b) => a - b);
}
