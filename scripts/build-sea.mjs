#!/usr/bin/env node
/**
 * Packages the sidecar as ONE self-contained executable (Node Single Executable Application),
 * offline: esbuild bundle (CJS) -> SEA blob with the tree-sitter .wasm files as assets -> a copy of
 * this Node binary with the blob injected by postject.
 *
 *   node scripts/build-sea.mjs [--force] [--entry <file.ts>] [--output <executable>] [--all [--only <targets>]]
 *
 * Skips all work when the executable is newer than every input (CI machines have 2 cores).
 */
import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { buildInputs, executableName, newestMtime, seaAssets } from './build-inputs.mjs';

const run = promisify(execFile);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'package.json'));

const SIDECAR_ENTRY = join(ROOT, 'sidecar/src/main.ts');
// The names the launcher asks node:sea for (sidecar/src/launch/bundle.ts).
const LAUNCH_ASSETS = JSON.parse(readFileSync(join(ROOT, 'sidecar/src/launch/assets.json'), 'utf8'));

// The fuse Node's SEA loader looks for; postject flips it when it injects the blob.
export const SENTINEL_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

async function mtimeOf(file) {
  return (await stat(file).catch(() => null))?.mtimeMs ?? null;
}

/**
 * vscode-jsonrpc's Node entry loads crypto at once, for the one function that names a pipe, which
 * the sidecar never calls; loading crypto is 2-3 ms of the executable's start. It is loaded on that
 * call instead. Fails the build should the library's line change.
 */
const jsonRpcCryptoOnUse = {
  name: 'vscode-jsonrpc-crypto-on-use',
  setup(build) {
    build.onLoad({ filter: /vscode-jsonrpc[\\/]lib[\\/]node[\\/]main\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const line = 'const crypto_1 = require("crypto");';
      if (!source.includes(line)) throw new Error(`${args.path} no longer has \`${line}\`: see jsonRpcCryptoOnUse in scripts/build-sea.mjs`);
      return { contents: source.replace(line, 'const crypto_1 = { randomBytes: (size) => require("crypto").randomBytes(size) };'), loader: 'js' };
    });
  },
};

/**
 * Bundles `entry` into one CommonJS file. `asFunction`: the file is one function expression taking
 * what Node's CommonJS loader passes a module, as the launcher compiles it (sidecar/src/launch/bundle.ts);
 * wrapped here rather than at start, where the wrapped copy of the 2 MB text stayed in the heap beside it.
 */
export async function bundle(entry, outfile, { asFunction = false } = {}) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // jsonc-parser's `main` is a UMD build whose inner require() calls esbuild cannot see: take its ESM build.
    alias: { 'jsonc-parser': join(ROOT, 'node_modules/jsonc-parser/lib/esm/main.js') },
    // ESM sources may use import.meta.url (e.g. for createRequire); give them the bundle's own URL.
    banner: { js: `${asFunction ? '(function (exports, require, module, __filename, __dirname) {' : ''}var __importMetaUrl = require("node:url").pathToFileURL(__filename).href;` },
    footer: { js: asFunction ? '})' : '' },
    plugins: [jsonRpcCryptoOnUse],
    define: { 'import.meta.url': '__importMetaUrl' },
    // The executable keeps its bundle's text in the heap for its lifetime (V8 compiles functions
    // lazily from it): whitespace is a third of it. Names stay, so stack traces still name functions.
    minifyWhitespace: true,
    sourcemap: false,
    logLevel: 'warning',
    write: false,
  });
  // esbuild escapes non-ASCII characters in code but keeps them in the comments it preserves (a few
  // typographic quotes in undici's). One such character makes V8 hold the whole main script, which
  // the executable keeps for its lifetime, as a two-byte string: 4.3 MB instead of 2.1 MB.
  const text = result.outputFiles[0].text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  await writeFile(outfile, text);
}

/** A local copy of this Node binary, stripped of debug symbols when `strip` is available. */
async function copyNode(target) {
  await copyFile(process.execPath, target);
  await chmod(target, 0o755);
  if (process.platform === 'linux') {
    await run('strip', [target]).catch(() => {}); // size only: an unstripped binary works as well
  } else if (process.platform === 'darwin') {
    await run('codesign', ['--remove-signature', target]);
  }
}

/**
 * Injects the blob; `format` is the executable's (Mach-O needs its own segment name). postject's ELF
 * reader warns about every .note section of Node's binary; the result is fine.
 */
export async function injectBlob(executable, blob, format = process.platform === 'darwin' ? 'macho' : 'other') {
  const { inject } = require('postject');
  const warn = console.warn;
  console.warn = (...args) => {
    if (!String(args[0]).startsWith("warning: Can't find string offset for section name '.note")) warn(...args);
  };
  try {
    await inject(executable, 'NODE_SEA_BLOB', blob, {
      sentinelFuse: SENTINEL_FUSE,
      machoSegmentName: format === 'macho' ? 'NODE_SEA' : undefined,
    });
  } finally {
    console.warn = warn;
  }
}

/**
 * The assets with each .wasm gzipped into `dir` (the sidecar inflates it, `scope/grammars.ts`). What
 * the sidecar reads of the blob stays resident as the executable's pages: the three grammars of the
 * memory bench are 5.3 MB raw and 0.5 MB gzipped, and inflating them takes 6 ms.
 */
async function compressedWasm(assets, dir) {
  await mkdir(dir, { recursive: true });
  const entries = await Promise.all(Object.entries(assets).map(async ([name, file]) => {
    if (!name.endsWith('.wasm')) return [name, file];
    const compressed = join(dir, name);
    await writeFile(compressed, gzipSync(await readFile(file), { level: 9 }));
    return [name, compressed];
  }));
  return Object.fromEntries(entries);
}

/**
 * The sidecar's three bundles in `dir`: the executable's main script (`sidecar/src/launch/executable.ts`),
 * the sidecar it runs (an asset), and the build-time trainer of its code cache.
 */
export async function bundleSidecar(dir) {
  const files = {
    launcher: join(dir, 'launch.cjs'),
    sidecar: join(dir, 'sidecar.cjs'),
    trainer: join(dir, 'train.cjs'),
  };
  await Promise.all([
    bundle(join(ROOT, 'sidecar/src/launch/executable.ts'), files.launcher),
    bundle(join(ROOT, 'sidecar/src/main.ts'), files.sidecar, { asFunction: true }),
    bundle(join(ROOT, 'sidecar/src/launch/train.ts'), files.trainer),
  ]);
  return files;
}

/**
 * The code cache `node` makes of the sidecar's bundle after one real start: `initialize`, `shutdown`,
 * `exit` over stdio (`sidecar/src/launch/train.ts`). Without NODE_OPTIONS, as clients start the
 * executable: V8 accepts a cache only under the options it was made with.
 */
async function trainCodeCache(node, files, cacheFile) {
  const { StreamMessageReader, StreamMessageWriter, createMessageConnection } = require('vscode-jsonrpc/node.js');
  const { NODE_OPTIONS, ...env } = process.env;
  const child = spawn(node, [files.trainer, files.sidecar, cacheFile], { stdio: ['pipe', 'pipe', 'inherit'], env });
  const exited = new Promise((resolveExit) => child.once('exit', (code, signal) => resolveExit(code ?? signal)));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.listen();
  try {
    await connection.sendRequest('initialize', { processId: null, capabilities: {}, initializationOptions: {} });
    await connection.sendRequest('shutdown', {});
    await connection.sendNotification('exit', {});
    const status = await exited;
    if (status !== 0) throw new Error(`training the code cache: the sidecar exited with ${status}`);
  } finally {
    connection.dispose();
    child.kill();
  }
  return cacheFile;
}

/**
 * Writes the SEA blob with `node` (a Node binary this machine runs) and `main` as its main script.
 * `sidecar` (the files of `bundleSidecar`) adds the sidecar's bundle as an asset and, with
 * `useCodeCache`, the cache `node` trains for it. V8's code cache is valid only for the binary that
 * made it, so `useCodeCache` must be false for a blob meant for another platform.
 */
export async function writeBlob(node, main, blob, useCodeCache, sidecar = null) {
  const config = `${blob}.json`;
  const assets = await compressedWasm(seaAssets((modulePath) => require.resolve(modulePath)), `${blob}.assets`);
  if (sidecar) {
    assets[LAUNCH_ASSETS.bundle] = sidecar.sidecar;
    if (useCodeCache) assets[LAUNCH_ASSETS.codeCache] = await trainCodeCache(node, sidecar, `${blob}.codecache`);
  }
  await writeFile(config, JSON.stringify({
    // Relative: the blob keeps this name for stack traces, and no build machine's path belongs there.
    main: basename(main),
    output: resolve(blob),
    disableExperimentalSEAWarning: true,
    useCodeCache,
    assets,
  }, null, 2));
  await run(node, ['--experimental-sea-config', resolve(config)], { cwd: dirname(main) });
}

/**
 * Builds the executable unless it is up to date. Returns its path and whether it was rebuilt.
 * `entry` is the TypeScript entry point; tests and probes pass their own, which becomes the main
 * script itself (no launcher, no trained cache: the start-up floor is packaged so).
 */
export async function buildSea({
  entry = SIDECAR_ENTRY,
  output = join(ROOT, 'dist', executableName('redline-sidecar', process.platform)),
  force = false,
  log = (line) => console.log(line),
} = {}) {
  const started = performance.now();
  const inputs = await buildInputs(ROOT, [entry, process.execPath]);
  const outputMtime = await mtimeOf(output);
  if (!force && outputMtime !== null && outputMtime > (await newestMtime(inputs))) {
    log(`${output} is up to date (--force rebuilds)`);
    return { output, rebuilt: false };
  }

  const work = join(dirname(output), '.sea-build');
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const blob = join(work, 'sea-prep.blob');
  const temp = `${output}.tmp`;
  try {
    if (entry === SIDECAR_ENTRY) {
      const files = await bundleSidecar(work);
      await writeBlob(process.execPath, files.launcher, blob, true, files);
    } else {
      const bundleFile = join(work, basename(entry).replace(/\.ts$/, '.cjs'));
      await bundle(entry, bundleFile);
      await writeBlob(process.execPath, bundleFile, blob, true);
    }
    await copyNode(temp);
    await injectBlob(temp, await readFile(blob));
    if (process.platform === 'darwin') await run('codesign', ['--sign', '-', temp]);
    // Renamed only when complete, so a failed build never looks up to date.
    await rename(temp, output);
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(temp, { force: true });
  }
  const size = (await stat(output)).size;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log(`built ${output}: ${(size / 1024 / 1024).toFixed(1)} MB in ${seconds} s`);
  return { output, rebuilt: true };
}

function parseArgs(argv) {
  const options = { force: argv.includes('--force') };
  const valueOf = (flag) => {
    const index = argv.indexOf(flag);
    return index >= 0 && argv[index + 1] ? resolve(argv[index + 1]) : undefined;
  };
  const entry = valueOf('--entry');
  const output = valueOf('--output');
  return { ...options, ...(entry && { entry }), ...(output && { output }) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const argv = process.argv.slice(2);
  // `--all`: also every platform in platforms.json (scripts/build-platforms.mjs).
  const all = argv.includes('--all')
    ? async () => {
      const { buildPlatforms, parsePlatformArgs } = await import('./build-platforms.mjs');
      await buildPlatforms(parsePlatformArgs(argv));
    }
    : async () => undefined;
  buildSea(parseArgs(argv)).then(all).catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
