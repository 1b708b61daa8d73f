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
import type { Readable } from 'node:stream';
import { ReadStream } from 'node:tty';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TERMINAL_STATES, type SessionStatusParams } from '@redline/shared-protocol';
import { extractEditedCode } from '../../sidecar/src/edit/extract.js';
import { DEFAULT_SETTINGS } from '../../sidecar/src/server/settings.js';
import { countLines, languageIdOf, rangeOf, UsageError, type ApplyCommand, type EditCommand } from './args.js';
import { LiveView } from './liveView.js';
import { paintHunk, paintRegion } from './paint.js';
import { LineInput, summaryLine, verdicts } from './prompt.js';
import type { RenderedDocument } from './renderedDocument.js';
import { SidecarClient } from './sidecarClient.js';
import { decodeText, readTarget, RefusedFile, writeIfUnchanged } from './targetFile.js';
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

/** The first Ctrl-C aborts whatever is awaited; the second calls `exitNow`. */
class Stop {
  private readonly controller = new AbortController();
  private interrupts = 0;

  constructor(private readonly exitNow: () => void) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  readonly interrupt = (): void => {
    if (++this.interrupts > 1) this.exitNow();
    else this.controller.abort(new Interrupted());
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
  if (command.from !== undefined) return { text: extractEditedCode(readTarget(resolve(cwd, command.from), command.from).text), fromStdin: false };
  if (io.stdin.isTTY) io.stderr.write('Paste the code block, then press Ctrl-D on a line of its own.\n');
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(chunk as Buffer);
  return { text: extractEditedCode(decodeText(Buffer.concat(chunks), 'standard input').text), fromStdin: true };
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
  const name = command.file;
  const read = readTarget(path, name);
  const range = rangeOf(command.place, countLines(read.text), name, command.kind);
  const snippet = command.kind === 'apply' ? await readSnippet(command, cwd, io) : null;
  if (snippet && snippet.text.trim() === '') throw new RefusedFile(`no code to apply: ${command.kind === 'apply' && command.from ? command.from : 'standard input'} is empty.`);
  const display = displayOf(io);
  const say = (text: string) => display.say.write(text + '\n');
  const model = command.settings.model ?? DEFAULT_SETTINGS.model;
  const endpoint = command.settings.endpoint ?? DEFAULT_SETTINGS.endpoint;

  let client: SidecarClient | null = null;
  let doc: RenderedDocument | null = null;
  let sessionId: string | null = null;
  let scope = '';
  let ended = false;
  let closing = false;
  let view: LiveView | null = null;
  let keys: () => void = () => undefined;
  let input: LineInput | null = null;
  let tty: ReadStream | null = null;
  let stderr = '';
  /** The message for the sidecar's unexpected end, once it has ended. */
  let died: Promise<string> | null = null;
  const release = () => {
    keys();
    view?.stop();
    view = null;
    input?.close();
    tty?.destroy();
  };
  const stop = new Stop(() => {
    release();
    io.stderr.write('redline: stopped at once; nothing was written.\n');
    // The exit hook of SidecarClient kills the sidecar's process group.
    process.exit(130);
  });
  process.on('SIGINT', stop.interrupt);

  try {
    if (display.live && command.kind === 'edit') {
      keys = catchCtrlC(io.stdin, stop.interrupt);
      const marks = () => (sessionId ? doc?.marks.get(sessionId) : undefined);
      view = new LiveView(
        io.stdout,
        () => (doc && marks() ? paintRegion(doc.buffer, marks()!.decorations, display.color) : []),
        () => (marks() ? `${model} is writing${scope} · Ctrl-C cancels` : `Waiting for ${model} at ${endpoint}${scope} · Ctrl-C cancels`),
      );
      view.start();
    }
    client = await stop.guard(SidecarClient.spawn(sidecarPath(command), [], command.settings, (text) => (stderr += text)));
    died = new Promise((resolve) =>
      client!.child!.once('exit', (code, signal) => {
        if (closing) return;
        const last = stderr.trim().split('\n').pop();
        const message = `the sidecar stopped unexpectedly (${signal ? `killed by ${signal}` : `exit code ${code}`})${last ? `: ${last}` : ''}; nothing was written.`;
        stop.die(message);
        resolve(message);
      }),
    );
    doc = await stop.guard(client.openDocument(pathToFileURL(path).href, languageIdOf(path), read.text));
    const textDocument = { uri: doc.uri, version: doc.version };
    const started = await stop.guard(
      snippet
        ? client.conn.sendRequest('redline/snippet/apply', { textDocument, snippet: snippet.text, selection: range })
        : client.conn.sendRequest('redline/inlineEdit/start', { textDocument, range, instruction: (command as EditCommand).instruction }),
    );
    sessionId = started.sessionId;
    scope = ` · lines ${started.range.start.line + 1}–${Math.max(started.range.end.line, started.range.start.line + 1)}`;
    const first = await stop.guard(client.waitForStatus(sessionId, ['done', ...TERMINAL_STATES]));
    keys();
    view?.stop();
    if (first.state !== 'done') {
      ended = true;
      return reportEnd(first, name, say, io);
    }

    const marks = doc.marks.get(sessionId)!;
    const lines = documentLines(doc.buffer, marks.decorations.runs);
    const merged = unifiedHunks(lines, HUNK_CONTEXT, 'merged');
    if (display.live) {
      const header = [`--- a/${name}`, `+++ b/${name}`].map((l) => (display.color ? `\x1b[1m${l}\x1b[0m` : l));
      io.stdout.write([...header, ...merged.flatMap((h) => paintHunk(h, marks.decorations, display.color))].join('\n') + '\n');
    } else io.stdout.write(formatUnified(merged, name));

    const conn = client.conn;
    const id = sessionId;
    const settle = (accept: boolean, line?: number) => stop.guard(conn.sendRequest(accept ? 'redline/inlineEdit/accept' : 'redline/inlineEdit/reject', { sessionId: id, line }));
    const total = marks.hunks.length;
    let accepted: number;
    if (command.yes) {
      await settle(true);
      accepted = total;
    } else {
      if (snippet?.fromStdin) tty = controllingTerminal();
      const source: Readable | null = snippet?.fromStdin ? tty : io.stdin;
      input = new LineInput(source, display.say, Boolean((source as NodeJS.ReadStream | null)?.isTTY && display.say.isTTY), stop.interrupt);
      const ask = async (question: string): Promise<string> => {
        const answer = await stop.guard(input!.ask(question, stop.signal));
        if (answer === null) throw new NoAnswer(source ? 'no answer (end of input)' : 'no terminal to ask on (the code came on standard input)');
        return answer;
      };
      const current = doc;
      accepted = await verdicts({
        ask,
        say,
        settle,
        hunks: unifiedHunks(lines, HUNK_CONTEXT, 'each').map((h) => paintHunk(h, marks.decorations, display.color).join('\n')),
        firstHunkLine: () => current.marks.get(id)?.hunks[0]?.start,
      });
    }
    await stop.guard(client.waitForStatus(sessionId));
    ended = true;
    const changed = doc.text !== read.text;
    if (changed) writeIfUnchanged(read, doc.text, name);
    say(summaryLine(accepted, total, name, changed));
    return 0;
  } catch (err) {
    if (err instanceof Interrupted) {
      if (client && sessionId && !ended) await cancel(client, sessionId);
      release();
      io.stderr.write('redline: cancelled; nothing was written.\n');
      return 130;
    }
    if (err instanceof NoAnswer) {
      if (client && sessionId) await stop.guard(client.conn.sendRequest('redline/inlineEdit/reject', { sessionId }));
      io.stderr.write(`redline: ${err.message}: rejected, nothing was written. Pass --yes to accept without asking.\n`);
      return 1;
    }
    if (err instanceof SidecarDied) {
      io.stderr.write(`redline: ${err.message}\n`);
      return 1;
    }
    // A wait that failed because the connection closed: the exit that follows says why.
    const death = died && !(err instanceof RefusedFile) && !(err instanceof UsageError) && (await Promise.race([died, new Promise<null>((resolve) => setTimeout(() => resolve(null), 1000).unref())]));
    if (death) {
      io.stderr.write(`redline: ${death}\n`);
      return 1;
    }
    throw err;
  } finally {
    process.off('SIGINT', stop.interrupt);
    release();
    closing = true;
    await client?.close();
    if (io.env.REDLINE_DEBUG) io.stderr.write(stderr);
  }
}

/** Cancels the session, waiting a little for the sidecar to restore its copy; a dead sidecar is fine. */
async function cancel(client: SidecarClient, sessionId: string): Promise<void> {
  const ended = new Promise<void>((resolve) => client.child?.once('exit', () => resolve()));
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, CANCEL_TIMEOUT_MS).unref());
  await Promise.race([client.conn.sendRequest('redline/inlineEdit/cancel', { sessionId }).then(() => undefined, () => undefined), ended, timeout]);
}

function reportEnd(status: SessionStatusParams, name: string, say: (text: string) => void, io: Io): number {
  if (status.state === 'noChanges') {
    say(`redline: no changes suggested; ${name} unchanged`);
    return 0;
  }
  io.stderr.write(`redline: ${status.message ?? status.state}; ${name} unchanged\n`);
  return 1;
}
