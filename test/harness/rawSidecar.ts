/**
 * The packaged sidecar driven byte by byte, as a hostile or broken client would: raw frames in,
 * every message out, stderr kept, renders answered. For the robustness tests and the fuzz suite,
 * where the client library (which only writes well-formed frames) cannot be used.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { PACKAGED_SIDECAR } from './packaged.js';

export interface WireMessage {
  jsonrpc?: string;
  id?: unknown;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

export const frame = (body: string | object): Buffer => {
  const bytes = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  return Buffer.concat([Buffer.from(`Content-Length: ${bytes.length}\r\n\r\n`), bytes]);
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export class RawSidecar {
  readonly child: ChildProcess;
  readonly received: WireMessage[] = [];
  stderr = '';
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Answers the sidecar's render requests; default: applied, one version later. */
  onRender: (params: Record<string, unknown>) => unknown = (params) => ({ applied: true, version: (params.version as number) + 1 });
  private pending = Buffer.alloc(0);
  private nextId = 1;
  private readonly waiters = new Map<unknown, (message: WireMessage) => void>();
  private writes: Promise<unknown> = Promise.resolve();

  constructor(command = process.env.REDLINE_FUZZ_SIDECAR ?? PACKAGED_SIDECAR) {
    if (!existsSync(command)) throw new Error(`${command} is missing: run \`npm run build\` first`);
    this.child = spawn(command, [], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr!.setEncoding('utf8');
    this.child.stderr!.on('data', (text: string) => (this.stderr += text));
    this.child.stdout!.on('data', (chunk: Buffer) => this.read(chunk));
    // A dead child's stdin errors with EPIPE: the exit is what the caller looks at.
    this.child.stdin!.on('error', () => undefined);
    this.exit = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resident set size in bytes (Linux). */
  rss(): number {
    const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  }

  /**
   * Writes `chunks` one after another (a turn of the event loop between them, so a frame can
   * arrive in pieces), after everything written before and before anything written later: a
   * render answer never lands inside another frame. Resolves false if the process stopped
   * taking bytes (it died, or its input stayed full for 10 s).
   */
  write(...chunks: Array<Buffer | string>): Promise<boolean> {
    const run = this.writes.then(async () => {
      for (const [i, chunk] of chunks.entries()) {
        if (!this.alive) return false;
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        if (this.child.stdin!.write(chunk)) continue;
        const drained = await Promise.race([once(this.child.stdin!, 'drain').then(() => true), this.exit.then(() => false), sleep(10_000).then(() => false)]);
        if (!drained) return false;
      }
      return true;
    });
    this.writes = run.catch(() => false);
    return run;
  }

  notify(method: string, params: unknown = {}): void {
    void this.write(frame({ jsonrpc: '2.0', method, params }));
  }

  /** Sends a request and waits for its answer; null when none came within `timeoutMs` (long: a busy machine answers late). */
  request(method: string, params: unknown = {}, timeoutMs = 10_000): Promise<WireMessage | null> {
    const id = `probe-${this.nextId++}`;
    const answer = this.answerTo(id, timeoutMs);
    void this.write(frame({ jsonrpc: '2.0', id, method, params }));
    return answer;
  }

  /** The answer to the request with this id (sent by the caller in any shape), or null on timeout. */
  answerTo(id: unknown, timeoutMs = 10_000): Promise<WireMessage | null> {
    const seen = this.received.find((m) => m.id === id && m.method === undefined);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => {
      // Timers run before I/O in a turn of the event loop: if this process itself was busy, an answer
      // already in the pipe is read (one turn later) before it counts as missing.
      const timer = setTimeout(() => {
        setImmediate(() => {
          if (!this.waiters.delete(id)) return;
          resolve(null);
        });
      }, timeoutMs);
      this.waiters.set(id, (message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
  }

  async initialize(options: Record<string, unknown> = {}): Promise<void> {
    const answer = await this.request('initialize', { processId: null, capabilities: { redlineRender: true }, initializationOptions: options });
    if (!answer || answer.error) throw new Error(`initialize failed: ${JSON.stringify(answer)}`);
    this.notify('initialized');
  }

  async kill(): Promise<void> {
    if (this.alive) this.child.kill('SIGKILL');
    await this.exit;
  }

  private read(chunk: Buffer): void {
    this.pending = Buffer.concat([this.pending, chunk]);
    for (;;) {
      const end = this.pending.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.pending.toString('latin1', 0, end))?.[1]);
      if (this.pending.length < end + 4 + length) return;
      const message = JSON.parse(this.pending.toString('utf8', end + 4, end + 4 + length)) as WireMessage;
      this.pending = this.pending.subarray(end + 4 + length);
      this.received.push(message);
      if (message.method === 'redline/applyRender' && message.id !== undefined) {
        void this.write(frame({ jsonrpc: '2.0', id: message.id, result: this.onRender(message.params ?? {}) }));
      } else if (message.method === undefined) {
        this.waiters.get(message.id)?.(message);
        this.waiters.delete(message.id);
      }
    }
  }
}
