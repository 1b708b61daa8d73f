/** Wires the protocol to the sidecar's parts: documents, settings, inline-edit sessions, completion. */
import type { MessageConnection } from 'vscode-jsonrpc/node.js';
import { ResponseError } from 'vscode-jsonrpc/node.js';
import { ErrorCodes, serverConnection, type InitializeResult } from '@redline/shared-protocol';
import { streamEdit } from '../providers/edit.js';
import { proxyPassword } from '../providers/proxy.js';
import { endpointFromSettings } from '../providers/types.js';
import { registerInlineCompletion } from '../completion/service.js';
import { NextEdits } from '../nextEdit/nextEdits.js';
import { streamChat } from '../providers/chat.js';
import { streamGenerate } from '../providers/generate.js';
import { ContextService } from '../context/service.js';
import { resolveEditableScope } from '../scope/editableScope.js';
import { syntaxErrorRows } from '../scope/syntaxErrors.js';
import { treeSitterIdleMs, warmUp } from '../scope/grammars.js';
import { releaseTreeSitterWhenIdle } from '../scope/idleRelease.js';
import { parseText, SyntaxCache } from '../scope/parse.js';
import { scopeRulesFor } from '../scope/scopeRules.js';
import { usesInScope } from '../scope/uses.js';
import { placeSnippet } from '../edit/snippet/place.js';
import { ClientChecks } from '../session/clientChecks.js';
import { EditSessions } from '../session/editSessions.js';
import { RenderChannels } from '../session/renderChannel.js';
import { DocumentStore } from './documents.js';
import { Lifecycle } from './lifecycle.js';
import { SidecarLog } from './log.js';
import { SettingsStore } from './settings.js';
import { SERVER_VERSION } from '../commandLine.js';

export interface ServerOptions {
  onExit(code: number): void;
  /** Runs the garbage collector, where the process allows it (main.ts), after a release of idle memory. */
  collectGarbage?(): void;
}

/** What its host may use: the log, which main.ts also gives errors no handler caught; the document mirror (tests). */
export interface StartedServer {
  log: SidecarLog;
  documents: DocumentStore;
}

/** Starts serving `raw`. */
export function startServer(raw: MessageConnection, options: ServerOptions): StartedServer {
  const log = new SidecarLog();
  const lifecycle = new Lifecycle();
  const conn = serverConnection(raw, {
    dropped: (method, why) => log.warn(`dropped ${method}: ${why}`),
    refuseRequest: (method) => lifecycle.refuseRequest(method),
    refuseNotification: (method) => lifecycle.refuseNotification(method),
  });
  // Input the edge could not use (server/wire.ts): one line per malformed stretch or dropped message.
  raw.onError(([error]) => log.warn(error.message));
  // Methods not in the protocol: a request gets MethodNotFound (ServerNotInitialized first), a notification a log line
  // but for LSP's optional `$/` ones (`$/setTrace`, sent by VS Code's client on every settings change), which LSP lets a server ignore.
  raw.onRequest((method) => {
    const refused = lifecycle.refuseRequest(method);
    throw refused ? new ResponseError(refused.code, refused.message) : new ResponseError(ErrorCodes.MethodNotFound, `${method}: no such method.`);
  });
  raw.onNotification((method) => {
    if (!method.startsWith('$/')) log.warn(`dropped ${method}: no such notification`);
  });
  const documents = new DocumentStore();
  const settings = new SettingsStore();
  settings.onChange((s) => log.setSecrets([s.apiKey, proxyPassword(s.proxy)]));
  const channels = new RenderChannels(
    documents,
    {
      applyRender: (params) => conn.sendRequest('redline/applyRender', params),
      documentText: (params) => conn.sendRequest('redline/documentText', params),
    },
    log,
  );
  const checks = new ClientChecks(
    {
      formatText: (params, token) => conn.sendRequest('redline/formatText', params, token),
      diagnoseText: (params, token) => conn.sendRequest('redline/diagnoseText', params, token),
    },
    () => settings.get(),
    log,
  );
  const syntax = new SyntaxCache();
  syntax.follow(documents);
  const stopIdleRelease = releaseTreeSitterWhenIdle(() => syntax.clear(), options.collectGarbage);
  const context = new ContextService({ documents, syntax, log, collectGarbage: options.collectGarbage });
  const sessions = new EditSessions({
    documents,
    channels,
    log,
    model: () => {
      const current = settings.get();
      const endpoint = endpointFromSettings(current, 'edit');
      return (request, signal) => streamEdit(endpoint, request, signal, current);
    },
    settings: () => settings.get(),
    scope: (doc, range) => resolveEditableScope(doc.languageId, doc.buffer.getText(), range),
    syntaxErrors: syntaxErrorRows,
    placeSnippet: (request) => placeSnippet(request, parseText),
    missingNames: (input) => context.missingNames(input),
    checks,
    displayPath: (uri) => context.displayPath(uri),
    context: (doc, params) => ({
      budget: settings.get().contextBudget,
      items: (lines, signal) =>
        context.forEdit({ doc, ...lines, instruction: params.instruction, diagnostics: params.context?.diagnostics, settings: settings.get(), signal }),
    }),
    status: (params) => void conn.sendNotification('redline/inlineEdit/status', params),
  });
  const nextEdits = new NextEdits({
    documents,
    settings,
    log,
    channels,
    sessions,
    context,
    syntax,
    generate: streamGenerate,
    chat: streamChat,
    uses: async (doc, at, name) => {
      const rules = scopeRulesFor(doc.languageId);
      const tree = rules && (await syntax.tree(doc.uri, doc.languageId, doc.version, doc.buffer.getText()));
      return rules && tree ? usesInScope(tree.rootNode, { row: at.line, column: at.character }, name, rules) : [];
    },
  });
  registerInlineCompletion({ connection: conn, documents, settings, log, syntax, context, activity: () => context.userActive(), nextEditGhost: (uri, position, version) => nextEdits.ghostAt(uri, position, version) });

  conn.onRequest('initialize', (params): InitializeResult => {
    lifecycle.initialized();
    settings.update(params.initializationOptions);
    checks.setCapabilities(params.capabilities);
    context.setWorkspace(params);
    log.connect((type, message) => void conn.sendNotification('window/logMessage', { type, message }));
    return {
      capabilities: {
        textDocumentSync: 2,
        inlineCompletionProvider: true,
        redlineInlineEdit: true,
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'redline-sidecar', version: SERVER_VERSION },
    };
  });
  // The grammar runtime is compiled once the client has its `initialize` reply, never before it; the
  // workspace index starts crawling a little later, in the background.
  conn.onNotification('initialized', () => {
    void warmUp();
    context.startIndex();
  });
  conn.onNotification('workspace/didChangeConfiguration', (params) => settings.update(params.settings?.redline));
  conn.onNotification('workspace/didChangeWorkspaceFolders', (params) => context.changeWorkspace(params.event));
  conn.onNotification('textDocument/didOpen', (params) => {
    documents.open(params);
    // The first parse of a grammar is slow: compile it before the user asks for a scope.
    void warmUp([params.textDocument.languageId]);
  });
  conn.onNotification('textDocument/didChange', (params) => {
    channels.didChange(params);
    // Typing again after the idle release: rebuild the grammar runtime before the completion asks.
    const doc = documents.get(params.textDocument.uri);
    if (doc && treeSitterIdleMs() === null) void warmUp([doc.languageId]);
  });
  conn.onNotification('textDocument/didClose', (params) => documents.close(params.textDocument.uri));
  conn.onNotification('textDocument/didSave', (params) => context.saved(params.textDocument.uri));
  conn.onNotification('workspace/didChangeWatchedFiles', (params) => context.filesChanged(params.changes));

  conn.onRequest('redline/inlineEdit/start', (params) => {
    context.userActive();
    return sessions.start(params);
  });
  conn.onRequest('redline/snippet/apply', (params) => sessions.applySnippet(params));
  conn.onRequest('redline/inlineEdit/cancel', async (params) => {
    await sessions.cancel(params.sessionId);
    return {};
  });
  conn.onRequest('redline/inlineEdit/accept', async (params) => ({ remainingHunks: await sessions.settle(params.sessionId, true, params.line) }));
  conn.onRequest('redline/inlineEdit/reject', async (params) => ({ remainingHunks: await sessions.settle(params.sessionId, false, params.line) }));
  conn.onRequest('redline/nextEdit', (params, token) => {
    context.userActive();
    return nextEdits.request(params, token);
  });

  conn.onRequest('shutdown', async () => {
    lifecycle.shutDown();
    await sessions.cancelAll();
    return {};
  });
  conn.onNotification('exit', () => options.onExit(lifecycle.exitCode));
  raw.onClose(() => {
    stopIdleRelease();
    options.onExit(lifecycle.exitCode);
  });
  return { log, documents };
}
