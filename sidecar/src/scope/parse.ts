/** Parsing entry points. web-tree-sitter trees live in wasm memory: whoever owns one must delete() it. */
import type { Tree } from 'web-tree-sitter';
import { getParser } from './grammars.js';

/** A fresh tree owned by the caller, or null for an unsupported language or a failed parse. */
export async function parseText(languageId: string, text: string): Promise<Tree | null> {
  const parser = await getParser(languageId);
  return parser ? parser.parse(text) : null;
}

interface Entry {
  languageId: string;
  version: number;
  tree: Tree;
}

/**
 * Trees live in web-tree-sitter's wasm memory, which never shrinks: an IDE with dozens of open files
 * must not keep a tree for each. The documents typed in most recently keep theirs.
 */
export const MAX_CACHED_TREES = 4;

/**
 * One tree per recently used document, reparsed only when the version changes. Trees stay owned by
 * the cache: a returned tree is valid until the next call for the same uri with another version,
 * forget(uri), or MAX_CACHED_TREES calls for other documents (never the next one: the cap is > 1).
 */
export class SyntaxCache {
  // Map order is use order: the first entry is the least recently used.
  private readonly entries = new Map<string, Entry>();

  async tree(uri: string, languageId: string, version: number, text: string): Promise<Tree | null> {
    const cached = this.entries.get(uri);
    if (cached && cached.version === version && cached.languageId === languageId) {
      this.entries.delete(uri);
      this.entries.set(uri, cached);
      return cached.tree;
    }
    const tree = await parseText(languageId, text);
    // Re-read after the await: a concurrent call may have stored (and be using) a newer entry.
    const current = this.entries.get(uri);
    if (current && current.version === version && current.languageId === languageId) {
      tree?.delete();
      return current.tree;
    }
    current?.tree.delete();
    this.entries.delete(uri);
    if (tree) this.entries.set(uri, { languageId, version, tree });
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= MAX_CACHED_TREES) break;
      entry.tree.delete();
      this.entries.delete(oldest);
    }
    return tree;
  }

  forget(uri: string): void {
    this.entries.get(uri)?.tree.delete();
    this.entries.delete(uri);
  }
}
