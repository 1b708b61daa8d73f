/** Parsing entry points. web-tree-sitter trees live in wasm memory: whoever owns one must delete() it. */
import type { Edit, Parser, Point, Tree } from 'web-tree-sitter';
import type { TextBuffer } from '@redline/shared-protocol';
import type { ContentChange } from '../server/documents.js';
import { getParser, type ParserSource } from './grammars.js';

/**
 * The largest text parsed. A parse blocks the event loop (about 1 µs a character here: a 10 MB
 * file took 12–20 s) and the memory web-tree-sitter grows for it is never returned (300 MB for
 * 10 MB of Python); larger documents go without a syntax tree, as unsupported languages do.
 */
export const MAX_PARSE_CHARS = 1_000_000;

/** A fresh tree owned by the caller, or null for an unsupported language, a text too large or a failed parse. */
export async function parseText(languageId: string, text: string, parsers: ParserSource = getParser): Promise<Tree | null> {
  const parser = await parsers(languageId);
  return parser ? parseWith(parser, text) : null;
}

/**
 * A parse that gives way to other work: it runs in slices of about `sliceMs`, awaiting `between()`
 * before each, and the parser resumes where it stopped (tree-sitter keeps its state until the next
 * parse). Nothing else may parse with these parsers meanwhile. Null as parseText, or once `stopped()`.
 */
export async function parseInSlices(languageId: string, text: string, parsers: ParserSource, between: () => Promise<void>, stopped: () => boolean, sliceMs = PARSE_SLICE_MS): Promise<Tree | null> {
  const parser = await parsers(languageId);
  if (!parser || text.length > MAX_PARSE_CHARS) return null;
  const input = parseInput(text);
  let done = false;
  try {
    for (;;) {
      await between();
      if (stopped()) return null;
      const sliceEnd = performance.now() + sliceMs;
      let halted = false;
      const tree = parser.parse(input, undefined, { progressCallback: () => (halted = performance.now() > sliceEnd) });
      if (tree || !halted) {
        done = true;
        return tree;
      }
    }
  } finally {
    // A parse left halfway would be resumed by the parser's next parse, whatever its text.
    if (!done) parser.reset();
  }
}

/** A slice of a parse that gives way: a request arriving meanwhile waits this long at most. */
export const PARSE_SLICE_MS = 4;

/** `text` parsed (reusing `old`, already edited to match it), or null when it is over the limit. */
function parseWith(parser: Parser, text: string, old?: Tree): Tree | null {
  if (text.length > MAX_PARSE_CHARS) return null;
  return parser.parse(parseInput(text), old);
}

/** Grammars' scanners read NUL as the end of input, and some then never advance: a space keeps every offset. */
function parseInput(text: string): string {
  return text.includes('\0') ? text.replaceAll('\0', ' ') : text;
}

interface Entry {
  languageId: string;
  /** The document version the tree describes, its edits included. */
  version: number;
  tree: Tree;
  /** Length of that version's text, in UTF-16 code units. */
  length: number;
  /** The tree has been edited since it was parsed: the next request reparses, reusing it. */
  edited: boolean;
  /** Parsed from the followed document's current text, so its changes can be applied to the tree. */
  follows: boolean;
}

/** The documents a cache follows: their changes edit the cached trees, a closed one is forgotten. */
export interface FollowedDocuments {
  get(uri: string): { buffer: TextBuffer; version: number } | undefined;
  onChange(listener: (change: ContentChange) => void): void;
  onClose(listener: (uri: string) => void): void;
}

/**
 * Trees live in web-tree-sitter's wasm memory, which never shrinks: an IDE with dozens of open files
 * must not keep a tree for each. The documents typed in most recently keep theirs.
 */
export const MAX_CACHED_TREES = 4;

/**
 * One tree per recently used document. A change to a followed document is applied to its tree at
 * once (`tree.edit`, cheap: no parsing); the reparse waits for the next request and reuses the
 * edited tree (`parse(text, oldTree)`), so only what changed is parsed again. Without edits for the
 * requested version (a document not followed, a whole-text replace) it parses from scratch. Trees
 * stay owned by the cache: a returned tree is valid until the next call for the same uri with
 * another version, a change of that document, forget(uri), or MAX_CACHED_TREES calls for other
 * documents (never the next one: the cap is > 1).
 */
export class SyntaxCache {
  // Map order is use order: the first entry is the least recently used.
  private readonly entries = new Map<string, Entry>();
  /** Full parses and incremental reparses done, for tests and the bench. */
  readonly parses = { full: 0, incremental: 0 };
  private followed: FollowedDocuments | null = null;

  follow(documents: FollowedDocuments): void {
    this.followed = documents;
    documents.onChange((change) => {
      const doc = documents.get(change.uri);
      if (doc) this.edit(change, doc.buffer);
    });
    documents.onClose((uri) => this.forget(uri));
  }

  async tree(uri: string, languageId: string, version: number, text: string): Promise<Tree | null> {
    const cached = this.entries.get(uri);
    if (cached && cached.version === version && cached.languageId === languageId && !cached.edited) {
      this.entries.delete(uri);
      this.entries.set(uri, cached);
      return cached.tree;
    }
    const parser = await getParser(languageId);
    // Re-read after the await: a concurrent call may have stored (and be using) a newer entry.
    const current = this.entries.get(uri);
    if (current && current.version === version && current.languageId === languageId && !current.edited) return current.tree;
    const reuse = current && current.version === version && current.languageId === languageId && current.length === text.length ? current.tree : undefined;
    const tree = parser ? parseWith(parser, text, reuse) : null;
    if (tree) this.parses[reuse ? 'incremental' : 'full']++;
    current?.tree.delete();
    this.entries.delete(uri);
    // Text older than the mirror would take later changes at the wrong offsets.
    const follows = this.followed?.get(uri)?.version === version;
    if (tree) this.entries.set(uri, { languageId, version, tree, length: text.length, edited: false, follows });
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= MAX_CACHED_TREES) break;
      entry.tree.delete();
      this.entries.delete(oldest);
    }
    return tree;
  }

  /** Applies one change of the document (`buffer` already holds the text after it) to its cached tree. */
  edit(change: ContentChange, buffer: TextBuffer): void {
    const entry = this.entries.get(change.uri);
    if (!entry) return;
    const replaced = change.replaced;
    const length = buffer.getText().length;
    // Tree-sitter counts rows at \n only: a document broken by lone CRs gets a fresh parse.
    if (!replaced || !entry.follows || buffer.eol === '\r') {
      this.forget(change.uri);
      return;
    }
    const startIndex = buffer.offsetAt(replaced.start);
    const oldEndIndex = startIndex + entry.length - length + change.text.length;
    entry.tree.edit({
      startIndex,
      oldEndIndex,
      newEndIndex: startIndex + change.text.length,
      startPosition: point(replaced.start),
      oldEndPosition: point(replaced.end),
      newEndPosition: endOf(replaced.start, change.text),
    } as Edit);
    entry.version = change.version;
    entry.length = length;
    entry.edited = true;
  }

  forget(uri: string): void {
    this.entries.get(uri)?.tree.delete();
    this.entries.delete(uri);
  }

  clear(): void {
    for (const uri of [...this.entries.keys()]) this.forget(uri);
  }
}

const point = (p: { line: number; character: number }): Point => ({ row: p.line, column: p.character });

/** Where `text` inserted at `start` ends, in tree-sitter's rows (\n) and UTF-16 columns. */
function endOf(start: { line: number; character: number }, text: string): Point {
  const last = text.lastIndexOf('\n');
  if (last < 0) return { row: start.line, column: start.character + text.length };
  let rows = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) rows++;
  return { row: start.line + rows, column: text.length - last - 1 };
}
