/** Spawning a packaged executable for benchmarks: the initialize handshake and the process's RSS. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection, type MessageConnection } from 'vscode-jsonrpc/node.js';
import { sidecarEnvironment } from '@redline/shared-protocol';

export const round = (n: number) => Math.round(n * 100) / 100;
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
export const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);

/** Builds (or reuses) the floor executable beside the sidecar in dist/. */
export function floorExecutable(): string {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const output = join(root, 'dist/bench/floor-initialize-only');
  execFileSync(process.execPath, [join(root, 'scripts/build-sea.mjs'), '--entry', join(root, 'bench/floor/initializeOnly.ts'), '--output', output], { stdio: 'ignore' });
  return output;
}

export interface Started {
  child: ChildProcess;
  conn: MessageConnection;
  /** Milliseconds from spawn to the initialize reply. */
  startMs: number;
  close(): void;
}

/** Starts `executable` in the environment clients give it (`env` to measure another). */
export async function startPackaged(executable: string, initializationOptions: object = {}, env: NodeJS.ProcessEnv = sidecarEnvironment(process.env)): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(executable, [], { stdio: ['pipe', 'pipe', 'ignore'], env });
  const conn = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  conn.listen();
  await conn.sendRequest('initialize', { processId: null, capabilities: {}, initializationOptions });
  const startMs = performance.now() - t0;
  return {
    child,
    conn,
    startMs,
    close() {
      conn.dispose();
      child.kill();
    },
  };
}

/**
 * Resident set size of a process in MB (Linux /proc), or one of its parts: `RssAnon` is the process's
 * own memory; `RssFile` the pages of the executable it has touched, which depend on the page cache
 * (the kernel maps neighbouring cached pages on a fault) and which it shares and the kernel can drop.
 */
export function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' | 'RssAnon' | 'RssFile' = 'VmRSS'): number {
  return round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
}

/**
 * Copies of `executables`, written alike into one fresh directory, for a side-by-side run: how many of
 * an executable's pages count as its RSS depends on how its file was written and cached (a file as
 * the build wrote it counted 5–7 MB more than a copy of the same bytes), so two builds compare fairly
 * only as files made the same way. `remove()` deletes the copies.
 */
export function copiedAlike(executables: string[]): { paths: string[]; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'redline-bench-'));
  const paths = executables.map((executable, i) => {
    const copy = join(dir, `${i}-${basename(executable)}`);
    copyFileSync(executable, copy);
    return copy;
  });
  return { paths, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
