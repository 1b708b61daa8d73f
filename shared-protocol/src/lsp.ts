/**
 * The subset of LSP 3.18 shapes Redline speaks. Kept here (not imported from
 * vscode-languageserver-protocol) so the machine-readable schema is self-contained
 * and the Kotlin client can be checked against one file.
 */

/** Zero-based line and UTF-16 code-unit character, as in LSP, IntelliJ Document offsets and VS Code. */
export interface Position {
  line: number;
  character: number;
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
  uri: string;
}

export interface VersionedTextDocumentIdentifier {
  uri: string;
  version: number;
}

export interface TextDocumentItem {
  uri: string;
  languageId: string;
  version: number;
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
}

export interface DidCloseTextDocumentParams {
  textDocument: TextDocumentIdentifier;
}

export interface ClientInfo {
  name: string;
  version?: string;
}

export interface InitializeParams {
  processId: number | null;
  clientInfo?: ClientInfo;
  /** Redline settings the client already knows; same shape as didChangeConfiguration. */
  initializationOptions?: RedlineSettingsPatch;
  capabilities: ClientCapabilities;
}

export interface ClientCapabilities {
  /** Client answers redline/applyRender requests. */
  redlineRender?: boolean;
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

// Settings live here because both initialize and didChangeConfiguration carry them.

export type ProviderKind = 'ollama' | 'openai';

export interface RedlineSettings {
  /** Model server flavour: Ollama's native API or any OpenAI-compatible server. */
  provider: ProviderKind;
  /** Base URL, e.g. http://127.0.0.1:11434 (Ollama) or http://127.0.0.1:8080/v1 (OpenAI-compatible). */
  endpoint: string;
  /** Chat/instruct model used for inline edits. */
  model: string;
  /** Model used for completions (FIM); defaults to `model` when empty. */
  completionModel: string;
  /** Bearer key for hosted OpenAI-compatible APIs. Never logged. */
  apiKey: string;
  /** Milliseconds without a byte from the model before a request fails. */
  requestTimeoutMs: number;
  /** FIM template: 'auto' (from the model name), a family name, or a custom template with {prefix} and {suffix}. */
  fimTemplate: string;
  maxLines: number;
  numPredictFim: number;
  temperature: number;
  multilineCompletionsEnabled: boolean;
  fileContextEnabled: boolean;
  lspContextEnabled: boolean;
  debounceWait: number;
  completionCacheEnabled: boolean;
  enableSubsequentCompletions: boolean;
  /** Proxy for model requests (http://, https:// or socks5://, credentials as user:password@); empty: HTTPS_PROXY / HTTP_PROXY. */
  proxy: string;
  /** Hosts reached without the proxy, comma-separated (a name also covers its subdomains); empty: NO_PROXY. Loopback never uses a proxy. */
  noProxy: string;
  /** PEM file of extra trusted certificate authorities, added to Node's own and NODE_EXTRA_CA_CERTS. */
  caFile: string;
}

export type RedlineSettingsPatch = Partial<RedlineSettings>;
