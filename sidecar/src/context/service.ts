/**
 * The sidecar's one owner of context: stores the workspace folders at `initialize` and records the
 * user's edits from the start (and the folders' later changes), but loads the builder (tree-sitter queries, resolution, caches) only
 * on the first request that needs it, so start-up stays lean. A context failure never fails a
 * request: it is logged and the request goes on with the code and its surroundings alone.
 */
import type { InitializeParams, WorkspaceFoldersChangeEvent } from '@redline/shared-protocol';
import type { SyntaxCache } from '../scope/parse.js';
import type { DocumentStore } from '../server/documents.js';
import type { Logger } from '../server/log.js';
import type { CompletionContextRequest, ContextBuilder, EditContextRequest } from './builder.js';
import { RecentEdits, type EditRecord } from './recentEdits.js';
import type { ContextItem } from './types.js';
import { displayPathOf, workspaceFoldersOf } from './workspace.js';

export type { CompletionContextRequest, EditContextRequest } from './builder.js';

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

  constructor(private readonly deps: { documents: DocumentStore; syntax: SyntaxCache; log: Logger }) {
    this.edits = new RecentEdits((uri) => deps.documents.get(uri));
    deps.documents.onChange((change) => this.edits.track(change));
    deps.documents.onClose((uri) => this.edits.forget(uri));
  }

  /** From `initialize`: only stored; read on the first request. */
  setWorkspace(params: Pick<InitializeParams, 'workspaceFolders' | 'rootUri'>): void {
    this.folders = workspaceFoldersOf(params);
    this.builder = null;
  }

  /** From `workspace/didChangeWorkspaceFolders`: removed folders go, added ones join; the next request starts a fresh builder over them. */
  changeWorkspace(event: WorkspaceFoldersChangeEvent): void {
    const removed = new Set(workspaceFoldersOf({ workspaceFolders: event.removed }));
    const added = workspaceFoldersOf({ workspaceFolders: event.added });
    this.folders = [...new Set([...this.folders.filter((folder) => !removed.has(folder)), ...added])];
    this.builder = null;
  }

  forEdit(request: EditContextRequest): Promise<ContextItem[]> {
    return this.safely('edit', (builder) => builder.forEdit(request));
  }

  forCompletion(request: CompletionContextRequest): Promise<ContextItem[]> {
    return this.safely('completion', (builder) => builder.forCompletion(request));
  }

  displayPath(uri: string): string {
    return displayPathOf(uri, this.folders);
  }

  /** The user's recent edits in every document, most recent first (next-edit prompts show them whatever `fileContextEnabled` says). */
  recentEdits(): EditRecord[] {
    return this.edits.recent();
  }

  private async safely(what: string, work: (builder: ContextBuilder) => Promise<ContextItem[]>): Promise<ContextItem[]> {
    try {
      return await work(await this.load());
    } catch (error) {
      this.deps.log.warn(`context for ${what} left out: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    }
  }

  private load(): Promise<ContextBuilder> {
    this.builder ??= import('./builder.js').then(({ ContextBuilder }) => new ContextBuilder({ documents: this.deps.documents, syntax: this.deps.syntax, edits: this.edits, folders: this.folders }));
    return this.builder;
  }
}
