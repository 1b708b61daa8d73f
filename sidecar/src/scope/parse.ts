/** Parsing entry points. web-tree-sitter trees live in wasm memory: whoever owns one must delete() it. */
import type { Tree } from 'web-tree-sitter';
import { getParser } from './grammars.js';

/**
 * The largest text parsed. A parse blocks the event loop (about 1 µs a character here: a 10 MB
 * file took 12–20 s) and the memory web-tree-sitter grows for it is never returned (300 MB for
 * 10 MB of Python); larger documents go without a syntax tree, as unsupported languages do.
 */
export const MAX_PARSE_CHARS = 1_000_000;

/** A fresh tree owned by the caller, or null for an unsupported language, a text too large or a failed parse. */
export async function parseText(languageId: string, text: string): Promise<Tree | null> {
  if (text.length > MAX_PARSE_CHARS) return null;
  const parser = await getParser(languageId);
  // Grammars' scanners read NUL as the end of input, and some then never advance: a space keeps every offset.
  return parser ? parser.parse(text.includes('\0') ? text.replaceAll('\0', ' ') : text) : null;
}

interface Entry {
  languageId: string;
  version: number;
  tree: Tree;
}

/**
 * One tree per open document, reparsed only when the version changes. Trees stay owned by the cache:
 * a returned tree is valid until the next call for the same uri with another version, or forget(uri).
 */
export class SyntaxCache {
  private readonly entries = new Map<string, Entry>();

  async tree(uri: string, languageId: string, version: number, text: string): Promise<Tree | null> {
    const cached = this.entries.get(uri);
    if (cached && cached.version === version && cached.languageId === languageId) return cached.tree;
    const tree = await parseText(languageId, text);
    // Re-read after the await: a concurrent call may have stored (and be using) a newer entry.
    const current = this.entries.get(uri);
    if (current && current.version === version && current.languageId === languageId) {
      tree?.delete();
      return current.tree;
    }
    current?.tree.delete();
    if (tree) this.entries.set(uri, { languageId, version, tree });
    else this.entries.delete(uri);
    return tree;
  }

  forget(uri: string): void {
    this.entries.get(uri)?.tree.delete();
    this.entries.delete(uri);
  }
}
