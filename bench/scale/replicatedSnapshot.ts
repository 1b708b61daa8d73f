/**
 * The snapshot a crawl of the scale workspace of `count` files would write, made from the one of a
 * smaller count in the same cache: the workspaces' copies (`copy0/`, `copy1/`, …) are hard links of
 * the same files, so each copy's files have the first copy's size, time, text and declarations. It
 * lets a second start at 100,000 or 200,000 files be timed without a crawl of half an hour; what a
 * crawl there writes differs only in the order of files (a first start at 200,000 files, then its
 * second start, gave the same RSS within a few MB as this snapshot's second start).
 *   npx tsx bench/scale/replicatedSnapshot.ts <count> <from count> <cache directory>
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheFileOf, decoding, encoding, type Snapshot } from '../../sidecar/src/index/cache.js';
import { whole } from '../../sidecar/src/index/slices.js';
import { scaleWorkspace } from './workspace.js';

const [count, fromCount, cache] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]];
if (!count || !fromCount || !cache) throw new Error('usage: replicatedSnapshot.ts <count> <from count> <cache directory>');
const workspaces = join(homedir(), '.cache/redline/bench-scale');
const nodeModules = fileURLToPath(new URL('../../node_modules', import.meta.url));
const from = scaleWorkspace(nodeModules, workspaces, fromCount);
const root = scaleWorkspace(nodeModules, workspaces, count);
const s = whole(decoding(readFileSync(cacheFileOf(join(cache, 'redline'), [from])), [from]));

const declarationAt = new Int32Array(s.paths.length + 1);
for (let f = 0; f < s.paths.length; f++) declarationAt[f + 1] = declarationAt[f] + s.declarationCounts[f];
const wordAt = new Float64Array(s.runs.length + 1);
for (let d = 0; d < s.runs.length; d++) wordAt[d + 1] = wordAt[d] + s.runs[d];
const first = `${from}/copy0/`;
const firstCopy = s.paths.flatMap((path, f) => (path.startsWith(first) ? [{ rest: path.slice(first.length), f }] : []));

// Every copy of the new workspace, each file as the first copy's (the last copy may hold only some).
const files: number[] = [];
const paths: string[] = [];
for (let c = 0; existsSync(`${root}/copy${c}`); c++) {
  for (const { rest, f } of firstCopy) {
    const path = `${root}/copy${c}/${rest}`;
    if (existsSync(path)) files.push(f), paths.push(path);
  }
}
let declarations = 0;
let words = 0;
for (const f of files) (declarations += s.declarationCounts[f]), (words += wordAt[declarationAt[f + 1]] - wordAt[declarationAt[f]]);
const t: Snapshot = {
  paths, sizes: new Float64Array(files.length), mtimes: new Float64Array(files.length), hashes: [], languages: [], pkgs: [], partial: new Uint8Array(files.length), declarationCounts: new Int32Array(files.length),
  names: s.names, kinds: s.kinds, name: new Int32Array(declarations), kind: new Uint16Array(declarations), exported: new Uint8Array(declarations), line: new Int32Array(declarations), endLine: new Int32Array(declarations),
  vocabulary: s.vocabulary, runs: new Int32Array(declarations), terms: new Int32Array(words), counts: new Int32Array(words),
};
let d = 0;
let w = 0;
for (const [i, f] of files.entries()) {
  t.sizes[i] = s.sizes[f];
  t.mtimes[i] = s.mtimes[f];
  t.hashes.push(s.hashes[f]);
  t.languages.push(s.languages[f]);
  t.pkgs.push(s.pkgs[f]);
  t.partial[i] = s.partial[f];
  t.declarationCounts[i] = s.declarationCounts[f];
  for (let k = declarationAt[f]; k < declarationAt[f + 1]; k++, d++) {
    [t.name[d], t.kind[d], t.exported[d], t.line[d], t.endLine[d], t.runs[d]] = [s.name[k], s.kind[k], s.exported[k], s.line[k], s.endLine[k], s.runs[k]];
    for (let x = wordAt[k]; x < wordAt[k + 1]; x++, w++) (t.terms[w] = s.terms[x]), (t.counts[w] = s.counts[x]);
  }
}
const file = cacheFileOf(join(cache, 'redline'), [root]);
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, Buffer.concat(whole(encoding(t, [root]))));
console.log(JSON.stringify({ count, files: paths.length, declarations, words, file, bytes: readFileSync(file).length }));
