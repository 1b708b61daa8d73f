/** What the packaged executable carries in its SEA blob, read from the file as Node's loader lays it out. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node.js';
import { describe, expect, it } from 'vitest';
import { sidecarEnvironment } from '@redline/shared-protocol';
import launchAssets from '../../sidecar/src/launch/assets.json';
import wasmFiles from '../../sidecar/src/scope/wasmFiles.json';
import { PACKAGED_SIDECAR } from '../harness/packaged.js';
import { findSeaBlob } from '../platforms/executables.js';

const require = createRequire(import.meta.url);

describe('the packaged executable', () => {
  it('holds every .wasm gzipped, each inflating to its package file, and the runtime script plain', () => {
    const blob = findSeaBlob(readFileSync(PACKAGED_SIDECAR))!;
    expect(blob).not.toBeNull();
    for (const modulePath of new Set([wasmFiles.runtime, ...Object.values(wasmFiles.grammars)])) {
      const stored = blob.assets.get(basename(modulePath))!;
      const original = readFileSync(require.resolve(modulePath));
      expect(stored.length, modulePath).toBeLessThan(original.length / 2);
      expect(gunzipSync(stored).equals(original), modulePath).toBe(true);
    }
    const script = blob.assets.get(basename(wasmFiles.runtimeScript))!;
    expect(script.equals(readFileSync(require.resolve(wasmFiles.runtimeScript)))).toBe(true);
  });

  it('runs its bundle, an asset, with a code cache of its start; without it when V8 refuses it', async () => {
    const blob = findSeaBlob(readFileSync(PACKAGED_SIDECAR))!;
    expect(blob.codePath).toBe('launch.cjs');
    expect(blob.assets.get(launchAssets.bundle)!.toString('latin1')).toContain('redline-sidecar');
    expect(blob.assets.get(launchAssets.codeCache)!.length).toBeGreaterThan(100_000);
    const { NODE_OPTIONS, ...env } = sidecarEnvironment(process.env);
    const plain = await startAndStop(env);
    expect(plain.name).toBe('redline-sidecar');
    expect(plain.stderr).not.toMatch(/cache/i);
    // A V8 option the cache was not made with: V8 refuses the cache, the sidecar says so and starts.
    const refused = await startAndStop({ ...env, NODE_OPTIONS: '--max-old-space-size=300' });
    expect(refused.name).toBe('redline-sidecar');
    expect(refused.stderr).toContain('redline-sidecar: the code cache does not fit this Node; starting without it');
  });
});

/** initialize, shutdown, exit with the packaged sidecar in `env`: its server name and its stderr. */
async function startAndStop(env: NodeJS.ProcessEnv): Promise<{ name: string; stderr: string }> {
  const child = spawn(PACKAGED_SIDECAR, [], { stdio: ['pipe', 'pipe', 'pipe'], env });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  connection.listen();
  const reply = await connection.sendRequest<{ serverInfo: { name: string } }>('initialize', { processId: null, capabilities: {}, initializationOptions: {} });
  await connection.sendRequest('shutdown', {});
  await connection.sendNotification('exit', {});
  await exited;
  connection.dispose();
  return { name: reply.serverInfo.name, stderr };
}
