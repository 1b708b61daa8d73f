/**
 * The syntax nodes around the cursor, for a window that grows from them (Zeta's): innermost first,
 * each with its span and its size in UTF-8 bytes, up to the first node larger than `maxBytes`
 * (none above it can fit a budget that one does not).
 */
import type { Position } from '@redline/shared-protocol';
import type { Node } from 'web-tree-sitter';
import type { SyntaxCache } from '../scope/parse.js';
import type { MirrorDocument } from '../server/documents.js';
import type { SyntaxSpan } from './window.js';

export async function syntaxNodesAt(syntax: SyntaxCache, doc: MirrorDocument, cursor: Position, maxBytes: number): Promise<SyntaxSpan[]> {
  const text = doc.buffer.getText();
  const tree = await syntax.tree(doc.uri, doc.languageId, doc.version, text);
  // The tree is the cache's until its next call: read before any await.
  return tree ? spansAround(tree.rootNode, text, cursor, maxBytes) : [];
}

/** `text` is the text `root` was parsed from. */
export function spansAround(root: Node, text: string, cursor: Position, maxBytes: number): SyntaxSpan[] {
  const spans: SyntaxSpan[] = [];
  for (let node: Node | null = root.descendantForPosition({ row: cursor.line, column: cursor.character }); node; node = node.parent) {
    // UTF-8 takes at least a byte a character: a node this long is too large already.
    if (node.endIndex - node.startIndex > maxBytes) break;
    const bytes = Buffer.byteLength(text.slice(node.startIndex, node.endIndex));
    if (bytes > maxBytes) break;
    spans.push({ start: node.startPosition, end: node.endPosition, bytes });
  }
  return spans;
}
