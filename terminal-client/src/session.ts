/**
 * One run of `redline edit` or `redline apply`, the imperative shell around the pure parts: reads
 * the file, starts the sidecar, shows the proposal, asks for the verdict and writes the file only
 * once it is settled (and only if it did not change on disk meanwhile).
 *
 * Every wait races `Stop`: a Ctrl-C (a signal, a key in raw mode, or readline's) cancels the session
 * and ends with status 130 and nothing written; a second one exits at once. The sidecar dying ends
 * the run with a message, never a hang.
 */
import { existsSync, openSync } from 'node:fs';
import { resolve } from 'node:path';
import { ReadStream } from 'node:tty';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SidecarClient, type RenderedDocument } from '@redline/client';
import { DEFAULT_SETTINGS, TERMINAL_STATES, type SessionStatusParams } from '@redline/shared-protocol';
import { countLines, languageIdOf, rangeOf, UsageError, type ApplyCommand, type EditCommand } from './args.js';
import { commandFormatter } from './formatter.js';
import { LiveView } from './liveView.js';
import { paintHunk, paintRegion } from './paint.js';
import { LineInput, summaryLine, unchangedLine, verdicts } from './prompt.js';
import { decodeText, projectFolderOf, readTarget, RefusedFile, writeIfUnchanged } from './targetFile.js';
import { documentLines, formatUnified, unifiedHunks } from './unifiedDiff.js';

export interface Io {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: Record<string, string | undefined>;
}

/** Context lines around each hunk shown, as `git diff`. */
const HUNK_CONTEXT = 3;
/** How long a cancelled session may take to restore its document before the sidecar is killed. */
const CANCEL_TIMEOUT_MS = 2000;

class Interrupted extends Error {}
class SidecarDied extends Error {}
class NoAnswer extends Error {}

/**
 * One Ctrl-C can arrive as several SIGINTs: the terminal signals the whole foreground group, and
 * wrappers in it (`npm run`, tsx) relay the signal to their child as well. Interrupts this close to
 * the first one are the same keypress.
 */
const SAME_KEYPRESS_MS = 400;

/** The first Ctrl-C aborts whatever is awaited; a later one calls `exitNow`. */
class Stop {
  private readonly controller = new AbortController();
  private firstAt: number | null = null;

  constructor(private readonly exitNow: () => void) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  readonly interrupt = (): void => {
    const now = performance.now();
    if (this.firstAt === null) {
      this.firstAt = now;
      this.controller.abort(new Interrupted());
    } else if (now - this.firstAt >= SAME_KEYPRESS_MS) {
      this.exitNow();
    }
  };

  die(message: string): void {
    if (!this.signal.aborted) this.controller.abort(new SidecarDied(message));
  }

  guard<T>(promise: Promise<T>): Promise<T> {
    if (this.signal.aborted) return Promise.reject(this.signal.reason);
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(this.signal.reason);
      this.signal.addEventListener('abort', onAbort, { once: true });
      promise.then(resolve, reject).finally(() => this.signal.removeEventListener('abort', onAbort));
    });
  }
}

const EXE = process.platform === 'win32' ? 'redline-sidecar.exe' : 'redline-sidecar';

function sidecarPath(command: EditCommand | ApplyCommand): string {
  const path = command.sidecar ?? fileURLToPath(new URL(`../../dist/${EXE}`, import.meta.url));
  if (!existsSync(path)) throw new Error(`no sidecar executable at ${path}; run \`npm run build\` or pass --sidecar`);
  return path;
}

/** Where things go: a live, coloured picture on a terminal; a plain unified diff through a pipe. */
function displayOf(io: Io) {
  const live = Boolean(io.stdout.isTTY) && io.env.TERM !== 'dumb';
  return {
    live,
    // https://no-color.org: set and not empty.
    color: live && !io.env.NO_COLOR,
    /** The dialog and the closing line: the terminal, even when the diff is piped. */
    say: io.stdout.isTTY ? io.stdout : io.stderr,
  };
}

/** Ctrl-C as a key while the picture streams (raw mode, so typed keys do not garble it). */
function catchCtrlC(stdin: NodeJS.ReadStream, onInterrupt: () => void): () => void {
  if (!stdin.isTTY) return () => undefined;
  const onData = (data: Buffer) => {
    if (data.includes(3)) onInterrupt();
  };
  stdin.setRawMode(true);
  stdin.on('data', onData);
  stdin.resume();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    stdin.off('data', onData);
    stdin.setRawMode(false);
    stdin.pause();
  };
}

/**
 * The code to apply. A chat answer pasted whole is fine: its code is taken out of the fence (and
 * the chatter around it) the way the sidecar reads a model's reply, so it is placed by its code.
 */
async function readSnippet(command: ApplyCommand, cwd: string, io: Io): Promise<{ text: string; fromStdin: boolean }> {
  // The chat answer goes as it is: the sidecar takes the code block out of it.
  if (command.from !== undefined) return { text: readTarget(resolve(cwd, command.from), command.from).text, fromStdin: false };
  if (io.stdin.isTTY) io.stderr.write('Paste the code block, then press Ctrl-D on a line of its own.\n');
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(chunk as Buffer);
  return { text: decodeText(Buffer.concat(chunks), 'standard input').text, fromStdin: true };
}

/** The terminal to ask on when standard input carried the code block. */
function controllingTerminal(): ReadStream | null {
  try {
    return new ReadStream(openSync('/dev/tty', 'r'));
  } catch {
    return null;
  }
}

export async function runSession(command: EditCommand | ApplyCommand, io: Io): Promise<number> {
  // Under `npm run`, the working directory is the repository; INIT_CWD is where the user typed it.
  const cwd = io.env.INIT_CWD ?? process.cwd();
  const path = resolve(cwd, command.file);
  const read = readTarget(path, command.file);
  const range = rangeOf(command.place, countLines(read.text), command.file, command.kind);
  const snippet = command.kind === 'apply' ? await readSnippet(command, cwd, io) : null;
  if (snippet && snippet.text.trim() === '') throw new RefusedFile(`no code to apply: ${(command as ApplyCommand).from ?? 'standard input'} is empty.`);
  return new Run(command, io, read, range, snippet).run();
}

type Target = ReturnType<typeof readTarget>;
type LspRange = ReturnType<typeof rangeOf>;

/** The state of one run; every field is set as the run gets that far. */
class Run {
  private readonly display;
  private readonly stop: Stop;
  private readonly name: string;
  private client: SidecarClient | null = null;
  private doc: RenderedDocument | null = null;
  private sessionId: string | null = null;
  /** The session reached a terminal state: nothing to cancel. */
  private ended = false;
  private closing = false;
  private view: LiveView | null = null;
  private keys: () => void = () => undefined;
  private input: LineInput | null = null;
  private tty: ReadStream | null = null;
  private stderr = '';
  /** The message for the sidecar's unexpected end, once it has ended. */
  private died: Promise<string> | null = null;
  /** Why the project's formatter gave nothing, told once the proposal is shown (the live view owns the terminal until then). */
  private unformatted: string[] = [];

  constructor(
    private readonly command: EditCommand | ApplyCommand,
    private readonly io: Io,
    private readonly read: Target,
    private readonly range: LspRange,
    private readonly snippet: { text: string; fromStdin: boolean } | null,
  ) {
    this.display = displayOf(io);
    this.name = command.file;
    this.stop = new Stop(() => {
      this.release();
      io.stderr.write('redline: stopped at once; nothing was written.\n');
      // The exit hook of SidecarClient kills the sidecar's process group.
      process.exit(130);
    });
  }

  private say(text: string): void {
    this.display.say.write(text + '\n');
  }

  /** The session's findings (refused edits, new syntax errors, large deletions), one line each; the formatter's failure. */
  private warn(status: SessionStatusParams): void {
    for (const why of this.unformatted.splice(0)) this.io.stderr.write(`redline: not formatted: ${why}; the proposal is as the model wrote it.\n`);
    for (const w of status.warnings ?? []) this.io.stderr.write(`redline: warning${w.line === null ? '' : ` (line ${w.line + 1})`}: ${w.message}\n`);
  }

  async run(): Promise<number> {
    process.on('SIGINT', this.stop.interrupt);
    try {
      const first = await this.propose();
      this.keys();
      this.view?.stop();
      this.warn(first);
      if (first.state !== 'done') {
        this.ended = true;
        return this.reportEnd(first);
      }
      const { accepted, total } = await this.settle();
      await this.stop.guard(this.client!.waitForStatus(this.sessionId!));
      this.ended = true;
      // Settled: from here a Ctrl-C is the default one; the write below is atomic either way.
      this.release();
      const doc = this.doc!;
      const changed = doc.text !== this.read.text;
      if (changed) writeIfUnchanged(this.read, doc.text, this.name);
      this.say(summaryLine(accepted, total, this.name, changed));
      return 0;
    } catch (err) {
      return await this.failed(err);
    } finally {
      this.release();
      this.closing = true;
      await this.client?.close();
      if (this.io.env.REDLINE_DEBUG) this.io.stderr.write(this.stderr);
    }
  }

  /** Starts the sidecar and the session; the live view streams until the proposal is complete. */
  private async propose(): Promise<SessionStatusParams> {
    const { command, stop, display } = this;
    const model = command.settings.model ?? DEFAULT_SETTINGS.model;
    const endpoint = command.settings.endpoint ?? DEFAULT_SETTINGS.endpoint;
    let scope = '';
    if (display.live && command.kind === 'edit') {
      this.keys = catchCtrlC(this.io.stdin, stop.interrupt);
      const marks = () => (this.sessionId ? this.doc?.marks.get(this.sessionId) : undefined);
      this.view = new LiveView(
        this.io.stdout,
        () => (this.doc && marks() ? paintRegion(this.doc.buffer, marks()!.decorations, display.color) : []),
        () => (marks() ? `${model} is writing${scope} · Ctrl-C cancels` : `Waiting for ${model} at ${endpoint}${scope} · Ctrl-C cancels`),
      );
      this.view.start();
    }
    const tools = command.formatCommand ? { formatText: commandFormatter(command.formatCommand, this.read.path, (why) => this.unformatted.push(why)) } : {};
    const client = await stop.guard(SidecarClient.spawn(sidecarPath(command), [], command.settings, (text) => (this.stderr += text), [projectFolderOf(this.read.path)], tools));
    this.client = client;
    this.died = new Promise((resolve) =>
      client.child!.once('exit', (code, signal) => {
        if (this.closing) return;
        // The sidecar's last words: an error or a crash's own output, not its routine log lines (one per request).
        const last = this.stderr.trim().split('\n').filter((line) => !/^\[redline (info|debug)\]/.test(line)).pop();
        const message = `the sidecar stopped unexpectedly (${signal ? `killed by ${signal}` : `exit code ${code}`})${last ? `: ${last}` : ''}; nothing was written.`;
        stop.die(message);
        resolve(message);
      }),
    );
    const doc = await stop.guard(client.openDocument(pathToFileURL(this.read.path).href, languageIdOf(this.read.path), this.read.text));
    this.doc = doc;
    const textDocument = { uri: doc.uri, version: doc.version };
    const started = await stop.guard(
      command.kind === 'edit'
        ? client.conn.sendRequest('redline/inlineEdit/start', {
            textDocument,
            range: this.range,
            instruction: command.instruction,
            ...(command.scope ? { scope: command.scope } : {}),
            ...(command.editFormat ? { editFormat: command.editFormat } : {}),
          })
        : client.conn.sendRequest('redline/snippet/apply', { textDocument, snippet: this.snippet!.text, selection: this.range }),
    );
    this.sessionId = started.sessionId;
    scope = ` · lines ${started.range.start.line + 1}–${Math.max(started.range.end.line, started.range.start.line + 1)}`;
    return stop.guard(client.waitForStatus(started.sessionId, ['done', ...TERMINAL_STATES]));
  }

  /** Shows the whole proposal, then settles it: --yes, or the questions. */
  private async settle(): Promise<{ accepted: number; total: number }> {
    const { display, stop, io } = this;
    const doc = this.doc!;
    const conn = this.client!.conn;
    const sessionId = this.sessionId!;
    const marks = doc.marks.get(sessionId)!;
    const lines = documentLines(doc.buffer, marks.decorations.runs);
    const merged = unifiedHunks(lines, HUNK_CONTEXT, 'merged');
    if (display.live) {
      const header = [`--- a/${this.name}`, `+++ b/${this.name}`].map((l) => (display.color ? `\x1b[1m${l}\x1b[0m` : l));
      io.stdout.write([...header, ...merged.flatMap((h) => paintHunk(h, marks.decorations, display.color))].join('\n') + '\n');
    } else io.stdout.write(formatUnified(merged, this.name));

    const total = marks.hunks.length;
    const settle = (accept: boolean, line?: number) => stop.guard(conn.sendRequest(accept ? 'redline/inlineEdit/accept' : 'redline/inlineEdit/reject', { sessionId, line }));
    if (this.command.yes) {
      await settle(true);
      return { accepted: total, total };
    }
    if (this.snippet?.fromStdin) this.tty = controllingTerminal();
    const source: NodeJS.ReadStream | ReadStream | null = this.snippet?.fromStdin ? this.tty : io.stdin;
    const input = new LineInput(source, display.say, Boolean(source?.isTTY && display.say.isTTY), stop.interrupt);
    this.input = input;
    const accepted = await verdicts({
      ask: async (question) => {
        const answer = await stop.guard(input.ask(question, stop.signal));
        if (answer === null) throw new NoAnswer(source ? 'no answer (end of input)' : 'no terminal to ask on (the code came on standard input)');
        return answer;
      },
      say: (text) => this.say(text),
      settle,
      hunks: unifiedHunks(lines, HUNK_CONTEXT, 'each').map((h) => paintHunk(h, marks.decorations, display.color).join('\n')),
      firstHunkLine: () => doc.marks.get(sessionId)?.hunks[0]?.start,
    });
    return { accepted, total };
  }

  private async failed(err: unknown): Promise<number> {
    const { client, sessionId, io } = this;
    if (err instanceof Interrupted) {
      if (client && sessionId && !this.ended) await cancel(client, sessionId);
      this.release();
      io.stderr.write('redline: cancelled; nothing was written.\n');
      return 130;
    }
    if (err instanceof NoAnswer) {
      if (client && sessionId) await this.stop.guard(client.conn.sendRequest('redline/inlineEdit/reject', { sessionId }));
      io.stderr.write(`redline: ${err.message}: rejected, nothing was written. Pass --yes to accept without asking.\n`);
      return 1;
    }
    if (err instanceof SidecarDied) {
      io.stderr.write(`redline: ${err.message}\n`);
      return 1;
    }
    // A wait that failed because the connection closed: the exit that follows says why.
    const mayBeDeath = this.died && !(err instanceof RefusedFile) && !(err instanceof UsageError);
    const death = mayBeDeath && (await Promise.race([this.died, new Promise<null>((resolve) => setTimeout(() => resolve(null), 1000).unref())]));
    if (death) {
      io.stderr.write(`redline: ${death}\n`);
      return 1;
    }
    throw err;
  }

  private reportEnd(status: SessionStatusParams): number {
    if (status.state === 'noChanges') {
      this.say(`redline: no changes suggested; ${this.name} unchanged`);
      return 0;
    }
    this.io.stderr.write(`${unchangedLine(status.message ?? status.state, this.name)}\n`);
    return 1;
  }

  /** Gives the terminal back: raw mode off, live view erased, questions closed, Ctrl-C the default again. */
  private release(): void {
    process.off('SIGINT', this.stop.interrupt);
    this.keys();
    this.view?.stop();
    this.view = null;
    this.input?.close();
    this.tty?.destroy();
  }
}

/** Cancels the session, waiting a little for the sidecar to restore its copy; a dead sidecar is fine. */
async function cancel(client: SidecarClient, sessionId: string): Promise<void> {
  const ended = new Promise<void>((resolve) => client.child?.once('exit', () => resolve()));
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, CANCEL_TIMEOUT_MS).unref());
  await Promise.race([client.conn.sendRequest('redline/inlineEdit/cancel', { sessionId }).then(() => undefined, () => undefined), ended, timeout]);
}
