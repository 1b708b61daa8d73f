/**
 * The five cross-built executables (`npm run build -- --all`), checked as far as this Linux x64
 * machine can: checksums and the compressed copies; the same bundle and assets in every blob; the
 * linux builds answer a real inline edit (grammar assets in use), linux-arm64 under qemu-user; the
 * Windows build answers `initialize` under Wine; the Mach-O builds carry the blob in their own segment
 * and a valid ad-hoc signature. Run by `npm run test:platforms`, not by `npm test` (see docs/testing.md).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMINAL_STATES } from '@redline/shared-protocol';
import { SidecarClient } from '@redline/client';
import { startModelDouble, type ModelDouble } from '@redline/model-double';
import { certificateTable } from '../../scripts/lib/pe.mjs';
import { checkCodeSignature, findSeaBlob, fuseFlipped, readMacho, type SeaBlob } from './executables.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(join(ROOT, 'package.json'));
const PLATFORMS: Array<{ target: string }> = JSON.parse(readFileSync(join(ROOT, 'scripts/platforms.json'), 'utf8')).platforms;
const WASM = JSON.parse(readFileSync(join(ROOT, 'sidecar/src/scope/wasmFiles.json'), 'utf8')) as { runtime: string; runtimeScript: string; grammars: Record<string, string> };
const LAUNCH = JSON.parse(readFileSync(join(ROOT, 'sidecar/src/launch/assets.json'), 'utf8')) as { bundle: string; codeCache: string };
const DIR = join(ROOT, 'dist/platforms');
const CACHE = process.env.REDLINE_CACHE || join(process.env.XDG_CACHE_HOME || join(process.env.HOME ?? tmpdir(), '.cache'), 'redline');

const fileOf = (target: string) => join(DIR, `redline-sidecar-${target}${target.startsWith('win32') ? '.exe' : ''}`);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const blobs = new Map<string, SeaBlob | null>();
function blobOf(target: string): SeaBlob | null {
  if (!blobs.has(target)) blobs.set(target, findSeaBlob(readFileSync(fileOf(target))));
  return blobs.get(target)!;
}

describe.each(PLATFORMS.map((p) => p.target))('%s', (target) => {
  const file = fileOf(target);

  it('exists with its checksum beside it, and its .xz unpacks to the same bytes', () => {
    expect(existsSync(file), `${file}: run npm run build -- --all`).toBe(true);
    const digest = sha256(readFileSync(file));
    expect(readFileSync(`${file}.sha256`, 'utf8')).toBe(`${digest}  ${basename(file)}\n`);
    expect(sha256(execFileSync('xz', ['-dc', `${file}.xz`], { maxBuffer: 512 << 20 }))).toBe(digest);
  });

  it('holds the same launcher, bundle and grammars as linux-x64, fuse flipped, code caches only when built natively', () => {
    const bytes = readFileSync(file);
    expect(fuseFlipped(bytes)).toBe(true);
    const blob = blobOf(target)!;
    expect(blob).not.toBeNull();
    const native = target === `${process.platform}-${process.arch}`;
    expect(blob.codePath).toBe('launch.cjs');
    expect(sha256(blob.main)).toBe(sha256(blobOf('linux-x64')!.main));
    const bundle = blob.assets.get(LAUNCH.bundle)!;
    expect(sha256(bundle)).toBe(sha256(blobOf('linux-x64')!.assets.get(LAUNCH.bundle)!));
    expect(bundle.toString('latin1')).toContain('redline-sidecar');
    const expected = [WASM.runtime, ...Object.values(WASM.grammars)];
    const names = [...expected, WASM.runtimeScript].map((p) => basename(p));
    expect([...blob.assets.keys()].sort()).toEqual([...new Set([...names, LAUNCH.bundle, ...(native ? [LAUNCH.codeCache] : [])])].sort());
    // Each .wasm is gzipped in the blob (scripts/build-sea.mjs); the runtime's script is stored as it is.
    for (const modulePath of expected) expect(sha256(gunzipSync(blob.assets.get(basename(modulePath))!)), modulePath).toBe(sha256(readFileSync(require.resolve(modulePath))));
    expect(sha256(blob.assets.get(basename(WASM.runtimeScript))!)).toBe(sha256(readFileSync(require.resolve(WASM.runtimeScript))));
    expect(blob.codeCache).toBe(native);
  });

  if (target.startsWith('darwin-')) {
    it('keeps the blob in the NODE_SEA segment and carries a valid ad-hoc signature', () => {
      const bytes = readFileSync(file);
      const macho = readMacho(bytes);
      expect(macho.cpu).toBe(target.endsWith('arm64') ? 'arm64' : 'x64');
      const section = macho.sections.find((s) => s.segment === 'NODE_SEA' && s.section === '__NODE_SEA_BLOB');
      expect(section).toBeDefined();
      expect(section!.offset).toBe(blobOf(target)!.offset);
      expect(macho.signature, 'no LC_CODE_SIGNATURE: rcodesign was not available at build time').not.toBeNull();
      const check = checkCodeSignature(bytes, macho.signature!);
      expect(check).toMatchObject({ adhoc: true, badPages: 0 });
      expect(check.pages).toBeGreaterThan(20_000);
    });
  }
});

describe('running the executables', () => {
  let model: ModelDouble;
  beforeAll(async () => {
    model = await startModelDouble();
    model.setDefault({ text: 'total = sum(items)\n' });
  });
  afterAll(() => model?.close());

  /** An inline edit with an empty selection: its editable scope comes from the Python grammar asset. */
  async function editWith(command: string, args: string[]): Promise<void> {
    // Spawned here rather than by SidecarClient.spawn, whose 5 s start-up limit is too short under emulation.
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    const client = await SidecarClient.connect(child.stdout, child.stdin, { provider: 'ollama', endpoint: model.url, model: 'm' });
    try {
      const doc = await client.openDocument('file:///p/shop.py', 'python', 'import os\n\ntotal = sum(\n    items\n)\n');
      const { sessionId, range } = await client.conn.sendRequest('redline/inlineEdit/start', {
        textDocument: { uri: doc.uri, version: doc.version },
        range: { start: { line: 3, character: 4 }, end: { line: 3, character: 4 } },
        instruction: 'sum them',
      });
      // The whole three-line statement around the cursor: only the syntax tree knows where it starts and ends.
      expect(range).toEqual({ start: { line: 2, character: 0 }, end: { line: 5, character: 0 } });
      expect(await client.waitForStatus(sessionId, ['done', ...TERMINAL_STATES])).toMatchObject({ state: 'done', hunkCount: 1 });
    } finally {
      await client.close();
      child.kill();
    }
  }

  it('linux-x64 runs an inline edit natively', async () => {
    await editWith(fileOf('linux-x64'), []);
  });

  it('linux-arm64 runs an inline edit under qemu-user', async () => {
    const qemu = ['qemu-aarch64-static', 'qemu-aarch64'].find((q) => spawnSync('which', [q]).status === 0);
    expect(qemu, 'needs qemu-user-static (Debian) and libc6-arm64-cross, libstdc++6-arm64-cross').toBeDefined();
    await editWith('env', ['QEMU_LD_PREFIX=/usr/aarch64-linux-gnu', qemu!, fileOf('linux-arm64')]);
  }, 120_000);

  it('win32-x64 ships unsigned: no certificate table (Node\'s signature removed before the injection, never left broken)', () => {
    const bytes = readFileSync(fileOf('win32-x64'));
    expect(bytes.toString('latin1', 0, 2)).toBe('MZ');
    expect(certificateTable(bytes)).toBeNull();
  });

  it('win32-x64 answers initialize under Wine (stdio through files: Wine gives libuv no usable pipes)', () => {
    expect(spawnSync('which', ['wine']).status, 'needs wine (Debian)').toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'redline-wine-'));
    const frame = (message: object) => {
      const body = JSON.stringify({ jsonrpc: '2.0', ...message });
      return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    };
    writeFileSync(join(dir, 'in'), frame({ id: 1, method: 'initialize', params: { processId: null, capabilities: {} } }) + frame({ method: 'exit', params: {} }));
    const env = { ...process.env, WINEDEBUG: '-all', WINEPREFIX: join(CACHE, 'wine') };
    // Node 20 refuses Windows versions before 8.1, and a new Wine prefix reports Windows 7.
    spawnSync('wine', ['winecfg', '-v', 'win10'], { env, stdio: 'ignore', timeout: 120_000 });
    const result = spawnSync('sh', ['-c', `wine "${fileOf('win32-x64')}" < in > out 2> err`], { cwd: dir, env, timeout: 120_000 });
    const out = readFileSync(join(dir, 'out'), 'utf8');
    expect(out, readFileSync(join(dir, 'err'), 'utf8')).toMatch(/^Content-Length: \d+\r\n\r\n/);
    expect(JSON.parse(out.slice(out.indexOf('{')))).toMatchObject({ id: 1, result: { serverInfo: { name: 'redline-sidecar' }, capabilities: { redlineInlineEdit: true } } });
    expect(result.status).toBe(1); // `exit` without `shutdown`, as LSP specifies
  }, 180_000);
});
