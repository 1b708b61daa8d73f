/**
 * Every message of the protocol, declared once in `METHODS`: the method name (the key), who sends
 * it, whether it is a request or a notification, and its params and result types (the type
 * arguments). Everything else is derived from this table: the typed connection views
 * (connection.ts), and the method table and JSON Schema in protocol.json (scripts/gen-protocol.ts
 * reads the type arguments' names), so a method cannot be added on one side and forgotten on the other.
 */
import type * as L from './lsp.js';
import type * as R from './redline.js';

export type Direction = 'clientToServer' | 'serverToClient';

/** A request with params P and result Res, sent in direction D (as vscode-jsonrpc's RequestType). */
export interface RequestType<P, Res, D extends Direction> {
  readonly kind: 'request';
  readonly direction: D;
  /** Never set: it only carries the params and result types for the compiler. */
  readonly signature?: (params: P) => Res;
}

/** A notification with params P, sent in direction D. */
export interface NotificationType<P, D extends Direction> {
  readonly kind: 'notification';
  readonly direction: D;
  /** Never set: it only carries the params type for the compiler. */
  readonly signature?: (params: P) => void;
}

const clientRequest = <P, Res>(): RequestType<P, Res, 'clientToServer'> => ({ kind: 'request', direction: 'clientToServer' });
const clientNotification = <P>(): NotificationType<P, 'clientToServer'> => ({ kind: 'notification', direction: 'clientToServer' });
const serverRequest = <P, Res>(): RequestType<P, Res, 'serverToClient'> => ({ kind: 'request', direction: 'serverToClient' });
const serverNotification = <P>(): NotificationType<P, 'serverToClient'> => ({ kind: 'notification', direction: 'serverToClient' });

/** The protocol. Type arguments must be named types of lsp.ts or redline.ts: their names go into protocol.json. */
export const METHODS = {
  initialize: clientRequest<L.InitializeParams, L.InitializeResult>(),
  initialized: clientNotification<L.EmptyParams>(),
  shutdown: clientRequest<L.EmptyParams, L.EmptyResult>(),
  exit: clientNotification<L.EmptyParams>(),
  'textDocument/didOpen': clientNotification<L.DidOpenTextDocumentParams>(),
  'textDocument/didChange': clientNotification<L.DidChangeTextDocumentParams>(),
  'textDocument/didClose': clientNotification<L.DidCloseTextDocumentParams>(),
  'textDocument/didSave': clientNotification<L.DidSaveTextDocumentParams>(),
  'workspace/didChangeWatchedFiles': clientNotification<L.DidChangeWatchedFilesParams>(),
  'workspace/didChangeConfiguration': clientNotification<L.DidChangeConfigurationParams>(),
  'workspace/didChangeWorkspaceFolders': clientNotification<L.DidChangeWorkspaceFoldersParams>(),
  '$/cancelRequest': clientNotification<L.CancelParams>(),
  'textDocument/inlineCompletion': clientRequest<L.InlineCompletionParams, L.InlineCompletionList>(),
  'redline/completion/selectionChanged': clientNotification<R.SelectionChangedParams>(),
  'redline/completion/shown': clientNotification<R.CompletionShownParams>(),
  'redline/completion/accepted': clientNotification<R.CompletionAcceptedParams>(),
  'redline/completion/partiallyAccepted': clientNotification<R.CompletionPartiallyAcceptedParams>(),
  'redline/inlineEdit/start': clientRequest<R.InlineEditStartParams, R.InlineEditStartResult>(),
  'redline/snippet/apply': clientRequest<R.SnippetApplyParams, R.InlineEditStartResult>(),
  'redline/inlineEdit/cancel': clientRequest<R.SessionParams, L.EmptyResult>(),
  'redline/inlineEdit/accept': clientRequest<R.SettleParams, R.SettleResult>(),
  'redline/inlineEdit/reject': clientRequest<R.SettleParams, R.SettleResult>(),
  'redline/nextEdit': clientRequest<R.NextEditParams, R.NextEditResult>(),
  'redline/applyRender': serverRequest<R.RenderParams, R.RenderResult>(),
  'redline/documentText': serverRequest<R.DocumentTextParams, R.DocumentTextResult>(),
  'redline/formatText': serverRequest<R.FormatTextParams, R.FormatTextResult>(),
  'redline/diagnoseText': serverRequest<R.DiagnoseTextParams, R.DiagnoseTextResult>(),
  'window/logMessage': serverNotification<L.LogMessageParams>(),
  'redline/inlineEdit/status': serverNotification<R.SessionStatusParams>(),
};

type Methods = typeof METHODS;
export type Method = keyof Methods;

/** The requests sent in direction D. */
export type RequestMethod<D extends Direction> = { [M in Method]: Methods[M] extends { kind: 'request'; direction: D } ? M : never }[Method];
/** The notifications sent in direction D. */
export type NotificationMethod<D extends Direction> = { [M in Method]: Methods[M] extends { kind: 'notification'; direction: D } ? M : never }[Method];

export type ParamsOf<M extends Method> = Methods[M] extends { signature?: (params: infer P) => unknown } ? P : never;
export type ResultOf<M extends Method> = Methods[M] extends { signature?: (params: never) => infer Res } ? Res : never;

/** One row of the method table in protocol.json, as scripts/gen-protocol.ts writes it. */
export interface MethodInfo {
  method: string;
  direction: Direction;
  kind: 'request' | 'notification';
  params: string;
  /** Result type name for requests; null for notifications. */
  result: string | null;
}
