/**
 * The project as the definitions source reads it, with the caches that keep the completion path
 * within a few milliseconds: a file's outline is parsed once per version (open documents, from the
 * mirror) or per modification stamp (files on disk, read through WorkspaceFiles only). What the
 * disk says (a stamp, a directory listing, a config file) is asked again once it is STAT_TTL_MS
 * old, in the background: the request that finds it old still gets the answer it had, so typing
 * never waits on the file system for files it has already seen, and a file changed outside the
 * editor is seen a request or two later.
 */
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import { parseText } from '../scope/parse.js';
import type { MirrorDocument } from '../server/documents.js';
import { languageOfPath } from '../scope/grammars.js';
import { parseFile, type ParsedFile, type SourceIndex } from './definitions/definitions.js';
import { pathOfUri, type WorkspaceFiles } from './workspace.js';

/** How long a disk answer is reused: an edit made outside the editor shows up this much later at most. */
export const STAT_TTL_MS = 2000;
const MAX_PARSED_FILES = 2000;

/** The open documents by path, as the mirror has them. */
export interface OpenDocuments {
  byPath(path: string): MirrorDocument | undefined;
}

export class ProjectIndex implements SourceIndex {
  private readonly parsed = new LRUCache<string, { key: string; file: ParsedFile | null }>({ max: MAX_PARSED_FILES });
  private readonly pending = new Map<string, Promise<ParsedFile | null>>();
  private readonly stamps = staleWhileRevalidate<{ stamp: string | null }>(10_000, async (path) => ({ stamp: await this.files.stamp(path) }));
  private readonly listings = staleWhileRevalidate<string[]>(2000, (dir) => this.files.list(dir));
  private readonly texts = staleWhileRevalidate<{ text: string | null }>(200, async (path) => ({ text: (await this.files.read(path))?.text ?? null }));

  constructor(
    private readonly files: WorkspaceFiles,
    private readonly open: OpenDocuments,
  ) {}

  folderOf(path: string): string | null {
    return this.files.folderOf(path);
  }

  displayPath(path: string): string {
    return this.files.displayPath(path);
  }

  async isFile(path: string): Promise<boolean> {
    return this.open.byPath(path) !== undefined || (await this.stamp(path)) !== null;
  }

  async list(dir: string): Promise<string[]> {
    return (await this.listings.fetch(dir)) ?? [];
  }

  async readText(path: string): Promise<string | null> {
    const doc = this.open.byPath(path);
    if (doc) return doc.buffer.getText();
    return (await this.texts.fetch(path))?.text ?? null;
  }

  /** The outline of a file: an open document's at its version, else the disk's at its stamp. */
  async file(path: string): Promise<ParsedFile | null> {
    const doc = this.open.byPath(path);
    const stamp = doc ? `v${doc.version}:${doc.languageId}` : await this.stamp(path);
    if (stamp === null) return null;
    const cached = this.parsed.get(path);
    if (cached?.key === stamp) return cached.file;
    const inFlight = this.pending.get(`${path}\0${stamp}`);
    if (inFlight) return inFlight;
    const work = this.parse(path, stamp, doc);
    this.pending.set(`${path}\0${stamp}`, work);
    try {
      return await work;
    } finally {
      this.pending.delete(`${path}\0${stamp}`);
    }
  }

  /** The outline cached for `path` without touching the disk, or undefined. */
  peek(path: string): ParsedFile | null | undefined {
    return this.parsed.get(path)?.file;
  }

  private async parse(path: string, stamp: string, doc: MirrorDocument | undefined): Promise<ParsedFile | null> {
    const languageId = doc?.languageId ?? languageOfPath(path);
    const text = doc ? doc.buffer.getText() : languageId ? (await this.files.read(path))?.text : null;
    let file: ParsedFile | null = null;
    if (languageId && text != null) {
      // One file parsed per turn of the event loop: a burst of cold files never holds up a message.
      await yieldToEvents();
      const tree = await parseText(languageId, text);
      try {
        file = tree ? parseFile(path, languageId, tree.rootNode, text) : null;
      } finally {
        tree?.delete();
      }
    }
    this.parsed.set(path, { key: stamp, file });
    return file;
  }

  private async stamp(path: string): Promise<string | null> {
    return (await this.stamps.fetch(path))?.stamp ?? null;
  }
}

/** A cache that answers from what it has and, once an answer is STAT_TTL_MS old, asks again in the background. */
function staleWhileRevalidate<V extends object>(max: number, load: (key: string) => Promise<V>): LRUCache<string, V> {
  return new LRUCache<string, V>({ max, ttl: STAT_TTL_MS, allowStale: true, noDeleteOnStaleGet: true, allowStaleOnFetchRejection: true, fetchMethod: (key) => load(key) });
}

/** Open documents found by their file path (a URI's path is computed once). */
export function openDocumentsOf(all: () => Iterable<MirrorDocument>): OpenDocuments {
  const paths = new LRUCache<string, { path: string | null }>({ max: 1000 });
  const pathOf = (uri: string) => {
    let entry = paths.get(uri);
    if (!entry) paths.set(uri, (entry = { path: pathOfUri(uri) }));
    return entry.path;
  };
  return {
    byPath(path) {
      for (const doc of all()) if (pathOf(doc.uri) === path) return doc;
      return undefined;
    },
  };
}
