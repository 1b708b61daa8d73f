/**
 * The terminal client as a user runs it: in a real pseudo-terminal (node-pty, prebuilt, no native
 * build), its output fed to a headless xterm so tests read the screen and the scrollback as a
 * person would see them; or with plain pipes. Every run carries a tag in its environment so the
 * processes it started (the sidecar above all) can be found and shown to be gone.
 */
import { spawn as spawnPipe } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pty from '@lydell/node-pty';
import xterm from '@xterm/headless';
import { PACKAGED_SIDECAR } from './packaged.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TSX = join(root, 'node_modules/.bin/tsx');
const MAIN = join(root, 'terminal-client/src/main.ts');

export interface Exit {
  exitCode: number;
  signal?: number;
}

export interface TerminalRun {
  tag: string;
  /** Everything the program wrote, escape sequences included. */
  raw(): string;
  write(keys: string): void;
  /** Resolves once the screen (or the scrollback) shows `pattern`. */
  waitFor(pattern: string | RegExp, timeoutMs?: number): Promise<void>;
  /** Resolves once `text` has been written `times` times in all (to answer the same question twice). */
  waitForCount(text: string, times: number, timeoutMs?: number): Promise<void>;
  /** Every row of the terminal, scrollback first, as a person would read them. */
  rows(): Promise<string[]>;
  /** Resolves once the client has exited; rejects after 30 s naming the run's processes still alive. */
  readonly exit: Promise<Exit>;
  kill(signal?: string): void;
  pid: number;
}

export interface RunOptions {
  cols?: number;
  rows?: number;
  env?: Record<string, string>;
  cwd?: string;
  /** Instead of the client, this argv (e.g. a shell pipeline); REDLINE_MAIN / REDLINE_TSX are set for it. */
  command?: string[];
}

/** Longer than any exit path of the client takes, even on a busy machine. */
const EXIT_WAIT_MS = 30_000;

const redlineArgs = (args: string[]) => [MAIN, ...args, ...(args.includes('--sidecar') ? [] : ['--sidecar', PACKAGED_SIDECAR])];

export function runInTerminal(args: string[], options: RunOptions = {}): TerminalRun {
  const cols = options.cols ?? 100;
  const rows = options.rows ?? 30;
  const tag = randomUUID();
  const env = { ...cleanEnv(), TERM: 'xterm-256color', REDLINE_TEST_TAG: tag, REDLINE_TSX: TSX, REDLINE_MAIN: MAIN, ...options.env };
  const [file, ...argv] = options.command ?? [TSX, ...redlineArgs(args)];
  const child = pty.spawn(file, argv, { name: 'xterm-256color', cols, rows, cwd: options.cwd ?? root, env });
  const term = new xterm.Terminal({ cols, rows, scrollback: 5000, allowProposedApi: true });
  let raw = '';
  const watchers = new Set<() => void>();
  let written = Promise.resolve();
  child.onData((data) => {
    raw += data;
    written = new Promise((resolve) => term.write(data, resolve));
    void written.then(() => watchers.forEach((w) => w()));
  });
  const exit = new Promise<Exit>((resolve) => child.onExit((e) => resolve(e)));
  const rowsNow = async () => {
    await written;
    const buffer = term.buffer.active;
    const out: string[] = [];
    for (let i = 0; i < buffer.length; i++) out.push(buffer.getLine(i)?.translateToString(true) ?? '');
    return out;
  };
  return {
    tag,
    raw: () => raw,
    write: (keys) => child.write(keys),
    waitFor: (pattern, timeoutMs = 15_000) =>
      new Promise<void>((resolve, reject) => {
        const test = (text: string) => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text));
        const timer = setTimeout(async () => {
          watchers.delete(check);
          reject(new Error(`the terminal never showed ${pattern}; it shows:\n${(await rowsNow()).join('\n')}`));
        }, timeoutMs);
        const check = () =>
          void rowsNow().then((lines) => {
            if (!watchers.has(check) || !test(lines.join('\n'))) return;
            watchers.delete(check);
            clearTimeout(timer);
            resolve();
          });
        watchers.add(check);
        check();
        void exit.then(() => setTimeout(check, 50));
      }),
    waitForCount: (text, times, timeoutMs = 15_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          watchers.delete(check);
          reject(new Error(`'${text}' was not written ${times} times; the output was:\n${raw}`));
        }, timeoutMs);
        const check = () => {
          if (raw.split(text).length - 1 < times) return;
          watchers.delete(check);
          clearTimeout(timer);
          resolve();
        };
        watchers.add(check);
        check();
      }),
    rows: rowsNow,
    get exit() {
      return new Promise<Exit>((resolve, reject) => {
        const timer = setTimeout(async () => {
          const alive = taggedProcesses(tag).map((p) => `${p.pid} ${p.command}`);
          reject(new Error(`the client did not exit within ${EXIT_WAIT_MS / 1000} s; still running:\n${alive.join('\n')}\nit shows:\n${(await rowsNow()).join('\n')}`));
        }, EXIT_WAIT_MS);
        void exit.then((e) => {
          clearTimeout(timer);
          resolve(e);
        });
      });
    },
    kill: (signal = 'SIGKILL') => child.kill(signal),
    pid: child.pid,
  };
}

/** The client with plain pipes: stdout and stderr apart, stdin given or closed. */
export function runPiped(args: string[], options: { stdin?: string; env?: Record<string, string>; cwd?: string } = {}): Promise<{ status: number | null; stdout: string; stderr: string; tag: string }> {
  const tag = randomUUID();
  const child = spawnPipe(TSX, redlineArgs(args), { cwd: options.cwd ?? root, env: { ...cleanEnv(), REDLINE_TEST_TAG: tag, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.end(options.stdin ?? '');
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr, tag })));
}

/** The environment of the test run minus what would change how the client looks. */
function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !/^(NO_COLOR|FORCE_COLOR|INIT_CWD|REDLINE_)/.test(key)) env[key] = value;
  return env;
}

/** Processes alive with this run's tag in their environment (Linux /proc). */
export function taggedProcesses(tag: string): Array<{ pid: number; command: string }> {
  const found: Array<{ pid: number; command: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(`REDLINE_TEST_TAG=${tag}`)) continue;
      found.push({ pid: Number(entry), command: readFileSync(`/proc/${entry}/cmdline`, 'latin1').split('\0').join(' ').trim() });
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/** The sidecar of a run, once it has started. */
export async function sidecarOf(tag: string, timeoutMs = 10_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const sidecar = taggedProcesses(tag).find((p) => p.command.startsWith(PACKAGED_SIDECAR));
    if (sidecar) return sidecar.pid;
    if (Date.now() > deadline) throw new Error('no sidecar process appeared');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits a little for processes to be reaped, then returns those of the run still alive. */
export async function leftovers(tag: string): Promise<Array<{ pid: number; command: string }>> {
  for (let i = 0; i < 20; i++) {
    const alive = taggedProcesses(tag);
    if (alive.length === 0) return alive;
    await new Promise((r) => setTimeout(r, 100));
  }
  return taggedProcesses(tag);
}
