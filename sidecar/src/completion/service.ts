/** Wires the completion engine to the connection: textDocument/inlineCompletion and redline/completion/*. */
import type { Position, ServerConnection } from '@redline/shared-protocol';
import { streamChat } from '../providers/chat.js';
import { streamGenerate } from '../providers/generate.js';
import type { ContextSource } from '../context/service.js';
import type { SyntaxCache } from '../scope/parse.js';
import type { DocumentStore } from '../server/documents.js';
import type { Logger } from '../server/log.js';
import type { SettingsStore } from '../server/settings.js';
import { CompletionRequests } from './request.js';

export interface InlineCompletionDeps {
  connection: ServerConnection;
  documents: DocumentStore;
  settings: SettingsStore;
  log: Logger;
  syntax: SyntaxCache;
  /** Definitions, similar snippets and recent edits; none when absent. */
  context?: ContextSource;
  /** Model calls; the real providers unless a test counts them. */
  generate?: typeof streamGenerate;
  chat?: typeof streamChat;
  /** The ghost text of a next-edit suggestion at a place, served like a completion. */
  nextEditGhost?(uri: string, position: Position, version: number): string | null;
  /** Reply deadline override, for tests. */
  deadlineMs?: number;
  /** Told of every completion request: the user is typing (the index crawl gives way). */
  activity?(): void;
}

export function registerInlineCompletion(deps: InlineCompletionDeps): { dispose(): void } {
  const { connection, log } = deps;
  let disposed = false;
  const requests = new CompletionRequests({ ...deps, generate: deps.generate ?? streamGenerate, chat: deps.chat ?? streamChat });

  connection.onRequest('textDocument/inlineCompletion', (params, token) => {
    deps.activity?.();
    return disposed ? { items: [] } : requests.complete(params, token);
  });
  connection.onNotification('redline/completion/selectionChanged', (params) => {
    if (!disposed) requests.selectionChanged(params.textDocument.uri, params.position);
  });
  connection.onNotification('redline/completion/accepted', (params) => {
    if (!disposed) requests.accepted(params.textDocument.uri);
  });
  // Shown and partly accepted text needs no action: typing through picks the rest up from the prefix.
  connection.onNotification('redline/completion/shown', (params) => log.debug(`completion shown: ${params.item.insertText.length} chars in ${params.textDocument.uri}`));
  connection.onNotification('redline/completion/partiallyAccepted', (params) =>
    log.debug(`completion partly accepted: ${params.acceptedLength} chars in ${params.textDocument.uri}`),
  );

  return {
    dispose() {
      disposed = true;
      requests.cancel();
    },
  };
}
