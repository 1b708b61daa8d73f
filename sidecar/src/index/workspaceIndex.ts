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
 * With a cache file (`cache.ts`), a start first takes back the snapshot the last one wrote (checked
 * whole, then taken in slices that give way as the crawl does; an update waits for the end); then
 * a file whose size or modification time changed is read again, and parsed again only if its text
 * hashes differently; the crawl then reads only files the snapshot did not have, and drops those it
 * no longer finds. The snapshot is written again once the crawl ends, and a while after updates, in
 * slices too; a file that changes while it is taken abandons that write (another follows later).
 *
 * Memory: declarations are columns (`declarations.ts`), words postings in typed arrays (`terms.ts`);
 * the signature and doc of a declaration are not kept (a request outlines the few it takes from their
 * file again), nor a file's imports.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { join, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { parseFileSteps } from '../context/definitions/definitions.js';
import { CacheUnusable, contentHash, encoding, readSnapshot, writeSnapshot, type Snapshot } from './cache.js';
import { DeclarationTable, type DeclarationRow } from './declarations.js';
import type { WorkspaceFiles } from '../context/workspace.js';
import { parseInSlices, parseText } from '../scope/parse.js';
import { languageOfPath, ownParsers, type ParserSource } from '../scope/grammars.js';
import type { Logger } from '../server/log.js';
import { queryOf, rankByProximity, rankCandidates, type Ranked, type Scored } from './rank.js';
import { SLICE_MS, sliced, whole, type Steps } from './slices.js';
import { indexFile } from './symbols.js';
import { BOOSTER_SHARE, SCORED_KEPT, TermIndex } from './terms.js';
import { pathWords } from './words.js';
import { detached } from '@redline/shared-protocol';

/**
 * Files indexed at most; past it the crawl stops and says so once. At 200,000 files the sidecar holds
 * about 400 MB after the crawl and 360 MB after a start from the snapshot (docs/benchmarks.md).
 */
export const MAX_INDEXED_FILES = 200_000;
/** The collection after the crawl and the snapshot written waits this long. */
const COLLECT_AFTER_MS = 1000;
/** Files whose declarations go into a snapshot being written per step (see `slices.ts`). */
const SNAPSHOT_STEP = 128;
/** Files of a snapshot taken into the index per step; and its words numbered per step. */
const LOADED_FILES = 64;
const LOADED_WORDS = 4096;
/** Files of the snapshot looked at (their size and time) per turn of the event loop. */
const RESTORE_BATCH = 256;
/** The cache is written again this long after the last update. */
export const SAVE_DELAY_MS = 30_000;
/** Directories the crawl lists ahead of the one it walks. */
const LISTED_AHEAD = 8;
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
  /** Its number in the declarations' columns. */
  no: number;
  path: string;
  /** Workspace-relative, `/`-separated. */
  rel: string;
  languageId: string;
  pkg: string;
  /** Its declarations' ids: `first` and the `count` after it. */
  first: number;
  count: number;
  /** The parse had errors: some declarations of the file may be missing (a grammar's gap, or code being typed). */
  partial: boolean;
  /** On disk when read (-1: read from the editor's text, so never taken from the cache as it stands). */
  size: number;
  mtimeMs: number;
  hash: string;
}

/** A file as read: its declarations (in order) with the words each is found by, each with how often it counts. */
interface FileReading extends Omit<FileEntry, 'no' | 'rel' | 'first' | 'count'> {
  declarations: Array<DeclarationRow & { words: Array<[string, number]> }>;
}

/** A declaration as the index knows it, with its file. */
export interface IndexedSymbol extends DeclarationRow {
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
  /** Every word finds documents, common selection words too (see BOOSTER_SHARE): the bench's peer for what that rule loses. */
  exact?: boolean;
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
  /** How long a slice of taking the snapshot back or of writing it runs before giving way (default SLICE_MS; tests: 0, a slice per step). */
  sliceMs?: number;
}

/** A file changed while the snapshot was being taken: it would hold part of each state. */
class Abandoned extends Error {}

export class WorkspaceIndex {
  private state: IndexState = 'idle';
  private readonly files = new Map<string, FileEntry>();
  /** Files by number (undefined once dropped): a declaration's file. */
  private readonly numbered: Array<FileEntry | undefined> = [];
  private readonly declarations = new DeclarationTable();
  private readonly terms = new TermIndex();
  private nextId = 1;
  /** Files indexed from an update while the crawl runs: the crawl must not overwrite them with an older reading. */
  private readonly updated = new Set<string>();
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  private skipped = 0;
  private built: Promise<void> | null = null;
  private buildMs = 0;
  /** Files taken from the snapshot at start; and those of them the crawl found again. */
  private readonly restored = new Set<string>();
  private readonly found = new Set<string>();
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  /** Whether the index differs from the cache file (as taken back, or as last written). */
  private changedSinceSave = false;
  /** Counts the files added, dropped or restamped: a snapshot taken across turns of the event loop is whole only if it did not move. */
  private changes = 0;
  /** The crawl parses with a web-tree-sitter instance of its own (its parses are sliced), let go when it ends; updates use the shared one. */
  private parsers: ParserSource | null = null;
  /** While the snapshot is taken back (its ids come in its order, above every other): an update waits for it. */
  private loading: Promise<void> | null = null;

  constructor(private readonly deps: IndexDeps) {}

  get status(): { state: IndexState; files: number; declarations: number; skipped: number; buildMs: number } {
    return { state: this.state, files: this.files.size, declarations: this.declarations.size, skipped: this.skipped, buildMs: this.buildMs };
  }

  private get sliceMs(): number {
    return this.deps.sliceMs ?? SLICE_MS;
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
      .finally(async () => {
        this.parsers = null;
        await sliced(this.terms.compact(), () => this.giveWay(), this.sliceMs);
        this.buildMs = performance.now() - started;
        if (this.state === 'building') {
          this.state = 'ready';
          this.deps.log.info(`index: ${this.files.size} files, ${this.declarations.size} declarations in ${Math.round(this.buildMs)} ms (${this.skipped} skipped, ${this.restored.size} from the cache)`);
        }
      })
      .then(() => this.save())
      .finally(() => {
        // Once the crawl's last promises have let go of its instance, and the snapshot written (its
        // arrays, tens of megabytes at 40k files, are garbage then), not within this turn.
        if (this.deps.collect) setTimeout(this.deps.collect, COLLECT_AFTER_MS).unref?.();
      });
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
    // Left out of the snapshot's load if it comes after this; indexed once the load has ended.
    await this.loading;
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
    return this.declarations
      .named(name)
      .map((id) => this.symbolOf(id))
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
    const usable = (id: number) => this.usable(id, request);
    for (const [id, hit] of this.terms.search(query.weights, usable, SCORED_KEPT, request.exact ? 1 : BOOSTER_SHARE)) {
      candidates.push({ id, name: this.declarations.name(id), path: this.numbered[this.declarations.file(id)]!.rel, score: hit.score, matched: hit.matched });
    }
    // Mentioned names the words did not find (a one-word name made only of stop words) still count.
    for (const name of query.mentioned) {
      for (const id of this.declarations.named(name)) {
        const symbol = this.symbolOf(id);
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
    }, request.limit);
    return ranked.map((r) => ({ ...this.symbolOf(r.id), score: r.score, why: r.why }));
  }

  /** Every declaration the edited file could use that the request does not exclude, by folder proximity alone: the bench's baseline. */
  byProximity(request: SearchRequest): Found[] {
    const candidates: Scored[] = [];
    for (const id of this.declarations.ids()) if (this.usable(id, request)) candidates.push({ id, name: this.declarations.name(id), path: this.numbered[this.declarations.file(id)]!.rel, score: 0, matched: [] });
    return rankByProximity(candidates, this.relative(request.file))
      .slice(0, request.limit)
      .map((r) => ({ ...this.symbolOf(r.id), score: r.score, why: r.why }));
  }

  private symbolOf(id: number): IndexedSymbol {
    const file = this.numbered[this.declarations.file(id)]!;
    const { name, kind, exported, line, endLine } = this.declarations.row(id);
    return { name, kind, exported, line, endLine, file: file.path, path: file.rel, languageId: file.languageId, pkg: file.pkg };
  }

  /** Same language family, visible from the edited file (exported, or its own, or its package's), and not excluded. */
  private usable(id: number, request: SearchRequest): boolean {
    const file = this.numbered[this.declarations.file(id)]!;
    if (FAMILY[file.languageId] !== FAMILY[request.languageId]) return false;
    const visible = this.declarations.exported(id) || file.path === request.file || (PACKAGE_VISIBLE.has(file.languageId) && dirOf(file.path) === dirOf(request.file));
    return visible && !request.exclude(this.symbolOf(id));
  }

  /** Workspace-relative form of an absolute path, `/`-separated. */
  private relative(path: string): string {
    return this.deps.files.displayPath(path);
  }

  /** Walks every folder, breadth first, directory by directory. */
  private async crawl(): Promise<void> {
    // Listings asked for ahead of the walk: one at a time, the walk would wait on the disk once per directory.
    const listings = new Map<string, ReturnType<WorkspaceFiles['entries']>>();
    const listing = (dir: string) => {
      let listed = listings.get(dir);
      if (!listed) listings.set(dir, (listed = this.deps.files.entries(dir, MAX_DIRECTORY_ENTRIES)));
      return listed;
    };
    for (const root of this.deps.files.roots) {
      const queue: Array<{ dir: string; rules: Array<{ base: string; ignore: Ignore }> }> = [{ dir: root, rules: [] }];
      while (queue.length > 0) {
        if (this.stopped) return;
        const { dir, rules } = queue.shift()!;
        for (const ahead of queue.slice(0, LISTED_AHEAD)) void listing(ahead.dir);
        const listed = await listing(dir);
        listings.delete(dir);
        if (!listed) {
          this.skip(dir, 'directory could not be listed');
          continue;
        }
        if (listed.more) this.deps.log.debug(`index: ${this.relative(dir) || '.'}: only the first ${MAX_DIRECTORY_ENTRIES} entries`);
        const here = listed.entries.some((e) => e.name === '.gitignore' && e.kind === 'file') ? await this.gitignore(join(dir, '.gitignore')) : null;
        const active = here ? [...rules, { base: dir, ignore: here }] : rules;
        for (const entry of listed.entries) {
          // Not join: it normalises the whole path again, garbage for every entry of a large workspace.
          const path = dir.endsWith(sep) ? dir + entry.name : dir + sep + entry.name;
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
            await this.indexOrLeaveOut(path, undefined);
            if (this.stopped) return;
          }
        }
      }
    }
  }

  /**
   * Takes back the snapshot (checked whole first, then taken in a slice at a time, giving way between
   * slices as the crawl does), then looks at each of its files on disk (a changed one is read again);
   * an unusable snapshot is let go whole.
   */
  private async restore(): Promise<void> {
    const file = this.deps.cacheFile;
    if (!file) return;
    let loaded!: () => void;
    this.loading = new Promise((resolve) => (loaded = resolve));
    try {
      let snapshot: Snapshot | null;
      try {
        snapshot = await readSnapshot(file, this.deps.files.roots, (steps) => sliced(steps, () => this.giveWay(), this.sliceMs));
      } catch (error) {
        const why = error instanceof CacheUnusable ? error.message : `unreadable: ${(error as Error).message}`;
        this.deps.log.info(`index: the cache ${file} was not used (${why}); building afresh`);
        return;
      }
      if (!snapshot || this.stopped) return;
      await sliced(this.load(snapshot), () => this.giveWay(), this.sliceMs);
    } finally {
      this.loading = null;
      loaded();
    }
    const paths = [...this.restored];
    for (let i = 0; i < paths.length && !this.stopped; i += RESTORE_BATCH) await this.restoreBatch(paths.slice(i, i + RESTORE_BATCH));
  }

  /**
   * The snapshot's files and declarations into the index, as they were (a file the editor updated
   * meanwhile, or no longer indexed here, left out), LOADED_FILES files per step: between steps a
   * request finds the files taken so far, as one during the crawl finds those read so far.
   */
  private *load(s: Snapshot): Steps<void> {
    const own = new Int32Array(s.vocabulary.length);
    for (let i = 0; i < own.length; i += LOADED_WORDS) {
      own.set(this.terms.numbers(s.vocabulary.slice(i, i + LOADED_WORDS)), i);
      yield;
    }
    const first = this.nextId;
    yield* this.terms.reserve(first + s.runs.length - 1, own, s.terms);
    for (let f0 = 0, words = 0; f0 < s.paths.length; f0 += LOADED_FILES) {
      const f1 = Math.min(s.paths.length, f0 + LOADED_FILES);
      const d0 = this.nextId - first;
      let d1 = d0;
      for (let f = f0; f < f1; f++) d1 += s.declarationCounts[f];
      let w1 = words;
      for (let d = d0; d < d1; d++) w1 += s.runs[d];
      this.terms.addAll(this.nextId, own, s.runs.subarray(d0, d1), s.terms.subarray(words, w1), s.counts.subarray(words, w1));
      words = w1;
      let id = this.nextId;
      for (let f = f0; f < f1; f++) {
        const path = s.paths[f];
        const count = s.declarationCounts[f];
        if (!this.deps.files.folderOf(path) || languageOfPath(path) !== s.languages[f] || this.updated.has(path)) {
          for (let k = id; k < id + count; k++) this.terms.remove(k);
          this.changedSinceSave = true;
        } else {
          const entry = this.enter({ path, languageId: s.languages[f], pkg: s.pkgs[f], partial: s.partial[f] === 1, size: s.sizes[f], mtimeMs: s.mtimes[f], hash: s.hashes[f] }, id, count);
          for (let k = id; k < id + count; k++) {
            const i = k - first;
            this.declarations.add(k, entry.no, { name: s.names[s.name[i]], kind: s.kinds[s.kind[i]], exported: s.exported[i] === 1, line: s.line[i], endLine: s.endLine[i] });
          }
          this.restored.add(path);
        }
        id += count;
      }
      this.nextId = id;
      yield;
      if (this.stopped) return;
    }
  }

  /** A batch of the snapshot's files looked at together (a look at a time would wait on the disk once per file). */
  private async restoreBatch(paths: readonly string[]): Promise<void> {
    await this.giveWay();
    // As written: the crawl that follows drops a file no longer inside the folders as walked.
    const stamps = await Promise.all(paths.map((path) => this.deps.files.stampAsWritten(path)));
    for (const [i, path] of paths.entries()) {
      const entry = this.files.get(path);
      if (!entry || this.updated.has(path) || this.stopped) continue;
      const stamp = stamps[i];
      if (stamp === null) {
        this.drop(path);
        this.restored.delete(path);
        continue;
      }
      const [mtimeMs, size] = stamp.split(':').map(Number);
      const changed = size !== entry.size || mtimeMs !== entry.mtimeMs || this.deps.openText(path) !== undefined;
      // A file left out stays among the restored, so the crawl does not read it again.
      if (changed && !(await this.indexOrLeaveOut(path, entry.hash))) continue;
      if (!this.files.has(path)) this.restored.delete(path);
    }
  }

  /** Once the crawl has ended: snapshot files it did not find again (deleted, ignored now) go; then the snapshot is written. */
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

  /** Writes the snapshot of every file read from disk, taken a slice at a time; nothing when nothing changed. */
  private async write(): Promise<void> {
    if (!this.changedSinceSave) return;
    this.changedSinceSave = false;
    const file = this.deps.cacheFile!;
    const started = performance.now();
    const at = this.changes;
    try {
      const snapshot = await sliced(
        this.snapshot(),
        async () => {
          await this.giveWay();
          if (this.changes !== at) throw new Abandoned();
        },
        this.sliceMs,
      );
      // The snapshot is a copy from here: the index may change while it is encoded and written.
      const parts = await sliced(encoding(snapshot, this.deps.files.roots), () => this.giveWay(), this.sliceMs);
      await writeSnapshot(file, parts);
      this.deps.log.info(`index: cache written, ${this.files.size} files in ${Math.round(performance.now() - started)} ms`);
    } catch (error) {
      this.changedSinceSave = true;
      if (error instanceof Abandoned) this.saveLater();
      else if (!this.stopped) this.deps.log.warn(`index: could not write the cache ${file}: ${(error as Error).message}`);
    }
  }

  /** The index as the snapshot holds it: the files read from disk, their declarations, names and kinds numbered afresh; in steps, during which the index must not change. */
  private *snapshot(): Steps<Snapshot> {
    const entries = [...this.files.values()].filter((e) => e.size >= 0);
    const names = new Map<string, number>();
    const kinds = new Map<string, number>();
    const numberOf = (map: Map<string, number>, text: string) => map.get(text) ?? map.set(text, map.size).size - 1;
    const total = entries.reduce((n, e) => n + e.count, 0);
    const ids = new Int32Array(total);
    yield;
    // A column per step: each is a pass over every file.
    const paths = entries.map((e) => e.path);
    yield;
    const hashes = entries.map((e) => e.hash);
    yield;
    const languages = entries.map((e) => e.languageId);
    yield;
    const pkgs = entries.map((e) => e.pkg);
    yield;
    const sizes = new Float64Array(entries.length);
    const mtimes = new Float64Array(entries.length);
    const partial = new Uint8Array(entries.length);
    const declarationCounts = new Int32Array(entries.length);
    for (const [n, e] of entries.entries()) [sizes[n], mtimes[n], partial[n], declarationCounts[n]] = [e.size, e.mtimeMs, e.partial ? 1 : 0, e.count];
    yield;
    const s: Omit<Snapshot, 'runs' | 'terms' | 'counts' | 'names' | 'kinds'> = {
      paths,
      sizes,
      mtimes,
      hashes,
      languages,
      pkgs,
      partial,
      declarationCounts,
      name: new Int32Array(total),
      kind: new Uint16Array(total),
      exported: new Uint8Array(total),
      line: new Int32Array(total),
      endLine: new Int32Array(total),
      vocabulary: [...this.terms.vocabulary],
    };
    let i = 0;
    for (const [n, entry] of entries.entries()) {
      if (n % SNAPSHOT_STEP === SNAPSHOT_STEP - 1) yield;
      for (let id = entry.first; id < entry.first + entry.count; id++, i++) {
        const row = this.declarations.row(id);
        ids[i] = id;
        s.name[i] = numberOf(names, row.name);
        s.kind[i] = numberOf(kinds, row.kind);
        s.exported[i] = row.exported ? 1 : 0;
        s.line[i] = row.line;
        s.endLine[i] = row.endLine;
      }
    }
    yield;
    return { ...s, names: [...names.keys()], kinds: [...kinds.keys()], ...(yield* this.terms.documents(ids)) };
  }

  private async gitignore(path: string): Promise<Ignore | null> {
    const file = await this.deps.files.load(path);
    if ('skipped' in file) return null;
    return ignore().add(file.text);
  }

  /** The crawl's work in slices that give way; an update's at once. */
  private async run<T>(steps: Steps<T>, crawling: boolean): Promise<T> {
    return crawling ? sliced(steps, () => this.giveWay(), this.sliceMs) : whole(steps);
  }

  /** Lets what is waiting on the event loop (a request's bytes) in, then waits until the crawl may go on. */
  private async giveWay(): Promise<void> {
    await nextTurn();
    await this.deps.quiet();
  }

  /**
   * The crawl's `indexOne`: a file whose reading fails in a way nothing foresaw (the disk, the
   * parser) is left out with a warning, so one file does not end the crawl for the whole workspace.
   * False when it was left out.
   */
  private async indexOrLeaveOut(path: string, known: string | undefined): Promise<boolean> {
    try {
      await this.indexOne(path, known, true);
      return true;
    } catch (error) {
      this.drop(path);
      this.skipped++;
      this.deps.log.warn(`index: left out ${this.relative(path)}: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  /**
   * Reads, parses and indexes one file (an open document from the editor's text); a file that cannot
   * be read is dropped. `known`: the hash of the text the index holds it from; a text that hashes the
   * same is not parsed again, only its new size and time kept. `crawling`: the crawl's work, which
   * gives way to the user before each slice of it.
   */
  private async indexOne(path: string, known?: string, crawling = false): Promise<void> {
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
    const held = this.files.get(path);
    if (known !== undefined && known === hash && held?.hash === hash && held.languageId === languageId) {
      held.size = size;
      held.mtimeMs = mtimeMs;
      this.changedSinceSave = true;
      this.changes++;
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
      // Reading the declarations of a large tree takes as long as its parse: the crawl's is sliced too.
      if (crawling) await this.giveWay();
      parsed = await this.run(parseFileSteps(path, languageId, tree.rootNode, text), crawling);
    } finally {
      tree.delete();
    }
    if (this.stopped || !parsed) return;
    const indexed = await this.run(indexFile(parsed), crawling);
    // The crawl gave way while it read this file: an update of it meanwhile holds the newer reading.
    if (crawling && this.updated.has(path)) return;
    const fileWords = pathWords(this.relative(path));
    this.add({
      path,
      size,
      mtimeMs,
      hash,
      languageId,
      pkg: indexed.pkg,
      partial,
      declarations: indexed.declarations.map((d) => ({ ...d, words: counted([...d.words, ...fileWords]) })),
    });
  }

  /** Indexes a file's reading in place of what the index had of it. */
  private add(file: FileReading): void {
    this.drop(file.path);
    this.changedSinceSave = true;
    this.changes++;
    const entry = this.enter(file, this.nextId, file.declarations.length);
    for (const declaration of file.declarations) {
      const id = this.nextId++;
      this.terms.addCounted(id, declaration.words);
      this.declarations.add(id, entry.no, declaration);
    }
  }

  /** A file's entry, numbered, its declarations to be `count` ids from `first`. */
  private enter(file: Omit<FileReading, 'declarations'>, first: number, count: number): FileEntry {
    // A copy: a package name cut from the file's text would keep the whole text alive as long as the index.
    const { path, languageId, pkg, partial, size, mtimeMs, hash } = file;
    const entry: FileEntry = { no: this.numbered.length, path, rel: this.relative(path), languageId, pkg: detached(pkg), first, count, partial, size, mtimeMs, hash };
    this.numbered.push(entry);
    this.files.set(file.path, entry);
    return entry;
  }

  private drop(path: string): void {
    const entry = this.files.get(path);
    if (!entry) return;
    this.changedSinceSave = true;
    this.changes++;
    this.files.delete(path);
    this.numbered[entry.no] = undefined;
    for (let id = entry.first; id < entry.first + entry.count; id++) {
      this.declarations.remove(id);
      this.terms.remove(id);
    }
  }

  private skip(path: string, why: string): void {
    this.skipped++;
    this.deps.log.debug(`index: skipped ${this.relative(path)}: ${why}`);
  }
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
