/**
 * The subset of LSP 3.18 shapes Redline speaks. Kept here (not imported from
 * vscode-languageserver-protocol) so the machine-readable schema is self-contained
 * and the Kotlin client can be checked against one file.
 */
import type { RedlineSettingsPatch } from './settings.js';

/**
 * LSP's `uinteger`, a whole number from 0 to 2^31 - 1: line and character numbers, versions,
 * counts. A negative or fractional value is invalid params.
 * @asType integer
 * @minimum 0
 * @maximum 2147483647
 */
export type uinteger = number;

/**
 * Zero-based line and UTF-16 code-unit character, as in LSP, IntelliJ Document offsets and VS Code.
 * As in LSP, a character past the end of its line means the line's end, and a line past the last
 * one the document's end.
 */
export interface Position {
  line: uinteger;
  character: uinteger;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface TextEdit {
  range: Range;
  newText: string;
}

export interface TextDocumentIdentifier {
  /** @minLength 1 */
  uri: string;
}

export interface VersionedTextDocumentIdentifier {
  /** @minLength 1 */
  uri: string;
  version: uinteger;
}

export interface TextDocumentItem {
  /** @minLength 1 */
  uri: string;
  languageId: string;
  version: uinteger;
  text: string;
}

export interface DidOpenTextDocumentParams {
  textDocument: TextDocumentItem;
}

/** Incremental change (range present) or whole-document replacement (range absent). */
export interface TextDocumentContentChangeEvent {
  range?: Range;
  text: string;
}

export interface DidChangeTextDocumentParams {
  textDocument: VersionedTextDocumentIdentifier;
  contentChanges: TextDocumentContentChangeEvent[];
  /**
   * Redline's document-sync self-check (optional): `textChecksum` (FNV-1a 32 over UTF-16 code units)
   * of the whole text after these changes. On a mismatch with its mirror the sidecar asks for the
   * text with `redline/documentText`. An unsigned 32-bit integer.
   * @asType integer
   * @minimum 0
   * @maximum 4294967295
   */
  checksum?: number;
}

export interface DidCloseTextDocumentParams {
  textDocument: TextDocumentIdentifier;
}

/** textDocument/didSave: the file on disk now has the document's text (the workspace index reads it again). */
export interface DidSaveTextDocumentParams {
  textDocument: TextDocumentIdentifier;
}

/** LSP FileChangeType: 1 created, 2 changed, 3 deleted. */
export type FileChangeType = 1 | 2 | 3;

export interface FileEvent {
  uri: string;
  type: FileChangeType;
}

/** workspace/didChangeWatchedFiles: files (or folders) created, changed or deleted outside the editor's documents. */
export interface DidChangeWatchedFilesParams {
  changes: FileEvent[];
}

export interface ClientInfo {
  name: string;
  version?: string;
}

export interface InitializeParams {
  processId: number | null;
  clientInfo?: ClientInfo;
  /**
   * The project's folders. The sidecar reads files from disk only inside them (for the definitions
   * of imported symbols and the project's rules files), never outside, never through a symlink
   * that leads out. Absent or null (and no rootUri): nothing is read from disk.
   */
  workspaceFolders?: WorkspaceFolder[] | null;
  /** The one folder of older clients; used when workspaceFolders is absent. */
  rootUri?: string | null;
  /** Redline settings the client already knows; same shape as didChangeConfiguration. */
  initializationOptions?: RedlineSettingsPatch;
  capabilities: ClientCapabilities;
}

/** LSP WorkspaceFolder: a `file:` URI and a name for display. */
export interface WorkspaceFolder {
  uri: string;
  name: string;
}

export interface ClientCapabilities {
  /** Client answers redline/applyRender requests. */
  redlineRender?: boolean;
  /** Client answers redline/formatText with its own formatter (the `formatProposals` setting then applies). */
  redlineFormatText?: boolean;
  /** Client answers redline/diagnoseText with its own analysis (the `proposalDiagnostics` setting then applies). */
  redlineDiagnoseText?: boolean;
}

export interface ServerInfo {
  name: string;
  version: string;
}

export interface ServerCapabilities {
  /** 2 = incremental sync, as in LSP TextDocumentSyncKind.Incremental. */
  textDocumentSync: 2;
  inlineCompletionProvider: boolean;
  redlineInlineEdit: boolean;
  /** The client may send workspace/didChangeWorkspaceFolders when its folders change. */
  workspace: { workspaceFolders: WorkspaceFoldersServerCapabilities };
}

export interface WorkspaceFoldersServerCapabilities {
  supported: boolean;
  changeNotifications: boolean;
}

export interface InitializeResult {
  capabilities: ServerCapabilities;
  serverInfo: ServerInfo;
}

export interface EmptyParams {}
export interface EmptyResult {}

/** window/logMessage: 1 error, 2 warning, 3 info, 4 log, 5 debug. */
export interface LogMessageParams {
  type: 1 | 2 | 3 | 4 | 5;
  message: string;
}

export interface CancelParams {
  id: number | string;
}

/** workspace/didChangeWorkspaceFolders: folders opened and closed since the last report (or `initialize`). */
export interface DidChangeWorkspaceFoldersParams {
  event: WorkspaceFoldersChangeEvent;
}

export interface WorkspaceFoldersChangeEvent {
  added: WorkspaceFolder[];
  removed: WorkspaceFolder[];
}

/** workspace/didChangeConfiguration: `settings.redline` carries a partial RedlineSettings. */
export interface DidChangeConfigurationParams {
  settings: { redline?: RedlineSettingsPatch };
}

/** LSP 3.18 textDocument/inlineCompletion. */
export interface InlineCompletionParams {
  textDocument: TextDocumentIdentifier;
  position: Position;
  context: InlineCompletionContext;
}

/** 1 = Invoked (explicit), 2 = Automatic (typing). */
export interface InlineCompletionContext {
  triggerKind: 1 | 2;
  selectedCompletionInfo?: SelectedCompletionInfo;
}

export interface SelectedCompletionInfo {
  range: Range;
  text: string;
}

export interface InlineCompletionItem {
  insertText: string;
  range?: Range;
}

export interface InlineCompletionList {
  items: InlineCompletionItem[];
}

/** 1 Error, 2 Warning, 3 Information, 4 Hint, as in LSP DiagnosticSeverity. */
export type DiagnosticSeverity = 1 | 2 | 3 | 4;

export interface Location {
  uri: string;
  range: Range;
}

export interface DiagnosticRelatedInformation {
  location: Location;
  message: string;
}

export interface CodeDescription {
  href: string;
}

/**
 * An LSP Diagnostic (a compiler error, an inspection's warning), in the document's positions at
 * the version of the request that carries it. `tags`: 1 Unnecessary, 2 Deprecated.
 */
export interface Diagnostic {
  range: Range;
  severity?: DiagnosticSeverity;
  code?: number | string;
  codeDescription?: CodeDescription;
  /** Who reported it: `ts`, `eslint`, `pyright`, an IntelliJ inspection's name, … */
  source?: string;
  message: string;
  tags?: Array<1 | 2>;
  relatedInformation?: DiagnosticRelatedInformation[];
}
