/**
 * The workspace symbol index: the top-level declarations of every source file of the workspace
 * folders, found by name or by relevance to an instruction. It is the one owner of
 * that state; its states are `idle` (made, not started), `building` (the first crawl is walking the
 * folders) and `ready`, and it can be `stopped` (folders changed: a new index takes over).
 *
 * The crawl runs in the background from `start`, one file per turn of the event loop. It gives way
 * to the user (`quiet`: while a request is served, while the user types, see `crawlPace.ts`) before
 * each file and between the slices of a parse, so a completion waits for one slice at most. It reads only through `WorkspaceFiles` (inside the folders, as resolved), honours each
 * directory's `.gitignore`, never follows a symbolic link, and skips what it cannot use — a file
 * too large, binary, not UTF-8, unreadable — with one debug line each. Updates come from the
 * editor: an open document's text after typing pauses, a saved or watched file from disk, a
 * deleted one removed.
 *
 * With a cache file (`cache.ts`), a start first takes back what the last one kept: a file whose size
 * and modification time are unchanged is not read, one whose text hashes the same is not parsed; the
 * crawl then reads only files the cache did not have, and drops cached ones it no longer finds. The
 * cache is written again once the crawl ends, and a while after updates.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { join, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { parseFile } from '../context/definitions/definitions.js';
import { CacheUnusable, contentHash, readCache, writeCache, type CachedFile } from './cache.js';
import type { WorkspaceFiles } from '../context/workspace.js';
import { parseInSlices, parseText } from '../scope/parse.js';
import { languageOfPath, ownParsers, type ParserSource } from '../scope/grammars.js';
import type { Logger } from '../server/log.js';
import { queryOf, rankByProximity, rankCandidates, type Ranked, type Scored } from './rank.js';
import { indexFile, type IndexedDeclaration } from './symbols.js';
import { TermIndex } from './terms.js';
import { pathWords, wordsOf } from './words.js';
import { detached } from '@redline/shared-protocol';

/** Files indexed at most; past it the crawl stops and says so once. */
export const MAX_INDEXED_FILES = 50_000;
/** The collection after the crawl waits this long. */
const COLLECT_AFTER_MS = 1000;
/** Cache entries written per turn of the event loop (a few milliseconds' work). */
const WRITE_BATCH = 32;
/** Cached entries taken back per turn of the event loop. */
const RESTORE_BATCH = 64;
/** The cache is written again this long after the last update. */
export const SAVE_DELAY_MS = 30_000;
/** Entries read from one directory at most. */
const MAX_DIRECTORY_ENTRIES = 20_000;
/** Directories never walked, whatever .gitignore says: version control, package caches, bytecode. */
const NEVER_WALKED = new Set(['node_modules', '__pycache__', 'bower_components']);
/** Languages whose declarations one file can use, by the file's language. */
const FAMILY: Record<string, string> = {
  typescript: 'js',
  typescriptreact: 'js',
  javascript: 'js',
  javascriptreact: 'js',
  python: 'python',
  java: 'jvm',
  kotlin: 'jvm',
  go: 'go',
  rust: 'rust',
};
/** Languages where a declaration that is not exported is still visible to the other files of its folder (its package). */
const PACKAGE_VISIBLE = new Set(['java', 'kotlin', 'go']);

export type IndexState = 'idle' | 'building' | 'ready' | 'stopped';

interface FileEntry {
  /** Workspace-relative, `/`-separated. */
  rel: string;
  languageId: string;
  pkg: string;
  imports: string[];
  ids: number[];
  /** The parse had errors: some declarations of the file may be missing (a grammar's gap, or code being typed). */
  partial: boolean;
  /** On disk when read (-1: read from the editor's text, so never taken from the cache as it stands). */
  size: number;
  mtimeMs: number;
  hash: string;
}

/** A declaration as the index knows it, with its file. */
export interface IndexedSymbol extends Omit<IndexedDeclaration, 'words'> {
  /** The distinct words of its name, for the ranking. */
  nameWords: string[];
  /** Absolute path of the declaring file. */
  file: string;
  /** The same, workspace-relative. */
  path: string;
  languageId: string;
  pkg: string;
}

export interface SearchRequest {
  /** The edited file (absolute). */
  file: string;
  languageId: string;
  instruction: string;
  /** The code the instruction is about. */
  selection: string;
  /** Files the edited file imports (absolute). */
  imported: readonly string[];
  /** Files edited lately, most recent first (absolute). */
  recent: readonly string[];
  /** Leave these out: `path\0name` of declarations the prompt has already, and rows of the edited file it shows. */
  exclude(symbol: IndexedSymbol): boolean;
  limit: number;
}

export interface Found extends IndexedSymbol {
  score: number;
  why: string[];
}

export interface IndexDeps {
  files: WorkspaceFiles;
  log: Logger;
  /** Resolves when the crawl may do its next piece of work (no request served, the user not typing): it waits on it before each file and each slice of a parse. */
  quiet(): Promise<void>;
  /** The text of an open document at `path`, or undefined (the index reads open files from the editor, not the disk). */
  openText(path: string): string | undefined;
  /** Where the index is kept between starts; none: built afresh each time. */
  cacheFile?: string;
  /** Runs the garbage collector, so the crawl's parser memory goes back to the system once it ends. */
  collect?(): void;
}

export class WorkspaceIndex {
  private state: IndexState = 'idle';
  private readonly files = new Map<string, FileEntry>();
  private readonly symbols = new Map<number, IndexedSymbol>();
  private readonly byName = new Map<string, number[]>();
  private readonly terms = new TermIndex();
  private nextId = 1;
  /** Files indexed from an update while the crawl runs: the crawl must not overwrite them with an older reading. */
  private readonly updated = new Set<string>();
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  private skipped = 0;
  private built: Promise<void> | null = null;
  private buildMs = 0;
  /** Files taken from the cache at start; and those of them the crawl found again. */
  private readonly restored = new Set<string>();
  private readonly found = new Set<string>();
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  /** Whether the index differs from the cache file (as taken back, or as last written). */
  private changedSinceSave = false;
  /** The crawl parses with a web-tree-sitter instance of its own (its parses are sliced), let go when it ends; updates use the shared one. */
  private parsers: ParserSource | null = null;

  constructor(private readonly deps: IndexDeps) {}

  get status(): { state: IndexState; files: number; declarations: number; skipped: number; buildMs: number } {
    return { state: this.state, files: this.files.size, declarations: this.symbols.size, skipped: this.skipped, buildMs: this.buildMs };
  }

  private get stopped(): boolean {
    return this.state === 'stopped';
  }

  /** Starts the crawl (once); the promise settles when it has ended. */
  start(): Promise<void> {
    if (this.state !== 'idle') return this.built ?? Promise.resolve();
    this.state = 'building';
    this.parsers = ownParsers();
    const started = performance.now();
    this.built = this.restore()
      .then(() => this.crawl())
      .catch((error) => this.deps.log.warn(`index: the crawl stopped: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        this.buildMs = performance.now() - started;
        this.parsers = null;
        this.terms.compact();
        // Once the crawl's last promises have let go of its instance, not within this turn.
        if (this.deps.collect) setTimeout(this.deps.collect, COLLECT_AFTER_MS).unref?.();
        if (this.state === 'building') {
          this.state = 'ready';
          this.deps.log.info(`index: ${this.files.size} files, ${this.symbols.size} declarations in ${Math.round(this.buildMs)} ms (${this.skipped} skipped, ${this.restored.size} from the cache)`);
        }
      })
      .then(() => this.save());
    return this.built;
  }

  /** Stops the crawl and every pending update; the index answers with what it has. */
  stop(): void {
    this.state = 'stopped';
    if (this.saveTimer) clearTimeout(this.saveTimer);
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }

  /** An open document changed: it is indexed from its text once typing has paused for `delayMs`. */
  changed(path: string, delayMs = 1000): void {
    if (this.stopped || !this.deps.files.folderOf(path) || !languageOfPath(path)) return;
    clearTimeout(this.pending.get(path));
    const timer = setTimeout(() => {
      this.pending.delete(path);
      void this.update(path);
    }, delayMs);
    timer.unref?.();
    this.pending.set(path, timer);
  }

  /** A file saved, created or changed on disk (or closed, its unsaved text dropped): indexed again now. */
  async update(path: string): Promise<void> {
    if (this.stopped || !this.deps.files.folderOf(path) || !languageOfPath(path)) return;
    this.updated.add(path);
    await this.indexOne(path);
    this.saveLater();
  }

  /** A file or directory deleted: its declarations (and those of every file under it) go. */
  removed(path: string): void {
    const prefix = path.endsWith(sep) ? path : path + sep;
    for (const file of [...this.files.keys()]) if (file === path || file.startsWith(prefix)) this.drop(file);
    this.saveLater();
  }

  /** Every declaration named `name` that a file of `languageId` could use, in path order. */
  lookup(name: string, languageId: string): IndexedSymbol[] {
    const family = FAMILY[languageId];
    if (!family) return [];
    return (this.byName.get(name) ?? [])
      .map((id) => this.symbols.get(id)!)
      .filter((s) => FAMILY[s.languageId] === family)
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line));
  }

  /** Whether some file of a package (Go: the folder; Java, Kotlin: the package name) parsed with errors, so the index may lack its declarations. */
  packagePartial(languageId: string, file: string, pkg: string): boolean {
    for (const [path, entry] of this.files) if (entry.partial && entry.languageId === languageId && (languageId === 'go' ? dirOf(path) === dirOf(file) : entry.pkg === pkg)) return true;
    return false;
  }

  /** The folders whose files declare package `name` (Go), for an import of the package a proposal names. */
  packageDirs(name: string, languageId: string): string[] {
    const dirs = new Set<string>();
    for (const [file, entry] of this.files) if (entry.pkg === name && entry.languageId === languageId && !file.endsWith('_test.go')) dirs.add(dirOf(file));
    return [...dirs].sort();
  }

  /** The declarations most relevant to an instruction, best first (see rank.ts), usable from the edited file. */
  search(request: SearchRequest): Found[] {
    const family = FAMILY[request.languageId];
    if (!family) return [];
    const query = queryOf(request.instruction, request.selection);
    const from = this.relative(request.file);
    const candidates: Scored[] = [];
    const usable = (id: number) => this.usable(this.symbols.get(id)!, request);
    for (const [id, hit] of this.terms.search(query.weights, usable)) {
      const symbol = this.symbols.get(id)!;
      candidates.push({ id, name: symbol.name, nameWords: symbol.nameWords, path: symbol.path, score: hit.score, matched: hit.matched });
    }
    // Mentioned names the words did not find (a one-word name made only of stop words) still count.
    for (const name of query.mentioned) {
      for (const id of this.byName.get(name) ?? []) {
        const symbol = this.symbols.get(id)!;
        if (candidates.some((c) => c.id === id) || FAMILY[symbol.languageId] !== family || request.exclude(symbol)) continue;
        candidates.push({ id, name, path: symbol.path, score: 0, matched: [] });
      }
    }
    const ranked: Ranked[] = rankCandidates(candidates, {
      from,
      imported: new Set(request.imported.map((f) => this.relative(f))),
      recent: request.recent.map((f) => this.relative(f)),
      mentioned: query.mentioned,
      words: query.weights,
    });
    return ranked.slice(0, request.limit).map((r) => ({ ...this.symbols.get(r.id)!, score: r.score, why: r.why }));
  }

  /** Every declaration the edited file could use that the request does not exclude, by folder proximity alone: the bench's baseline. */
  byProximity(request: SearchRequest): Found[] {
    const candidates: Scored[] = [];
    for (const [id, symbol] of this.symbols) if (this.usable(symbol, request)) candidates.push({ id, name: symbol.name, path: symbol.path, score: 0, matched: [] });
    return rankByProximity(candidates, this.relative(request.file))
      .slice(0, request.limit)
      .map((r) => ({ ...this.symbols.get(r.id)!, score: r.score, why: r.why }));
  }

  /** Same language family, visible from the edited file (exported, or its own, or its package's), and not excluded. */
  private usable(symbol: IndexedSymbol, request: SearchRequest): boolean {
    if (FAMILY[symbol.languageId] !== FAMILY[request.languageId]) return false;
    const visible = symbol.exported || symbol.file === request.file || (PACKAGE_VISIBLE.has(symbol.languageId) && dirOf(symbol.file) === dirOf(request.file));
    return visible && !request.exclude(symbol);
  }

  /** Workspace-relative form of an absolute path, `/`-separated. */
  private relative(path: string): string {
    const folder = this.deps.files.folderOf(path);
    return folder ? relative(folder, path).split(sep).join('/') : path;
  }

  /** Walks every folder, breadth first, directory by directory. */
  private async crawl(): Promise<void> {
    for (const root of this.deps.files.roots) {
      const queue: Array<{ dir: string; rules: Array<{ base: string; ignore: Ignore }> }> = [{ dir: root, rules: [] }];
      while (queue.length > 0) {
        if (this.stopped) return;
        const { dir, rules } = queue.shift()!;
        const listed = await this.deps.files.entries(dir, MAX_DIRECTORY_ENTRIES);
        if (!listed) {
          this.skip(dir, 'directory could not be listed');
          continue;
        }
        if (listed.more) this.deps.log.debug(`index: ${this.relative(dir) || '.'}: only the first ${MAX_DIRECTORY_ENTRIES} entries`);
        const here = listed.entries.some((e) => e.name === '.gitignore' && e.kind === 'file') ? await this.gitignore(join(dir, '.gitignore')) : null;
        const active = here ? [...rules, { base: dir, ignore: here }] : rules;
        for (const entry of listed.entries) {
          const path = join(dir, entry.name);
          if (entry.name.startsWith('.') || NEVER_WALKED.has(entry.name)) continue;
          if (ignored(active, path, entry.kind === 'directory')) continue;
          if (entry.kind === 'directory') queue.push({ dir: path, rules: active });
          else if (entry.kind === 'symlink') this.skip(path, 'a symbolic link (not followed; a target inside the folders is indexed where it lives)');
          else if (entry.kind === 'other' && languageOfPath(path)) this.skip(path, 'not a regular file');
          else if (entry.kind === 'file' && languageOfPath(path)) {
            if (this.files.size >= MAX_INDEXED_FILES) {
              this.deps.log.info(`index: stopped at ${MAX_INDEXED_FILES} files; the rest of the workspace is not searched`);
              return;
            }
            if (this.updated.has(path)) continue;
            if (this.restored.has(path)) {
              this.found.add(path);
              continue;
            }
            await this.indexOne(path, undefined, true);
            if (this.stopped) return;
          }
        }
      }
    }
  }

  /** Takes back the cache's entries for files unchanged on disk (a changed one is read again); an unusable cache is let go whole. */
  private async restore(): Promise<void> {
    const file = this.deps.cacheFile;
    if (!file) return;
    try {
      let batch: CachedFile[] = [];
      for await (const cached of readCache(file, this.deps.files.roots)) {
        batch.push(cached);
        if (batch.length < RESTORE_BATCH) continue;
        await this.restoreBatch(batch);
        batch = [];
        if (this.stopped) return;
      }
      await this.restoreBatch(batch);
    } catch (error) {
      for (const path of this.restored) this.drop(path);
      this.restored.clear();
      const why = error instanceof CacheUnusable ? error.message : `unreadable: ${(error as Error).message}`;
      this.deps.log.info(`index: the cache ${file} was not used (${why}); building afresh`);
    }
  }

  /** A batch of cache entries, their files looked at together (a look at a time would wait on the disk once per file). */
  private async restoreBatch(batch: readonly CachedFile[]): Promise<void> {
    await this.giveWay();
    const usable = batch.filter((c) => this.deps.files.folderOf(c.path) && languageOfPath(c.path) === c.languageId && !this.updated.has(c.path));
    const stamps = await Promise.all(usable.map((c) => this.deps.files.stamp(c.path)));
    // An entry left out (its file gone, or not indexed here now) is one the cache should lose.
    if (usable.length < batch.length || stamps.includes(null)) this.changedSinceSave = true;
    for (const [i, cached] of usable.entries()) {
      const stamp = stamps[i];
      if (stamp === null || this.stopped) continue;
      const [mtimeMs, size] = stamp.split(':').map(Number);
      if (size === cached.size && mtimeMs === cached.mtimeMs && this.deps.openText(cached.path) === undefined) this.add(cached, true);
      else await this.indexOne(cached.path, cached, true);
      if (this.files.has(cached.path)) this.restored.add(cached.path);
    }
  }

  /** Once the crawl has ended: cached files it did not find again (deleted, ignored now) go; then the cache is written. */
  private async save(): Promise<void> {
    if (this.stopped || !this.deps.cacheFile) return;
    for (const path of this.restored) if (!this.found.has(path) && !this.updated.has(path) && this.files.size < MAX_INDEXED_FILES) this.drop(path);
    this.restored.clear();
    this.found.clear();
    await this.write();
  }

  private saveLater(): void {
    if (!this.deps.cacheFile || this.state !== 'ready') return;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      void this.write();
    }, SAVE_DELAY_MS);
    this.saveTimer.unref?.();
  }

  /** Writes every file read from disk to the cache, a batch of lines per turn of the event loop; nothing when nothing changed. */
  private async write(): Promise<void> {
    if (!this.changedSinceSave) return;
    this.changedSinceSave = false;
    const file = this.deps.cacheFile!;
    const files = this.files;
    const entryOf = (path: string, entry: FileEntry) => this.cached(path, entry);
    const stopped = () => this.stopped;
    async function* lines(): AsyncGenerator<string> {
      let batch = '';
      let n = 0;
      for (const [path, entry] of files) {
        if (stopped()) throw new Error('the index stopped');
        if (entry.size < 0) continue;
        batch += `${JSON.stringify(entryOf(path, entry))}\n`;
        if (++n % WRITE_BATCH === 0) {
          yield batch;
          batch = '';
          await nextTurn();
        }
      }
      yield batch;
    }
    const started = performance.now();
    try {
      await writeCache(file, this.deps.files.roots, lines());
      this.deps.log.info(`index: cache written, ${this.files.size} files in ${Math.round(performance.now() - started)} ms`);
    } catch (error) {
      this.changedSinceSave = true;
      if (!this.stopped) this.deps.log.warn(`index: could not write the cache ${file}: ${(error as Error).message}`);
    }
  }

  private cached(path: string, entry: FileEntry): CachedFile {
    const declarations = entry.ids.map((id) => {
      const { name, kind, exported, signature, doc, line, endLine } = this.symbols.get(id)!;
      return { name, kind, exported, signature, doc, line, endLine, words: this.terms.counted(id) };
    });
    const { languageId, pkg, imports, partial, size, mtimeMs, hash } = entry;
    return { path, size, mtimeMs, hash, languageId, pkg, imports, partial, declarations };
  }

  private async gitignore(path: string): Promise<Ignore | null> {
    const file = await this.deps.files.load(path);
    if ('skipped' in file) return null;
    return ignore().add(file.text);
  }

  /** Lets what is waiting on the event loop (a request's bytes) in, then waits until the crawl may go on. */
  private async giveWay(): Promise<void> {
    await nextTurn();
    await this.deps.quiet();
  }

  /**
   * Reads, parses and indexes one file (an open document from the editor's text); a file that cannot
   * be read is dropped. `cached`: the cache's entry for it, used when the text hashes the same.
   * `crawling`: the crawl's work, which gives way to the user before each slice of it.
   */
  private async indexOne(path: string, cached?: CachedFile, crawling = false): Promise<void> {
    const languageId = languageOfPath(path)!;
    let text = this.deps.openText(path);
    let size = -1;
    let mtimeMs = -1;
    if (text === undefined) {
      const loaded = await this.deps.files.load(path);
      if ('skipped' in loaded) {
        this.drop(path);
        this.skip(path, loaded.skipped);
        return;
      }
      text = loaded.text;
      [mtimeMs, size] = loaded.stamp.split(':').map(Number);
    }
    const hash = contentHash(text);
    if (cached && cached.hash === hash && cached.languageId === languageId) {
      this.add({ ...cached, size, mtimeMs });
      return;
    }
    const tree = crawling && this.parsers ? await parseInSlices(languageId, text, this.parsers, () => this.giveWay(), () => this.stopped) : await parseText(languageId, text);
    if (this.stopped) {
      tree?.delete();
      return;
    }
    if (!tree) {
      this.drop(path);
      this.skip(path, 'too large to parse');
      return;
    }
    let parsed;
    const partial = tree.rootNode.hasError;
    try {
      // Reading the declarations of a large tree is a piece of work of its own.
      if (crawling) await this.giveWay();
      parsed = parseFile(path, languageId, tree.rootNode, text);
    } finally {
      tree.delete();
    }
    if (this.stopped || !parsed) return;
    const indexed = indexFile(parsed);
    const fileWords = pathWords(this.relative(path));
    this.add({
      path,
      size,
      mtimeMs,
      hash,
      languageId,
      pkg: indexed.pkg,
      imports: indexed.imports,
      partial,
      declarations: indexed.declarations.map((d) => ({ ...d, words: counted([...d.words, ...fileWords]) })),
    });
  }

  /** Indexes a file's reading (a parse's, or the cache's), in place of what the index had of it; `asCached`: as the cache has it, so the cache need not be written again. */
  private add(file: CachedFile, asCached = false): void {
    const { path, languageId } = file;
    this.drop(path);
    if (!asCached) this.changedSinceSave = true;
    const rel = this.relative(path);
    const pkg = detached(file.pkg);
    const entry: FileEntry = { rel, languageId, pkg, imports: file.imports.map(detached), ids: [], partial: file.partial, size: file.size, mtimeMs: file.mtimeMs, hash: file.hash };
    for (const declaration of file.declarations) {
      const id = this.nextId++;
      this.terms.addCounted(id, declaration.words);
      // Copies: a string cut from the file's text would keep the whole text alive as long as the index
      // (the name's words are the term index's own, when it has them).
      const symbol: IndexedSymbol = {
        name: detached(declaration.name),
        nameWords: [...new Set(wordsOf(declaration.name))].map((w) => this.terms.intern(w)),
        kind: kindOf(declaration.kind),
        exported: declaration.exported,
        signature: detached(declaration.signature),
        doc: detached(declaration.doc),
        line: declaration.line,
        endLine: declaration.endLine,
        file: path,
        path: rel,
        languageId,
        pkg,
      };
      this.symbols.set(id, symbol);
      const named = this.byName.get(symbol.name);
      if (named) named.push(id);
      else this.byName.set(symbol.name, [id]);
      entry.ids.push(id);
    }
    this.files.set(path, entry);
  }

  private drop(path: string): void {
    const entry = this.files.get(path);
    if (!entry) return;
    this.changedSinceSave = true;
    this.files.delete(path);
    for (const id of entry.ids) {
      const symbol = this.symbols.get(id)!;
      this.symbols.delete(id);
      this.terms.remove(id);
      const named = this.byName.get(symbol.name)!.filter((other) => other !== id);
      if (named.length > 0) this.byName.set(symbol.name, named);
      else this.byName.delete(symbol.name);
    }
  }

  private skip(path: string, why: string): void {
    this.skipped++;
    this.deps.log.debug(`index: skipped ${this.relative(path)}: ${why}`);
  }
}

/** One string per kind, though each cache entry read back spells its own. */
const KINDS = new Map<string, string>();
function kindOf(kind: string): string {
  let own = KINDS.get(kind);
  if (own === undefined) KINDS.set((own = detached(kind)), own);
  return own;
}

/** Each distinct word once, with how often it occurs. */
function counted(words: readonly string[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts];
}

function dirOf(path: string): string {
  return path.slice(0, path.lastIndexOf(sep));
}

/** Whether a path is ignored by the .gitignore files above it (each matches paths relative to its own directory). */
function ignored(rules: ReadonlyArray<{ base: string; ignore: Ignore }>, path: string, directory: boolean): boolean {
  for (const { base, ignore: rule } of rules) {
    const rel = relative(base, path).split(sep).join('/');
    if (rel && rule.ignores(directory ? `${rel}/` : rel)) return true;
  }
  return false;
}
