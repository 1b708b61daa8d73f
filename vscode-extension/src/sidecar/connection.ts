/**
 * The sidecar as a language server: vscode-languageclient spawns the bundled executable (stdio),
 * syncs documents (didOpen / incremental didChange / didClose with VS Code's versions, a checksum
 * with a didChange when one is due), turns a cancelled token into `$/cancelRequest`, and restarts
 * the process after a crash. Redline's own methods are typed from the protocol's METHODS table.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import * as vscode from 'vscode';
import {
  CloseAction,
  ErrorAction,
  LanguageClient,
  RevealOutputChannelOn,
  type CloseHandlerResult,
  type ErrorHandler,
  type ErrorHandlerResult,
  type LanguageClientOptions,
  type Message,
  type StaticFeature,
} from 'vscode-languageclient/node';
import { sidecarEnvironment, type DidChangeTextDocumentParams, type NotificationMethod, type ParamsOf, type RedlineSettingsPatch, type RequestMethod, type ResultOf } from '@redline/shared-protocol';
import { ChecksumSchedule } from './documentSync';
import { BUNDLE_DIR, sidecarFileName } from './executable';
import { maskedChannel } from './traceChannel';

/** Redline's requests and notifications to the sidecar, typed by METHODS. */
export interface Sidecar {
  request<M extends RequestMethod<'clientToServer'>>(method: M, params: ParamsOf<M>, token?: vscode.CancellationToken): Promise<ResultOf<M>>;
  notify<M extends NotificationMethod<'clientToServer'>>(method: M, params: ParamsOf<M>): Promise<void>;
}

export interface ConnectionHooks {
  /** Every didOpen and didChange, after it was written to the sidecar (own edits and redline/documentText wait for it). */
  changeSent(uri: string, version: number): void;
  /** The process is gone (crash or kill): its sessions will never end by themselves. */
  lost(): Promise<void>;
  /** The settings for initialize, read again on every (re)start. */
  settings(): RedlineSettingsPatch;
  /** What the client's message trace must never show (the API key). */
  secrets(): string[];
  /** An in-memory copy of the extension's own (check/copies.ts): never mirrored in the sidecar. */
  isCopy(document: vscode.TextDocument): boolean;
}

/**
 * The built-in inline completion feature is left out: VS Code reports shown and partly accepted
 * suggestions only to the provider that made them, so Redline registers its own provider
 * (completion/provider.ts), which sends the same request through this client.
 */
class RedlineLanguageClient extends LanguageClient {
  override registerFeature(feature: StaticFeature): void {
    const method = (feature as { registrationType?: { method?: string } }).registrationType?.method;
    if (method === 'textDocument/inlineCompletion') return;
    super.registerFeature(feature);
  }
}

/** The files whose declarations the sidecar indexes (the languages it has grammars for). */
const SOURCE_FILES = '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs,py,pyi,java,kt,kts,go,rs}';

/** Tells the sidecar that this client answers redline/applyRender, and checks a proposal with VS Code's formatters and diagnostics. */
const renderCapability: StaticFeature = {
  fillClientCapabilities: (capabilities) => Object.assign(capabilities, { redlineRender: true, redlineFormatText: true, redlineDiagnoseText: true }),
  initialize: () => undefined,
  getState: () => ({ kind: 'static' }),
  clear: () => undefined,
};

/** Each line of `input`, as it comes. */
const eachLine = (input: Readable, line: (text: string) => void) => void createInterface({ input, crlfDelay: Infinity, terminal: false }).on('line', line);

/**
 * The sidecar writes each log line to stderr and also sends it as window/logMessage, which the
 * client shows at its own level: the stderr copy goes to the trace level, and only what is not a
 * log line (a crash's last words) is an error.
 */
const stdioOptions = {
  stdout: (input: Readable, output: vscode.LogOutputChannel) => eachLine(input, (text) => output.info(text)),
  stderr: (input: Readable, output: vscode.LogOutputChannel) => eachLine(input, (text) => (/^\[redline (error|warn|info|debug)\] /.test(text) ? output.trace(text) : output.error(text))),
};

export function sidecarPath(extensionPath: string): string {
  return join(extensionPath, BUNDLE_DIR, sidecarFileName(process.platform, process.arch));
}

export async function startSidecar(extensionPath: string, output: vscode.LogOutputChannel, hooks: ConnectionHooks): Promise<{ client: LanguageClient; sidecar: Sidecar }> {
  const command = sidecarPath(extensionPath);
  if (!existsSync(command)) {
    throw new Error(`This Redline build has no sidecar for ${process.platform}-${process.arch} (looked for ${command}). Install the VSIX made for this platform.`);
  }
  let client: LanguageClient;
  let base: ErrorHandler | undefined;
  const checksums = new ChecksumSchedule();
  const errorHandler: ErrorHandler = {
    error: (error: Error, message: Message | undefined, count: number | undefined): ErrorHandlerResult | Promise<ErrorHandlerResult> =>
      base?.error(error, message, count) ?? { action: ErrorAction.Shutdown },
    // Restart (at most 4 times in 3 minutes, the client's default), after the dead process's sessions are taken out.
    closed: async (): Promise<CloseHandlerResult> => {
      await hooks.lost();
      const result = (await base?.closed()) ?? { action: CloseAction.DoNotRestart };
      // A restart is announced by lost(); giving up is the client's message to show.
      return result.action === CloseAction.Restart ? { ...result, handled: true } : result;
    },
  };
  const options: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file' }, { scheme: 'untitled' }],
    outputChannel: output,
    traceOutputChannel: maskedChannel(output, hooks.secrets),
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    initializationOptions: () => hooks.settings(),
    errorHandler,
    stdioOptions,
    middleware: {
      didOpen: async (document, next) => {
        if (hooks.isCopy(document)) return;
        const uri = document.uri.toString();
        const version = document.version;
        await next(document);
        hooks.changeSent(uri, version);
      },
      didChange: async (event, next) => {
        // The document object is live: read the version this event produced, and its text, before awaiting.
        const { document } = event;
        if (hooks.isCopy(document)) return;
        const uri = document.uri.toString();
        const version = document.version;
        // The length from the line index, not getText(): the text is read only when a checksum is due.
        const length = document.offsetAt(document.lineAt(document.lineCount - 1).range.end);
        checksums.changed(uri, version, length, () => document.getText());
        await next(event);
        hooks.changeSent(uri, version);
      },
      didClose: async (document, next) => {
        if (hooks.isCopy(document)) return;
        checksums.forget(document.uri.toString());
        return next(document);
      },
      sendNotification: (type, next, params) =>
        next(type, (typeof type === 'string' ? type : type.method) === 'textDocument/didChange' ? (checksums.attach(params as DidChangeTextDocumentParams) as typeof params) : params),
    },
    // didSave (sent for the numeric textDocumentSync) and these file events keep the sidecar's workspace index current.
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher(SOURCE_FILES) },
  };
  client = new RedlineLanguageClient('redline', 'Redline', { command, args: [], options: { env: sidecarEnvironment(process.env) } }, options);
  base = client.createDefaultErrorHandler(4);
  client.registerFeature(renderCapability);
  await client.start();
  const sidecar: Sidecar = {
    // Without a token, none is passed: an `undefined` last argument would make the params a two-element array.
    request: (method, params, token) => (token ? client.sendRequest(method, params, token) : client.sendRequest(method, params)) as never,
    notify: (method, params) => client.sendNotification(method, params),
  };
  return { client, sidecar };
}
