/**
 * The real model servers of the real-server suite: llama.cpp's llama-server and Ollama, built once
 * per machine by scripts/real-servers/build.sh, each started on a free port of 127.0.0.1 with its
 * log kept in memory, serving the tiny random-weight models that script writes.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

const CACHE = process.env.REDLINE_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'redline');
export const REAL_SERVERS_DIR = process.env.REDLINE_REAL_SERVERS || join(CACHE, 'real-servers');
const BUILD_TOOLS = ['cmake', 'ninja', 'go', 'python3', 'cc', 'c++'];

/**
 * The models build.sh writes: `tiny` ends its replies by itself, the `noeos` ones run to a limit;
 * `large` is the slow one for llama-server, `medium` for Ollama (see make-model.py).
 */
export type ModelName = 'tiny' | 'tiny-noeos' | 'medium-noeos' | 'large-noeos';
const MODELS: ModelName[] = ['tiny', 'tiny-noeos', 'medium-noeos', 'large-noeos'];
/** The models Ollama serves in the suite. */
const OLLAMA_MODELS: ModelName[] = ['tiny', 'tiny-noeos', 'medium-noeos'];

export const modelFile = (name: ModelName) => join(REAL_SERVERS_DIR, 'models', `${name}.gguf`);
const binary = (name: 'llama-server' | 'ollama') => join(REAL_SERVERS_DIR, 'bin', name);

/**
 * Whether the suite can run. Built: run. Not built for want of build tools: skip, saying which.
 * Not built although the tools are there: run, and fail at once saying how to build.
 */
export function realServersState(): { run: true } | { run: false; reason: string } {
  const missing = [binary('llama-server'), binary('ollama'), ...MODELS.map(modelFile)].filter((file) => !existsSync(file));
  if (missing.length === 0) return { run: true };
  const tools = BUILD_TOOLS.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
  if (tools.length > 0) return { run: false, reason: `real model servers: skipped, the build tools ${tools.join(', ')} are missing (scripts/real-servers/build.sh needs them)` };
  return { run: true };
}

export function assertBuilt(server: 'llama-server' | 'ollama'): void {
  const missing = [binary(server), ...MODELS.map(modelFile)].filter((file) => !existsSync(file));
  if (missing.length > 0) throw new Error(`real model servers are not built (${missing.join(', ')} missing): \`npm test\` builds them once per machine (≈ 25 min), or \`bash scripts/real-servers/build.sh\` alone`);
}

export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:PORT */
  url: string;
  child: ChildProcess;
  /** Everything the server printed so far. */
  log(): string;
  /** Resolves once the log (from `from` on) matches; rejects after `timeoutMs` with the log's tail. */
  waitForLog(pattern: RegExp, timeoutMs?: number, from?: number): Promise<string>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function track(child: ChildProcess, url: string): RunningServer {
  let log = '';
  const waiters = new Set<() => void>();
  const onData = (data: Buffer) => {
    log += data.toString('utf8');
    waiters.forEach((check) => check());
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    child,
    log: () => log,
    waitForLog(pattern, timeoutMs = 20_000, from = 0) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${pattern} in the server log within ${timeoutMs} ms; its end:\n${log.slice(-2000)}`));
        }, timeoutMs);
        const check = () => {
          const found = pattern.exec(log.slice(from));
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found[0]);
        };
        waiters.add(check);
        check();
      });
    },
    // Each server is spawned in a process group of its own and stopped as a group: `ollama serve`
    // starts a runner process per model, which outlived a server killed after the grace period.
    async stop() {
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, name);
        } catch {
          // The whole group has exited already.
        }
      };
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      signal('SIGKILL');
    },
  };
}

async function waitUntilServing(server: RunningServer, path: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode}):\n${server.log().slice(-2000)}`);
    try {
      if ((await fetch(server.url + path)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${path} within ${timeoutMs} ms:\n${server.log().slice(-2000)}`);
}

export interface LlamaOptions {
  model: ModelName;
  /** Context size (-c). */
  context?: number;
  apiKey?: string;
}

/**
 * llama-server with one slot, a fixed sampling seed (replies repeat run to run) and timestamped logs.
 * One thread: on a busy machine two threads spin waiting for each other and a 64-wide model slows
 * from thousands of tokens a second to a handful.
 */
export async function startLlamaServer(options: LlamaOptions): Promise<RunningServer> {
  const port = await freePort();
  const args = ['-m', modelFile(options.model), '--host', '127.0.0.1', '--port', String(port), '-t', '1', '-np', '1', '-c', String(options.context ?? 4096)];
  args.push('--alias', options.model, '--seed', '42', '--log-timestamps', '--log-prefix');
  if (options.apiKey) args.push('--api-key', options.apiKey);
  const server = track(spawn(binary('llama-server'), args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true }), `http://127.0.0.1:${port}`);
  await waitUntilServing(server, '/health');
  return server;
}

/** llama-server in router mode over the models directory: requests name their model, as with several models served. */
export async function startLlamaRouter(): Promise<RunningServer> {
  const port = await freePort();
  const args = ['--models-dir', join(REAL_SERVERS_DIR, 'models'), '--host', '127.0.0.1', '--port', String(port), '-t', '1', '--no-models-autoload'];
  const server = track(spawn(binary('llama-server'), args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true }), `http://127.0.0.1:${port}`);
  await waitUntilServing(server, '/health');
  return server;
}

/**
 * `ollama serve` with its models kept in the cache directory (imported once per machine) and a home
 * of its own, one request at a time, debug logging on.
 */
export async function startOllama(): Promise<RunningServer> {
  const port = await freePort();
  const models = join(REAL_SERVERS_DIR, 'ollama-models');
  mkdirSync(models, { recursive: true });
  const home = mkdtempSync(join(tmpdir(), 'redline-ollama-'));
  const env = { ...process.env, HOME: home, OLLAMA_MODELS: models, OLLAMA_HOST: `127.0.0.1:${port}`, OLLAMA_NUM_PARALLEL: '1', OLLAMA_DEBUG: '1', OLLAMA_NOPRUNE: '1' };
  const server = track(spawn(binary('ollama'), ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true }), `http://127.0.0.1:${port}`);
  await waitUntilServing(server, '/api/version');
  for (const name of OLLAMA_MODELS) importModel(name, home, env);
  return server;
}

/**
 * `ollama create` from the GGUF with a ChatML template, a fixed seed and one thread (as for
 * llama-server); a model already there with the same file is found by its digest, so this is quick
 * after the first run.
 */
function importModel(name: ModelName, home: string, env: NodeJS.ProcessEnv): void {
  const modelfile = join(home, `Modelfile.${name}`);
  writeFileSync(
    modelfile,
    [`FROM ${modelFile(name)}`, 'TEMPLATE """{{- range .Messages }}<|im_start|>{{ .Role }}', '{{ .Content }}<|im_end|>', '{{ end }}<|im_start|>assistant', '"""', 'PARAMETER seed 42', 'PARAMETER num_thread 1', ''].join('\n'),
  );
  const created = spawnSync(binary('ollama'), ['create', name, '-f', modelfile], { env, encoding: 'utf8', timeout: 120_000 });
  if (created.status !== 0) throw new Error(`ollama create ${name} failed: ${created.stderr || created.stdout}`);
}
