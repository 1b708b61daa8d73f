#!/usr/bin/env node
/**
 * Cross-builds the sidecar for every platform in platforms.json from the Node binaries published on
 * the npm registry, offline but for the registry:
 *
 *   npm run build -- --all [--force] [--only linux-arm64,win32-x64]
 *
 * Writes dist/platforms/redline-sidecar-<target>[.exe] (the names the IntelliJ plugin's
 * SidecarExecutables expects), `<name>.sha256` beside each (sha256sum format) and `<name>.xz`, the
 * compressed form the plugin ships. One bundle and the same assets for all; each target's blob is
 * made with its own Node binary when this machine runs it natively (then with V8's code cache, which is
 * valid only for the binary that made it), otherwise without the code cache.
 *
 * Node binaries are fetched once with `npm pack`, checked against the integrity pinned in
 * platforms.json, and kept in $XDG_CACHE_HOME/redline/node (default ~/.cache/redline/node).
 * Mach-O builds are re-signed ad hoc with `rcodesign` (crates.io: apple-codesign) when it is on PATH
 * or in the cache's tools/bin; without it they are left unsigned and the build says which command
 * must run on a Mac. A target is rebuilt when an input is newer than its build, and an unsigned Mach-O
 * build also once rcodesign has become available.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { buildInputs, newestMtime } from './build-inputs.mjs';
import { bundleSidecar, injectBlob, writeBlob } from './build-sea.mjs';
import { certificateTable, stripAuthenticode } from './lib/pe.mjs';

const run = promisify(execFile);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const PLATFORMS = JSON.parse(await readFile(join(ROOT, 'scripts/platforms.json'), 'utf8')).platforms;
export const PLATFORMS_DIR = join(ROOT, 'dist/platforms');

/** The executable's file name for a target, as the plugin's SidecarExecutables.expectedName gives it. */
export function executableFor(target) {
  return `redline-sidecar-${target}${target.startsWith('win32-') ? '.exe' : ''}`;
}

export function formatOf(target) {
  if (target.startsWith('darwin-')) return 'macho';
  return target.startsWith('win32-') ? 'pe' : 'elf';
}

export function cacheDir() {
  return process.env.REDLINE_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'redline');
}

async function sha(algorithm, file, encoding) {
  const hash = createHash(algorithm);
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest(encoding);
}

/** The target's Node binary from the npm registry, cached and checked against the pinned integrity. */
export async function nodeBinary({ node }) {
  const dir = join(cacheDir(), 'node', `${node.package}-${node.version}`);
  const binary = join(dir, 'package', node.binary);
  if (existsSync(binary)) return binary;
  await mkdir(dir, { recursive: true });
  const { stdout } = await run('npm', ['pack', `${node.package}@${node.version}`, '--silent', '--pack-destination', dir], { maxBuffer: 1 << 20 });
  const tarball = join(dir, stdout.trim().split('\n').pop());
  const [algorithm, expected] = node.integrity.split('-');
  const actual = await sha(algorithm, tarball, 'base64');
  if (actual !== expected) {
    await rm(tarball, { force: true });
    throw new Error(`${node.package}@${node.version}: integrity ${algorithm}-${actual} does not match platforms.json`);
  }
  await run('tar', ['xzf', tarball, '-C', dir, `package/${node.binary}`]);
  await rm(tarball, { force: true });
  await chmod(binary, 0o755);
  return binary;
}

const LC_CODE_SIGNATURE = 0x1d;

/** Whether a 64-bit Mach-O file has a code signature: an LC_CODE_SIGNATURE among its load commands. */
export async function machoSigned(file) {
  const handle = await open(file);
  try {
    const header = Buffer.alloc(32);
    await handle.read(header, 0, 32, 0);
    if (header.readUInt32LE(0) !== 0xfeedfacf) throw new Error(`${file}: not a 64-bit Mach-O`);
    const [count, size] = [header.readUInt32LE(16), header.readUInt32LE(20)];
    const commands = Buffer.alloc(size);
    await handle.read(commands, 0, size, 32);
    for (let i = 0, at = 0; i < count; i++, at += commands.readUInt32LE(at + 4)) {
      if (commands.readUInt32LE(at) === LC_CODE_SIGNATURE) return true;
    }
    return false;
  } finally {
    await handle.close();
  }
}

/**
 * Why a target must be built (again), or null when its build is up to date. `builtAt` is the mtime
 * of its .xz (written last), null when there is none; `unsigned` says the existing build is a Mach-O
 * without a signature, and `signer` whether rcodesign can sign one now.
 */
export function rebuildReason({ force, builtAt, inputsChangedAt, unsigned, signer }) {
  if (force) return '--force';
  if (builtAt === null) return 'not built yet';
  if (builtAt <= inputsChangedAt) return 'an input changed';
  if (unsigned && signer) return 'built unsigned, and rcodesign is available now';
  return null;
}

/** The targets of `platforms` whose build in `dir` is missing or stale, each with the reason. */
export async function staleTargets(platforms, { dir = PLATFORMS_DIR, force = false, inputsChangedAt, signer = findTool('rcodesign') !== null }) {
  const stale = [];
  for (const platform of platforms) {
    const output = join(dir, executableFor(platform.target));
    const builtAt = (await stat(`${output}.xz`).catch(() => null))?.mtimeMs ?? null;
    const unsigned = builtAt !== null && formatOf(platform.target) === 'macho' && existsSync(output) && !(await machoSigned(output));
    const reason = rebuildReason({ force, builtAt, inputsChangedAt, unsigned, signer });
    if (reason) stale.push({ platform, reason });
  }
  return stale;
}

function findTool(name) {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), join(cacheDir(), 'tools/bin')];
  return dirs.map((d) => join(d, name)).find((p) => existsSync(p)) ?? null;
}

function toolOrFail(name, hint) {
  const tool = findTool(name);
  if (!tool) throw new Error(`${name} is needed to build this platform (${hint})`);
  return tool;
}

/** Whether this machine runs the target's binaries natively (then its Node can write the blob). */
function runsNatively(target) {
  return target === `${process.platform}-${process.arch}`;
}

async function buildOne(platform, files, work, log) {
  const { target } = platform;
  const output = join(PLATFORMS_DIR, executableFor(target));
  const node = await nodeBinary(platform);
  const blob = join(work, `${target}.blob`);
  const native = runsNatively(target);
  await writeBlob(native ? node : process.execPath, files.launcher, blob, native, files);
  const temp = `${output}.tmp`;
  await copyFile(node, temp);
  await chmod(temp, 0o755);
  if (platform.strip) await run(toolOrFail(platform.strip, 'Debian: binutils, binutils-aarch64-linux-gnu'), [temp]);
  let signed = 'n/a';
  if (formatOf(target) === 'pe') {
    // Node's Authenticode signature would not match once the blob is in: the executable ships unsigned.
    const original = await readFile(temp);
    const stripped = stripAuthenticode(original);
    if (stripped !== original) await writeFile(temp, stripped);
    signed = 'no (Authenticode signature removed)';
  }
  await injectBlob(temp, await readFile(blob), formatOf(target));
  if (formatOf(target) === 'pe' && certificateTable(await readFile(temp))) throw new Error(`${executableFor(target)} still carries a certificate table after the injection: not shipped`);
  if (formatOf(target) === 'macho') {
    const rcodesign = findTool('rcodesign');
    if (rcodesign) {
      // No identity given: an ad-hoc signature, what `codesign --sign -` makes. Replaces Node's own.
      await run(rcodesign, ['sign', temp], { maxBuffer: 16 << 20 });
      signed = 'ad hoc';
    } else {
      signed = 'no';
      log(`${executableFor(target)} is NOT signed (no rcodesign): run \`codesign --sign - --force ${executableFor(target)}\` on a Mac before it can start there`);
    }
  }
  await rename(temp, output);
  const digest = await sha('sha256', output, 'hex');
  await writeFile(`${output}.sha256`, `${digest}  ${executableFor(target)}\n`);
  await rm(`${output}.xz`, { force: true });
  await run('xz', ['--keep', '--force', '-T2', '-6', output]);
  return { target, output, codeCache: native, signed };
}

export async function buildPlatforms({ force = false, only = null, log = (line) => console.log(line) } = {}) {
  const started = performance.now();
  const chosen = only ? PLATFORMS.filter((p) => only.includes(p.target)) : PLATFORMS;
  if (only && chosen.length !== only.length) throw new Error(`unknown target in ${only.join(',')}; known: ${PLATFORMS.map((p) => p.target).join(', ')}`);
  await mkdir(PLATFORMS_DIR, { recursive: true });
  const inputsChangedAt = await newestMtime(await buildInputs(ROOT, [join(ROOT, 'scripts/build-platforms.mjs'), join(ROOT, 'scripts/lib/pe.mjs'), join(ROOT, 'scripts/platforms.json')]));
  const reasons = await staleTargets(chosen, { force, inputsChangedAt });
  for (const platform of chosen) {
    const reason = reasons.find((r) => r.platform === platform)?.reason;
    log(`${executableFor(platform.target)}: ${reason ? `building (${reason})` : 'up to date (--force rebuilds)'}`);
  }
  const stale = reasons.map((r) => r.platform);
  if (stale.length === 0) return [];
  const work = join(PLATFORMS_DIR, '.build');
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const results = [];
  try {
    const files = await bundleSidecar(work);
    for (const platform of stale) {
      const result = await buildOne(platform, files, work, log);
      const size = (file) => stat(file).then((s) => (s.size / 1024 / 1024).toFixed(1));
      log(`built ${executableFor(platform.target)}: ${await size(result.output)} MB, ${await size(`${result.output}.xz`)} MB xz, code cache ${result.codeCache ? 'yes' : 'no'}, signed ${result.signed}`);
      results.push(result);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  log(`built ${results.length} platform(s) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return results;
}

export function parsePlatformArgs(argv) {
  const index = argv.indexOf('--only');
  return { force: argv.includes('--force'), only: index >= 0 && argv[index + 1] ? argv[index + 1].split(',') : null };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  buildPlatforms(parsePlatformArgs(process.argv.slice(2))).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
