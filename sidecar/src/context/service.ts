/**
 * The sidecar's one owner of context: stores the workspace folders at `initialize` and records the
 * user's edits from the start (and the folders' later changes), but loads the builder (tree-sitter queries, resolution, caches) only
 * on the first request that needs it, so start-up stays lean. A context failure never fails a
 * request: it is logged and the request goes on with the code and its surroundings alone.
 *
 * It also owns the workspace symbol index (`index/workspaceIndex.ts`): started once the client is
 * initialized, rebuilt when the folders change, fed the editor's changes, saves and watched files,
 * and paused while a context request is served or the user types (`index/crawlPace.ts`).
 */
import { homedir } from 'node:os';
import type { FileEvent, InitializeParams, WorkspaceFoldersChangeEvent } from '@redline/shared-protocol';
import { CrawlPace } from '../index/crawlPace.js';
import type { WorkspaceIndex } from '../index/workspaceIndex.js';
import type { SyntaxCache } from '../scope/parse.js';
import type { DocumentStore } from '../server/documents.js';
import type { Logger } from '../server/log.js';
import type { CompletionContextRequest, ContextBuilder, EditContextRequest, NextEditContextRequest } from './builder.js';
import { RecentEdits, type EditRecord } from './recentEdits.js';
import type { ContextItem } from './types.js';
import { displayPathOf, pathOfUri, WorkspaceFiles, workspaceFoldersOf } from './workspace.js';

/** After `initialized`, the crawl waits this long: the client's first messages (opening the documents) go first. */
export const INDEX_START_DELAY_MS = 500;
/** LSP's FileChangeType.Deleted. */
const DELETED = 3;

export type { CompletionContextRequest, EditContextRequest, NextEditContextRequest } from './builder.js';

/** What edit sessions and completions ask of the context. */
export interface ContextSource {
  forEdit(request: EditContextRequest): Promise<ContextItem[]>;
  forCompletion(request: CompletionContextRequest): Promise<ContextItem[]>;
  /** A document's path as prompts show it: relative to its workspace folder. */
  displayPath(uri: string): string;
}

export class ContextService implements ContextSource {
  private readonly edits: RecentEdits;
  private folders: string[] = [];
  private builder: Promise<ContextBuilder> | null = null;
  private index: WorkspaceIndex | null = null;
  /** The index is wanted (after `initialized`); a change of folders starts a new one. */
  private indexing = false;
  private readonly pace = new CrawlPace();

  constructor(private readonly deps: { documents: DocumentStore; syntax: SyntaxCache; log: Logger; collectGarbage?: () => void }) {
    this.edits = new RecentEdits((uri) => deps.documents.get(uri));
    deps.documents.onChange((change) => {
      this.pace.activity();
      this.edits.track(change);
      const path = pathOfUri(change.uri);
      if (path) this.index?.changed(path);
    });
    deps.documents.onClose((uri) => {
      this.edits.forget(uri);
      // The editor's unsaved text is gone: what the disk says counts again.
      const path = pathOfUri(uri);
      if (path) void this.index?.update(path);
    });
  }

  /** From `initialized`: the index is built in the background, after a short delay. */
  startIndex(delayMs = INDEX_START_DELAY_MS): void {
    this.indexing = true;
    setTimeout(() => void this.newIndex(), delayMs).unref?.();
  }

  /** The index, for tests and the bench: null until it has been started. */
  get workspaceIndex(): WorkspaceIndex | null {
    return this.index;
  }

  /** A request from the user (a completion, a next edit, an inline edit): the index crawl gives way as it does to typing. */
  userActive(): void {
    this.pace.activity();
  }

  /** From `textDocument/didSave`: the file is indexed again now. */
  saved(uri: string): void {
    const path = pathOfUri(uri);
    if (path) void this.index?.update(path);
  }

  /** From `workspace/didChangeWatchedFiles`: created and changed files indexed again, deleted ones (or folders) removed. */
  filesChanged(changes: readonly FileEvent[]): void {
    for (const change of changes) {
      const path = pathOfUri(change.uri);
      if (!path || !this.index) continue;
      if (change.type === DELETED) this.index.removed(path);
      else void this.index.update(path);
    }
  }

  private async newIndex(): Promise<void> {
    this.index?.stop();
    this.index = null;
    if (!this.indexing || this.folders.length === 0) return;
    const { WorkspaceIndex } = await import('../index/workspaceIndex.js');
    const { cacheFileOf, userCacheDirectory } = await import('../index/cache.js');
    const documents = this.deps.documents;
    const files = new WorkspaceFiles(this.folders);
    this.index = new WorkspaceIndex({
      files,
      cacheFile: cacheFileOf(userCacheDirectory(process.env, process.platform, homedir()), files.roots),
      collect: this.deps.collectGarbage,
      log: this.deps.log,
      quiet: () => this.pace.turn(),
      openText: (path) => {
        for (const doc of documents.all()) if (pathOfUri(doc.uri) === path) return doc.buffer.getText();
        return undefined;
      },
    });
    void this.index.start();
  }

  /** From `initialize`: only stored; read on the first request. */
  setWorkspace(params: Pick<InitializeParams, 'workspaceFolders' | 'rootUri'>): void {
    this.folders = workspaceFoldersOf(params);
    this.builder = null;
    if (this.indexing) void this.newIndex();
  }

  /** From `workspace/didChangeWorkspaceFolders`: removed folders go, added ones join; the next request starts a fresh builder over them. */
  changeWorkspace(event: WorkspaceFoldersChangeEvent): void {
    const removed = new Set(workspaceFoldersOf({ workspaceFolders: event.removed }));
    const added = workspaceFoldersOf({ workspaceFolders: event.added });
    this.folders = [...new Set([...this.folders.filter((folder) => !removed.has(folder)), ...added])];
    this.builder = null;
    if (this.indexing) void this.newIndex();
  }

  forEdit(request: EditContextRequest): Promise<ContextItem[]> {
    return this.safely('edit', (builder) => builder.forEdit(request));
  }

  forCompletion(request: CompletionContextRequest): Promise<ContextItem[]> {
    return this.safely('completion', (builder) => builder.forCompletion(request));
  }

  forNextEdit(request: NextEditContextRequest): Promise<ContextItem[]> {
    return this.safely('next edit', (builder) => builder.forNextEdit(request));
  }

  /** The names a proposal uses that nothing gives it; none when the check fails (logged). */
  async missingNames(input: Parameters<ContextBuilder['missingNames']>[0]): Promise<Awaited<ReturnType<ContextBuilder['missingNames']>>> {
    try {
      return await (await this.load()).missingNames(input);
    } catch (error) {
      this.deps.log.warn(`name check left out: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    }
  }

  displayPath(uri: string): string {
    return displayPathOf(uri, this.folders);
  }

  /** The user's recent edits in every document, most recent first (next-edit prompts show them whatever `fileContextEnabled` says). */
  recentEdits(): EditRecord[] {
    return this.edits.recent();
  }

  /** A next-edit hunk the user accepted: its lines [start, start + after.length) now read `after`, and read `before` until then. */
  acceptedEdit(uri: string, start: number, before: readonly string[], after: readonly string[]): void {
    this.edits.accepted(uri, start, before, after);
  }

  private safely(what: string, work: (builder: ContextBuilder) => Promise<ContextItem[]>): Promise<ContextItem[]> {
    return this.pace.serve(async () => {
      try {
        return await work(await this.load());
      } catch (error) {
        this.deps.log.warn(`context for ${what} left out: ${error instanceof Error ? error.message : String(error)}`);
        return [];
      }
    });
  }

  private load(): Promise<ContextBuilder> {
    this.builder ??= import('./builder.js').then(({ ContextBuilder }) => new ContextBuilder({ documents: this.deps.documents, syntax: this.deps.syntax, edits: this.edits, folders: this.folders, index: () => this.index }));
    return this.builder;
  }
}
