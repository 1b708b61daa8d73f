/**
 * The context builder: gathers the candidate items of one request from every source the settings
 * enable, for an inline edit or a completion. It owns the caches that make repeated requests cheap
 * (parsed outlines of other files, windows of other open documents); budgeting is left to the
 * prompt builder, which knows how much its code and surroundings take.
 *
 * Settings: `lspContextEnabled` gates definitions and diagnostics, `fileContextEnabled` recent
 * edits and similar snippets; project rules go to every inline edit.
 */
import type { Diagnostic, RedlineSettings } from '@redline/shared-protocol';
import { LRUCache } from 'lru-cache';
import type { Node } from 'web-tree-sitter';
import type { SyntaxCache } from '../scope/parse.js';
import type { DocumentStore, MirrorDocument } from '../server/documents.js';
import { fileImports, findDefinitions, languageSupport, lookUpLocally } from './definitions/definitions.js';
import type { ImportBinding } from './definitions/language.js';
import { diagnosticItems } from './diagnostics.js';
import { recentEditItems, type RecentEdits } from './recentEdits.js';
import { projectRules } from './rules.js';
import { QUERY_LINES, similarSnippets, windowsOf, type OtherDocument, type Window } from './similar.js';
import { openDocumentsOf, ProjectIndex } from './sourceIndex.js';
import type { ContextItem } from './types.js';
import { displayPathOf, pathOfUri, WorkspaceFiles } from './workspace.js';

/** Rows above the cursor (and the cursor row) whose names a completion looks up. */
export const COMPLETION_NAME_LINES = 20;

/** Node types of a file's head: imports, package lines, comments (tree-sitter names across the grammars). */
const HEAD_NODE = /import|package|use_declaration|comment|mod_item|^(expression_statement|string)$/;
/** Characters of the first declaration that belong to the head, so an import added right before it is noticed. */
const HEAD_MARGIN = 200;

export interface BuilderDeps {
  documents: DocumentStore;
  syntax: SyntaxCache;
  edits: RecentEdits;
  folders: readonly string[];
}

export interface EditContextRequest {
  doc: MirrorDocument;
  /** The editable lines [startLine, endLine). */
  startLine: number;
  endLine: number;
  /** Rows the prompt shows anyway (the code and its surroundings). */
  visibleStart: number;
  visibleEnd: number;
  instruction: string;
  diagnostics?: readonly Diagnostic[];
  settings: Readonly<RedlineSettings>;
  signal?: AbortSignal;
}

export interface CompletionContextRequest {
  doc: MirrorDocument;
  cursorLine: number;
  visibleStart: number;
  visibleEnd: number;
  settings: Readonly<RedlineSettings>;
  signal?: AbortSignal;
}

export class ContextBuilder {
  private readonly files: WorkspaceFiles;
  private readonly index: ProjectIndex;
  private readonly windows = new LRUCache<string, { version: number; windows: Window[] }>({ max: 200 });
  /** Per document: its imports, kept while the text up to a little past the last import stays the same. */
  private readonly heads = new LRUCache<string, { head: string; languageId: string; imports: { bindings: ImportBinding[]; pkg: string } }>({ max: 200 });

  constructor(private readonly deps: BuilderDeps) {
    this.files = new WorkspaceFiles(deps.folders);
    this.index = new ProjectIndex(this.files, openDocumentsOf(() => deps.documents.all()));
    deps.documents.onClose((uri) => {
      this.windows.delete(uri);
      this.heads.delete(uri);
    });
  }

  /** A document's path for the model and the log: relative to its workspace folder, else its URI's path. */
  displayPathOf(uri: string): string {
    return displayPathOf(uri, this.files.roots);
  }

  async forEdit(request: EditContextRequest): Promise<ContextItem[]> {
    const { doc, settings } = request;
    const path = pathOfUri(doc.uri);
    const items: ContextItem[] = [];
    if (settings.lspContextEnabled) {
      items.push(...(await this.definitions(doc, request.startLine, request.endLine, request.visibleStart, request.visibleEnd, words(request.instruction), request.signal)));
      if (request.diagnostics?.length) {
        const lineAt = (n: number) => (n >= 0 && n < doc.buffer.lineCount ? doc.buffer.lineAt(n) : '');
        items.push(...diagnosticItems(request.diagnostics, lineAt, request.startLine, request.endLine, this.displayPathOf(doc.uri)));
      }
    }
    if (path && !request.signal?.aborted) items.push(...(await projectRules(path, this.index)));
    if (settings.fileContextEnabled) items.push(...recentEditItems(this.deps.edits.recent(), (uri) => this.displayPathOf(uri)));
    return items;
  }

  async forCompletion(request: CompletionContextRequest): Promise<ContextItem[]> {
    const { doc, settings, cursorLine } = request;
    const items: ContextItem[] = [];
    if (settings.lspContextEnabled) {
      const start = Math.max(0, cursorLine - COMPLETION_NAME_LINES);
      // Declarations of the file itself are left to the window around the cursor: finding them walks the whole tree on every keystroke.
      items.push(...(await this.definitions(doc, start, cursorLine + 1, request.visibleStart, request.visibleEnd, [], request.signal, false)));
    }
    if (settings.fileContextEnabled && !request.signal?.aborted) {
      const query = doc.buffer.lines(Math.max(0, cursorLine - QUERY_LINES), cursorLine + 1).join('\n');
      items.push(...similarSnippets(query, doc.languageId, this.otherDocuments(doc)));
      // The edit the user is making at the cursor is in the prefix already.
      const typing = (r: { uri: string; start: number; after: string[] }) => r.uri === doc.uri && cursorLine >= r.start && cursorLine < r.start + Math.max(1, r.after.length);
      items.push(...recentEditItems(this.deps.edits.recent(), (uri) => this.displayPathOf(uri), typing));
    }
    return items;
  }

  private async definitions(
    doc: MirrorDocument,
    startLine: number,
    endLine: number,
    visibleStart: number,
    visibleEnd: number,
    extraNames: readonly string[],
    signal?: AbortSignal,
    ownDeclarations = true,
  ): Promise<ContextItem[]> {
    const text = doc.buffer.getText();
    const tree = await this.deps.syntax.tree(doc.uri, doc.languageId, doc.version, text);
    const support = languageSupport(doc.languageId);
    if (!tree || !support) return [];
    // Everything that reads the tree happens before the next await: the cache may replace it after.
    const imports = this.importsOf(doc, text, () => fileImports(support, tree.rootNode), tree.rootNode);
    const local = lookUpLocally({ file: pathOfUri(doc.uri), languageId: doc.languageId, root: tree.rootNode, text, startLine, endLine, visibleStart, visibleEnd, extraNames, imports, ownDeclarations });
    return local ? findDefinitions(local, doc.languageId, this.index, signal) : [];
  }

  /**
   * A document's imports, read from its tree only when the text before its first declaration (and a
   * little of that declaration) changed: typing in a function body leaves them as they were. An
   * import added further down (Python allows it) is seen once the head changes or the file reopens.
   */
  private importsOf(doc: MirrorDocument, text: string, read: () => { bindings: ImportBinding[]; pkg: string }, root: Node): { bindings: ImportBinding[]; pkg: string } {
    const cached = this.heads.get(doc.uri);
    if (cached && cached.languageId === doc.languageId && text.startsWith(cached.head)) return cached.imports;
    const imports = read();
    const first = root.namedChildren.find((child) => !HEAD_NODE.test(child.type));
    const end = first ? Math.min(text.length, first.startIndex + HEAD_MARGIN) : text.length;
    this.heads.set(doc.uri, { head: text.slice(0, end), languageId: doc.languageId, imports });
    return imports;
  }

  /** The other open documents, each cut into windows once per version, most recently opened first. */
  private otherDocuments(current: MirrorDocument): OtherDocument[] {
    const others: OtherDocument[] = [];
    for (const doc of this.deps.documents.all()) {
      if (doc.uri === current.uri) continue;
      let cached = this.windows.get(doc.uri);
      if (!cached || cached.version !== doc.version) {
        cached = { version: doc.version, windows: windowsOf(doc.buffer.lines(0, doc.buffer.lineCount)) };
        this.windows.set(doc.uri, cached);
      }
      others.push({ path: this.displayPathOf(doc.uri), languageId: doc.languageId, windows: cached.windows });
    }
    return others.reverse();
  }
}

/** The identifiers of an instruction ("use returnPolicy here" → returnPolicy). */
function words(instruction: string): string[] {
  return instruction.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? [];
}
