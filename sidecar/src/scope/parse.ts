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
