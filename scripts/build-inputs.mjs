/** What the single-executable build reads: its inputs for up-to-date checks and its SEA assets. */
import { readFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';

const WASM_FILES_JSON = new URL('../sidecar/src/scope/wasmFiles.json', import.meta.url);

/** Source trees and files whose change means the executable must be rebuilt. */
const INPUT_PATHS = ['sidecar/src', 'shared-protocol/src', 'shared-protocol/protocol.json', 'package-lock.json', 'scripts/build-sea.mjs',
  'scripts/build-inputs.mjs'];

export function executableName(base, platform) {
  return platform === 'win32' ? `${base}.exe` : base;
}

/**
 * SEA assets: the web-tree-sitter runtime (its script and its .wasm) and every grammar, keyed by file
 * name (the name the sidecar asks node:sea for). `resolveModule` maps a module-relative path to a file.
 */
export function seaAssets(resolveModule) {
  const { runtime, runtimeScript, grammars } = JSON.parse(readFileSync(WASM_FILES_JSON, 'utf8'));
  const assets = {};
  for (const modulePath of [runtime, runtimeScript, ...Object.values(grammars)]) {
    assets[basename(modulePath)] = resolveModule(modulePath);
  }
  return assets;
}

async function filesUnder(path) {
  const info = await stat(path).catch(() => null);
  if (!info) return [];
  if (!info.isDirectory()) return [path];
  const entries = await readdir(path, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath ?? e.path, e.name));
}

/** Every input file: the repository's sources plus `extra` files (the entry, the Node binary). */
export async function buildInputs(root, extra) {
  const lists = await Promise.all([...INPUT_PATHS.map((p) => join(root, p)), ...extra].map(filesUnder));
  return lists.flat();
}

export async function newestMtime(files) {
  const times = await Promise.all(files.map(async (f) => (await stat(f)).mtimeMs));
  return Math.max(0, ...times);
}
