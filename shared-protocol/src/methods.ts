/**
 * The method table: every message of the protocol, its direction, and the names of its params and
 * result types. It is the machine-readable half of the protocol (with the JSON Schema generated
 * from the types into protocol.json); the TypeScript maps below give every client compile-time types.
 */
import type * as L from './lsp.js';
import type * as R from './redline.js';

export type Direction = 'clientToServer' | 'serverToClient';

export interface MethodInfo {
  method: string;
  direction: Direction;
  kind: 'request' | 'notification';
  params: string;
  /** Result type name for requests; null for notifications. */
  result: string | null;
}

/** Requests a client sends, keyed by method, as [params, result]. */
export interface ClientRequests {
  initialize: [L.InitializeParams, L.InitializeResult];
  shutdown: [L.EmptyParams, L.EmptyResult];
  'textDocument/inlineCompletion': [L.InlineCompletionParams, L.InlineCompletionList];
  'redline/inlineEdit/start': [R.InlineEditStartParams, R.InlineEditStartResult];
  'redline/snippet/apply': [R.SnippetApplyParams, R.SnippetApplyResult];
  'redline/inlineEdit/cancel': [R.SessionParams, L.EmptyResult];
  'redline/inlineEdit/accept': [R.SettleParams, R.SettleResult];
  'redline/inlineEdit/reject': [R.SettleParams, R.SettleResult];
}

export interface ClientNotifications {
  initialized: L.EmptyParams;
  exit: L.EmptyParams;
  'textDocument/didOpen': L.DidOpenTextDocumentParams;
  'textDocument/didChange': L.DidChangeTextDocumentParams;
  'textDocument/didClose': L.DidCloseTextDocumentParams;
  'workspace/didChangeConfiguration': L.DidChangeConfigurationParams;
  '$/cancelRequest': L.CancelParams;
  'redline/completion/selectionChanged': R.SelectionChangedParams;
  'redline/completion/shown': R.CompletionShownParams;
  'redline/completion/accepted': R.CompletionAcceptedParams;
  'redline/completion/partiallyAccepted': R.CompletionPartiallyAcceptedParams;
}

export interface ServerRequests {
  'redline/applyRender': [R.RenderParams, R.RenderResult];
}

export interface ServerNotifications {
  'window/logMessage': L.LogMessageParams;
  'redline/inlineEdit/status': R.SessionStatusParams;
}

const request = (method: string, direction: Direction, params: string, result: string): MethodInfo => ({ method, direction, kind: 'request', params, result });
const notification = (method: string, direction: Direction, params: string): MethodInfo => ({ method, direction, kind: 'notification', params, result: null });

export const METHODS: readonly MethodInfo[] = [
  request('initialize', 'clientToServer', 'InitializeParams', 'InitializeResult'),
  notification('initialized', 'clientToServer', 'EmptyParams'),
  request('shutdown', 'clientToServer', 'EmptyParams', 'EmptyResult'),
  notification('exit', 'clientToServer', 'EmptyParams'),
  notification('textDocument/didOpen', 'clientToServer', 'DidOpenTextDocumentParams'),
  notification('textDocument/didChange', 'clientToServer', 'DidChangeTextDocumentParams'),
  notification('textDocument/didClose', 'clientToServer', 'DidCloseTextDocumentParams'),
  notification('workspace/didChangeConfiguration', 'clientToServer', 'DidChangeConfigurationParams'),
  notification('$/cancelRequest', 'clientToServer', 'CancelParams'),
  request('textDocument/inlineCompletion', 'clientToServer', 'InlineCompletionParams', 'InlineCompletionList'),
  notification('redline/completion/selectionChanged', 'clientToServer', 'SelectionChangedParams'),
  notification('redline/completion/shown', 'clientToServer', 'CompletionShownParams'),
  notification('redline/completion/accepted', 'clientToServer', 'CompletionAcceptedParams'),
  notification('redline/completion/partiallyAccepted', 'clientToServer', 'CompletionPartiallyAcceptedParams'),
  request('redline/inlineEdit/start', 'clientToServer', 'InlineEditStartParams', 'InlineEditStartResult'),
  request('redline/snippet/apply', 'clientToServer', 'SnippetApplyParams', 'SnippetApplyResult'),
  request('redline/inlineEdit/cancel', 'clientToServer', 'SessionParams', 'EmptyResult'),
  request('redline/inlineEdit/accept', 'clientToServer', 'SettleParams', 'SettleResult'),
  request('redline/inlineEdit/reject', 'clientToServer', 'SettleParams', 'SettleResult'),
  request('redline/applyRender', 'serverToClient', 'RenderParams', 'RenderResult'),
  notification('window/logMessage', 'serverToClient', 'LogMessageParams'),
  notification('redline/inlineEdit/status', 'serverToClient', 'SessionStatusParams'),
];
