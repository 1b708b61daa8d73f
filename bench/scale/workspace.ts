/**
 * The workspaces of the scale bench: real sources, namely the source files of the packages installed
 * in this repository's node_modules (JavaScript, TypeScript declarations and sources: about 10,000
 * files under 512 KB), laid side by side as many times as a count needs (`copy0/`, `copy1/`, …, each
 * with `node_modules` renamed `pkgs`, a folder the crawl walks). Files are hard links where the file
 * system allows (else copies), made once per count under the given directory.
 */
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { languageOfPath } from '../../sidecar/src/scope/grammars.js';
import { MAX_FILE_BYTES } from '../../sidecar/src/context/workspace.js';

function sources(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat || name.startsWith('.')) continue;
    if (stat.isDirectory()) sources(path, out);
    else if (stat.isFile() && stat.size <= MAX_FILE_BYTES && languageOfPath(path)) out.push(path);
  }
  return out;
}

/** Writes (once) a workspace of `count` source files under `dir` and returns its root; `from`: the node_modules folder. */
export function scaleWorkspace(from: string, dir: string, count: number): string {
  const root = join(dir, `sources-${count}`);
  if (existsSync(join(root, '.complete'))) return root;
  const files = sources(from, []);
  for (let n = 0; n < count; n++) {
    const source = files[n % files.length];
    const target = join(root, `copy${Math.floor(n / files.length)}`, relative(from, source).replaceAll('node_modules', 'pkgs'));
    mkdirSync(dirname(target), { recursive: true });
    try {
      linkSync(source, target);
    } catch {
      copyFileSync(source, target);
    }
  }
  writeFileSync(join(root, '.complete'), `${files.length} distinct files\n`);
  return root;
}
