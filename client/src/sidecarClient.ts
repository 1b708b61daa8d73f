/**
 * A client of the sidecar over JSON-RPC: starts the packaged executable (or any command), performs
 * the LSP handshake, routes render requests to the right RenderedDocument and collects statuses.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Readable, Writable } from 'node:stream';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection, type CancellationToken, type Message } from 'vscode-jsonrpc/node.js';
import {
  TERMINAL_STATES,
  clientConnection,
  sidecarEnvironment,
  type ClientCapabilities,
  type ClientConnection,
  type DiagnoseTextParams,
  type DiagnoseTextResult,
  type FormatTextParams,
  type FormatTextResult,
  type LogMessageParams,
  type RedlineSettingsPatch,
  type SessionState,
  type SessionStatusParams,
} from '@redline/shared-protocol';
import { RenderedDocument, type DocumentOptions } from './renderedDocument.js';

/** How long a sidecar may take to answer `initialize` before it counts as broken (it needs ~0.3 s). */
export const INITIALIZE_TIMEOUT_MS = 5000;

/** Sidecars still running: killed when this process exits, however it exits short of a signal. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) killGroup(child);
});

function killGroup(child: ChildProcess): void {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/**
 * What this client does for the sidecar's checks of a proposal, on in-memory copies: each handler
 * given is announced in `initialize` and answers its request (the token is cancelled when the
 * sidecar stops waiting).
 */
export interface EditorTools {
  formatText?(params: FormatTextParams, token: CancellationToken): FormatTextResult | Promise<FormatTextResult>;
  diagnoseText?(params: DiagnoseTextParams, token: CancellationToken): DiagnoseTextResult | Promise<DiagnoseTextResult>;
}

type StatusWaiter = { sessionId: string; states: readonly SessionState[]; resolve(status: SessionStatusParams): void; reject(error: Error): void };

/**
 * vscode-jsonrpc's sendRequest rethrows a failed write inside its promise executor, where no caller
 * can catch it. A write to a sidecar whose stdin is already gone is dropped instead: the connection's
 * close then rejects every pending request, and later sends fail because the connection is closed.
 */
class DroppingWriter extends StreamMessageWriter {
  constructor(private readonly output: Writable) {
    super(output);
  }

  override async write(message: Message): Promise<void> {
    try {
      await super.write(message);
    } catch (err) {
      if (!this.output.destroyed) throw err;
    }
  }
}

export class SidecarClient {
  readonly documents = new Map<string, RenderedDocument>();
  readonly statuses: SessionStatusParams[] = [];
  readonly logs: LogMessageParams[] = [];
  private waiters: StatusWaiter[] = [];
  private readonly statusListeners: Array<(status: SessionStatusParams) => void> = [];

  private constructor(
    readonly conn: ClientConnection,
    readonly child: ChildProcess | null,
    private readonly tools: EditorTools,
  ) {
    const { formatText, diagnoseText } = tools;
    if (formatText) conn.onRequest('redline/formatText', (params, token) => formatText(params, token));
    if (diagnoseText) conn.onRequest('redline/diagnoseText', (params, token) => diagnoseText(params, token));
    conn.onRequest('redline/applyRender', (params) => {
      const doc = this.documents.get(params.uri);
      return doc ? doc.applyRender(params) : { applied: false, version: 0 };
    });
    conn.onRequest('redline/documentText', (params) => {
      const doc = this.documents.get(params.uri);
      if (!doc) throw new Error(`${params.uri} is not open`);
      return doc.textForResync();
    });
    conn.onNotification('redline/inlineEdit/status', (params) => {
      this.statuses.push(params);
      this.documents.get(params.uri)?.onStatus(params);
      for (const listener of this.statusListeners) listener(params);
      this.waiters = this.waiters.filter((w) => {
        if (w.sessionId !== params.sessionId || !w.states.includes(params.state)) return true;
        w.resolve(params);
        return false;
      });
    });
    conn.onNotification('window/logMessage', (params) => this.logs.push(params));
    conn.raw.onClose(() => {
      this.closed = true;
      for (const doc of this.documents.values()) doc.abandon();
      for (const waiter of this.waiters.splice(0)) waiter.reject(new Error('The sidecar stopped unexpectedly; nothing was written.'));
      // Requests still waiting for an answer fail now instead of waiting forever.
      conn.raw.dispose();
    });
  }

  private closed = false;

  /**
   * Spawns the sidecar; its stderr is passed to `onStderr` (drained either way, so it never blocks).
   * It runs in a process group of its own, so the terminal's Ctrl-C reaches only the client, which
   * then cancels the session in order. It exits by itself when its stdin closes (the client died).
   * Its environment is this process's with the sidecar's own additions (`sidecarEnvironment`).
   */
  static async spawn(
    command: string,
    args: string[],
    settings: RedlineSettingsPatch,
    onStderr: (text: string) => void = () => undefined,
    workspaceFolders: readonly string[] = [],
    tools: EditorTools = {},
  ): Promise<SidecarClient> {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], detached: true, env: sidecarEnvironment(process.env) });
    running.add(child);
    child.once('exit', () => running.delete(child));
    // Writing to a sidecar that died fails here too; the connection's close already reports it.
    child.stdin!.on('error', () => undefined);
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', onStderr);
    let timer: NodeJS.Timeout | undefined;
    const failed = new Promise<never>((_, reject) => {
      child.once('error', reject);
      child.once('exit', (code, signal) => reject(new Error(`The sidecar ${command} exited during start-up (${signal ?? `exit code ${code}`}).`)));
      timer = setTimeout(() => reject(new Error(`The sidecar ${command} did not answer initialize within ${INITIALIZE_TIMEOUT_MS / 1000} s.`)), INITIALIZE_TIMEOUT_MS);
    });
    // It also rejects when the sidecar exits long after start-up: that is no one's error here.
    failed.catch(() => undefined);
    const client = SidecarClient.over(child.stdout!, child.stdin!, child, tools);
    try {
      await Promise.race([client.initialize(settings, workspaceFolders), failed]);
    } catch (err) {
      client.kill();
      throw err;
    } finally {
      clearTimeout(timer);
    }
    return client;
  }

  /** Ends the sidecar at once (SIGKILL to its process group), without the shutdown handshake. */
  kill(): void {
    if (this.child) killGroup(this.child);
  }

  /** A client over given streams (an in-process sidecar in tests). */
  static async connect(input: Readable, output: Writable, settings: RedlineSettingsPatch, workspaceFolders: readonly string[] = [], tools: EditorTools = {}): Promise<SidecarClient> {
    const client = SidecarClient.over(input, output, null, tools);
    await client.initialize(settings, workspaceFolders);
    return client;
  }

  private static over(input: Readable, output: Writable, child: ChildProcess | null, tools: EditorTools): SidecarClient {
    const raw = createMessageConnection(new StreamMessageReader(input), new DroppingWriter(output));
    const client = new SidecarClient(clientConnection(raw), child, tools);
    raw.listen();
    return client;
  }

  /** `workspaceFolders`: directories the sidecar may read for context (definitions, rules); none: it reads no file. */
  private async initialize(settings: RedlineSettingsPatch, workspaceFolders: readonly string[]): Promise<void> {
    await this.conn.sendRequest('initialize', {
      processId: process.pid,
      clientInfo: { name: 'redline-terminal' },
      initializationOptions: settings,
      capabilities: this.capabilities(),
      workspaceFolders: workspaceFolders.length > 0 ? workspaceFolders.map((dir) => ({ uri: pathToFileURL(dir).href, name: basename(dir) })) : null,
    });
    await this.conn.sendNotification('initialized', {});
  }

  private capabilities(): ClientCapabilities {
    return {
      redlineRender: true,
      ...(this.tools.formatText ? { redlineFormatText: true } : {}),
      ...(this.tools.diagnoseText ? { redlineDiagnoseText: true } : {}),
    };
  }

  async openDocument(uri: string, languageId: string, text: string, options: DocumentOptions = {}): Promise<RenderedDocument> {
    const doc = new RenderedDocument(this.conn, uri, languageId, text, options);
    this.documents.set(uri, doc);
    await doc.open();
    return doc;
  }

  onStatus(listener: (status: SessionStatusParams) => void): void {
    this.statusListeners.push(listener);
  }

  /** Resolves with the session's first status in `states`, among those from index `since` of `statuses` on (past or future). */
  waitForStatus(sessionId: string, states: readonly SessionState[] = TERMINAL_STATES, since = 0): Promise<SessionStatusParams> {
    const seen = this.statuses.slice(since).find((s) => s.sessionId === sessionId && states.includes(s.state));
    if (seen) return Promise.resolve(seen);
    if (this.closed) return Promise.reject(new Error('The sidecar stopped unexpectedly; nothing was written.'));
    return new Promise((resolve, reject) => this.waiters.push({ sessionId, states, resolve, reject }));
  }

  async close(): Promise<void> {
    if (!this.closed) {
      try {
        // A sidecar that is alive but stuck gets two seconds, then the kill below.
        await Promise.race([this.conn.sendRequest('shutdown', {}), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
        await this.conn.sendNotification('exit', {});
      } catch {
        // The sidecar went away meanwhile; disposing below is all that is left to do.
      }
    }
    this.conn.raw.dispose();
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          killGroup(this.child!);
          resolve();
        }, 2000);
        this.child!.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}
