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
import { fileImports, findDefinitions, languageSupport, lookUpLocally, parseFile } from './definitions/definitions.js';
import type { ImportBinding } from './definitions/language.js';
import type { Declaration } from './definitions/syntax.js';
import { diagnosticItems } from './diagnostics.js';
import { recentEditItems, type RecentEdits } from './recentEdits.js';
import { projectRules } from './rules.js';
import { QUERY_LINES, similarSnippets, windowsOf, type OtherDocument, type Window } from './similar.js';
import { openDocumentsOf, ProjectIndex } from './sourceIndex.js';
import type { ContextItem } from './types.js';
import { displayPathOf, pathOfUri, WorkspaceFiles } from './workspace.js';
import type { IndexedSymbol, WorkspaceIndex } from '../index/workspaceIndex.js';
import { missingNames, type MissingName } from '../index/nameCheck.js';
import { hasNameRules, namesIn } from '../index/names.js';
import { parseText } from '../scope/parse.js';

/** Rows above the cursor (and the cursor row) whose names a completion looks up. */
export const COMPLETION_NAME_LINES = 20;

/** Node types of a file's head: imports, package lines, comments (tree-sitter names across the grammars). */
const HEAD_NODE = /import|package|use_declaration|comment|mod_item|^(expression_statement|string)$/;
/** Characters of the first declaration that belong to the head, so an import added right before it is noticed. */
const HEAD_MARGIN = 200;
/** Declarations the workspace index adds to an edit's prompt, at most (the budget may take fewer). */
export const MAX_RELATED = 6;
/** Of those, how many bring the types their signature names from the same file (`returnPolicy: ReturnPolicy`). */
const RELATED_WITH_TYPES = 3;
/** Imports of the edited file resolved to files for the index's boost, at most. */
const MAX_IMPORTED_MODULES = 30;

export interface BuilderDeps {
  documents: DocumentStore;
  syntax: SyntaxCache;
  edits: RecentEdits;
  folders: readonly string[];
  /** The workspace symbol index, once it has been started (it answers with what it has while it builds). */
  index(): WorkspaceIndex | null;
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

export interface NextEditContextRequest {
  doc: MirrorDocument;
  /** The window's editable rows [startLine, endLine) and the rows the prompt shows [visibleStart, visibleEnd). */
  startLine: number;
  endLine: number;
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
      // Until the workspace index is ready, its search cannot offer the declarations of the files this
      // one imports: those are read now, as definitions of the names imported, so the first edit after
      // start-up sees what a later one does.
      const index = this.deps.index();
      const importedToo = index === null || index.status.state !== 'ready';
      const definitions = await this.definitions(doc, request.startLine, request.endLine, request.visibleStart, request.visibleEnd, words(request.instruction), request.signal, true, importedToo);
      items.push(...definitions, ...(await this.related(request, definitions)));
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

  /** Definitions of the names in a next-edit window, as for a completion (the file's own declarations left to the window). */
  async forNextEdit(request: NextEditContextRequest): Promise<ContextItem[]> {
    if (!request.settings.lspContextEnabled) return [];
    return this.definitions(request.doc, request.startLine, request.endLine, request.visibleStart, request.visibleEnd, [], request.signal, false);
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
    /** Look up every name the file imports too, after the others. */
    importedToo = false,
  ): Promise<ContextItem[]> {
    const text = doc.buffer.getText();
    const tree = await this.deps.syntax.tree(doc.uri, doc.languageId, doc.version, text);
    const support = languageSupport(doc.languageId);
    if (!tree || !support) return [];
    // Everything that reads the tree happens before the next await: the cache may replace it after.
    const imports = this.importsOf(doc, text, () => fileImports(support, tree.rootNode), tree.rootNode);
    const names = importedToo ? [...extraNames, ...imports.bindings.map((b) => b.local).filter((name) => name !== '*')] : extraNames;
    const local = lookUpLocally({ file: pathOfUri(doc.uri), languageId: doc.languageId, root: tree.rootNode, text, startLine, endLine, visibleStart, visibleEnd, extraNames: names, imports, ownDeclarations });
    return local ? findDefinitions(local, doc.languageId, this.index, signal) : [];
  }

  /**
   * Declarations of the workspace the instruction may need that the code does not use yet (the
   * index's best, see index/rank.ts), outlined from their files; not those the definitions carry
   * already nor the edited file's own rows the prompt shows.
   */
  private async related(request: EditContextRequest, definitions: readonly ContextItem[]): Promise<ContextItem[]> {
    const workspace = this.deps.index();
    const file = pathOfUri(request.doc.uri);
    if (!workspace || !file || request.signal?.aborted) return [];
    const shown = new Set(definitions.map((d) => `${d.path}\0${d.label}`));
    const found = workspace.search({
      file,
      languageId: request.doc.languageId,
      instruction: request.instruction,
      selection: request.doc.buffer.lines(request.startLine, request.endLine).join('\n'),
      imported: await this.importedFiles(request.doc, file),
      recent: [...new Set(this.deps.edits.recent().flatMap((r) => pathOfUri(r.uri) ?? []))],
      exclude: (s) => shown.has(`${s.path}\0${s.name}`) || (s.file === file && s.line >= request.visibleStart && s.line < request.visibleEnd),
      limit: MAX_RELATED,
    });
    const items: ContextItem[] = [];
    const taken = new Set<string>();
    const add = (symbol: IndexedSymbol, declaration: Declaration, why: string) => {
      const key = `${symbol.file}\0${symbol.line}`;
      if (taken.has(key) || shown.has(`${symbol.path}\0${declaration.name}`)) return;
      taken.add(key);
      items.push({ kind: 'related', path: this.index.displayPath(symbol.file), label: declaration.name, languageId: symbol.languageId, text: declaration.outline, rank: items.length, why });
    };
    for (const [i, symbol] of found.entries()) {
      const declaration = await this.outlineOf(symbol);
      if (!declaration) continue;
      add(symbol, declaration, symbol.why.join('; '));
      // `returnPolicy: ReturnPolicy`: the interface that holds the methods, when the same file declares it.
      if (i >= RELATED_WITH_TYPES) continue;
      for (const type of declaration.typeNames) {
        const typed = workspace.lookup(type, symbol.languageId).find((s) => s.file === symbol.file);
        const outline = typed && (await this.outlineOf(typed));
        if (typed && outline) add(typed, outline, `the type of ${symbol.name}`);
      }
    }
    return items;
  }

  /**
   * A declaration the index found, outlined from its rows alone: a top-level declaration parses on
   * its own, and a large file is not parsed whole for one of its declarations.
   */
  private async outlineOf(symbol: IndexedSymbol): Promise<Declaration | null> {
    const text = await this.index.readText(symbol.file);
    if (text === null) return null;
    const rows = text.split('\n').slice(symbol.line, symbol.endLine + 1).join('\n');
    const tree = await parseText(symbol.languageId, rows);
    if (!tree) return null;
    try {
      return parseFile(symbol.file, symbol.languageId, tree.rootNode, rows)?.declarations.get(symbol.name)?.[0] ?? null;
    } finally {
      tree.delete();
    }
  }

  /**
   * The names a proposal's added rows use that nothing gives them (index/nameCheck.ts): `before`
   * is the document as it was, `after` as proposed.
   */
  async missingNames(input: { languageId: string; uri: string; before: string; after: string; addedRows: ReadonlySet<number> }): Promise<MissingName[]> {
    if (!hasNameRules(input.languageId)) return [];
    const [old, proposed] = await Promise.all([parseText(input.languageId, input.before), parseText(input.languageId, input.after)]);
    try {
      if (!old || !proposed) return [];
      const known = namesIn(input.languageId, old.rootNode);
      return await missingNames({ languageId: input.languageId, file: pathOfUri(input.uri), text: input.after, root: proposed.rootNode, addedRows: input.addedRows, known }, this.index, this.deps.index());
    } finally {
      old?.delete();
      proposed?.delete();
    }
  }

  /** The files the edited document imports (for the index's boost), from its cached import bindings. */
  private async importedFiles(doc: MirrorDocument, file: string): Promise<string[]> {
    const support = languageSupport(doc.languageId);
    const imports = this.heads.get(doc.uri)?.imports;
    if (!support || !imports) return [];
    const from = { file, pkg: imports.pkg };
    const modules = [...new Map(imports.bindings.map((b) => [b.module, b])).values()].slice(0, MAX_IMPORTED_MODULES);
    const files = await Promise.all(modules.map((b) => support.resolveModule(b.module, b.imported, from, this.index).catch(() => [])));
    return [...new Set(files.flat())];
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
