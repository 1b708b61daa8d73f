/**
 * A client of the sidecar over JSON-RPC: starts the packaged executable (or any command), performs
 * the LSP handshake, routes render requests to the right RenderedDocument and collects statuses.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node.js';
import {
  TERMINAL_STATES,
  clientConnection,
  type ClientConnection,
  type LogMessageParams,
  type RedlineSettingsPatch,
  type SessionState,
  type SessionStatusParams,
} from '@redline/shared-protocol';
import { RenderedDocument } from './renderedDocument.js';

type StatusWaiter = { sessionId: string; states: readonly SessionState[]; resolve(status: SessionStatusParams): void; reject(error: Error): void };

export class SidecarClient {
  readonly documents = new Map<string, RenderedDocument>();
  readonly statuses: SessionStatusParams[] = [];
  readonly logs: LogMessageParams[] = [];
  private waiters: StatusWaiter[] = [];
  private readonly statusListeners: Array<(status: SessionStatusParams) => void> = [];

  private constructor(
    readonly conn: ClientConnection,
    readonly child: ChildProcess | null,
  ) {
    conn.onRequest('redline/applyRender', (params) => {
      const doc = this.documents.get(params.uri);
      return doc ? doc.applyRender(params) : { applied: false, version: 0 };
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
      for (const waiter of this.waiters.splice(0)) waiter.reject(new Error('The sidecar stopped unexpectedly; nothing was written.'));
    });
  }

  private closed = false;

  /** Spawns the sidecar; its stderr is passed to `onStderr` (drained either way, so it never blocks). */
  static async spawn(command: string, args: string[], settings: RedlineSettingsPatch, onStderr: (text: string) => void = () => undefined): Promise<SidecarClient> {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', onStderr);
    const failed = new Promise<never>((_, reject) => child.once('error', reject));
    const client = SidecarClient.over(child.stdout!, child.stdin!, child);
    await Promise.race([client.initialize(settings), failed]);
    return client;
  }

  /** A client over given streams (an in-process sidecar in tests). */
  static async connect(input: Readable, output: Writable, settings: RedlineSettingsPatch): Promise<SidecarClient> {
    const client = SidecarClient.over(input, output, null);
    await client.initialize(settings);
    return client;
  }

  private static over(input: Readable, output: Writable, child: ChildProcess | null): SidecarClient {
    const raw = createMessageConnection(new StreamMessageReader(input), new StreamMessageWriter(output));
    raw.listen();
    return new SidecarClient(clientConnection(raw), child);
  }

  private async initialize(settings: RedlineSettingsPatch): Promise<void> {
    await this.conn.sendRequest('initialize', { processId: process.pid, clientInfo: { name: 'redline-terminal' }, initializationOptions: settings, capabilities: { redlineRender: true } });
    await this.conn.sendNotification('initialized', {});
  }

  async openDocument(uri: string, languageId: string, text: string, echoRenders = false): Promise<RenderedDocument> {
    const doc = new RenderedDocument(this.conn, uri, languageId, text, echoRenders);
    this.documents.set(uri, doc);
    await doc.open();
    return doc;
  }

  onStatus(listener: (status: SessionStatusParams) => void): void {
    this.statusListeners.push(listener);
  }

  /** Resolves with the session's first status (past or future) in `states`. */
  waitForStatus(sessionId: string, states: readonly SessionState[] = TERMINAL_STATES): Promise<SessionStatusParams> {
    const seen = this.statuses.find((s) => s.sessionId === sessionId && states.includes(s.state));
    if (seen) return Promise.resolve(seen);
    if (this.closed) return Promise.reject(new Error('The sidecar stopped unexpectedly; nothing was written.'));
    return new Promise((resolve, reject) => this.waiters.push({ sessionId, states, resolve, reject }));
  }

  async close(): Promise<void> {
    if (!this.closed) {
      try {
        await this.conn.sendRequest('shutdown', {});
        await this.conn.sendNotification('exit', {});
      } catch {
        // The sidecar went away meanwhile; disposing below is all that is left to do.
      }
    }
    this.conn.raw.dispose();
    if (this.child && this.child.exitCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.child!.kill('SIGKILL');
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
