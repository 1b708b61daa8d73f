/** Where a text fails to parse: the rows of its syntax tree's ERROR and MISSING nodes. */
import type { Node } from 'web-tree-sitter';
import { parseText } from './parse.js';

/**
 * The first row of every outermost ERROR node and every MISSING node, in order; null when the
 * language has no grammar here. Only subtrees that contain an error are walked.
 */
export async function syntaxErrorRows(languageId: string, text: string): Promise<number[] | null> {
  const tree = await parseText(languageId, text);
  if (!tree) return null;
  try {
    const rows: number[] = [];
    const walk = (node: Node) => {
      if (node.isError || node.isMissing) {
        rows.push(node.startPosition.row);
        return;
      }
      if (!node.hasError) return;
      for (const child of node.children) if (child) walk(child);
    };
    walk(tree.rootNode);
    return rows;
  } finally {
    tree.delete();
  }
}
