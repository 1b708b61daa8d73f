/**
 * The workspace symbol index on a large real repository: the sources of the aws-cdk-lib npm
 * package (Apache-2.0; 6,165 .js / .d.ts files), fetched once with `npm pack` into
 * ~/.cache/redline/bench-repos/ and skipped with a line saying so when that is not possible (no
 * registry). Measures the build (files/s, heap and RSS it adds), an incremental update after an
 * edit (p50), the query of an inline edit (p50, p99), and — through the packaged executable with
 * the model double — an inline edit's latency while the index is still crawling, beside the same
 * edit once it is ready and, when REDLINE_BASELINE_SIDECAR names an executable built from before
 * the index, beside that build's. Run with `npx tsx bench/index.bench.ts`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { SidecarClient } from '@redline/client';
import { startModelDouble } from '@redline/model-double';
import { WorkspaceFiles } from '../sidecar/src/context/workspace.js';
import { WorkspaceIndex } from '../sidecar/src/index/workspaceIndex.js';
import { parseText } from '../sidecar/src/scope/parse.js';
import { median, percentile, round } from './packaged.js';
import { PACKAGED_SIDECAR } from '../test/harness/packaged.js';

const PACKAGE = 'aws-cdk-lib@2.276.0';
const CACHE = join(homedir(), '.cache/redline/bench-repos');
const ROOT = join(CACHE, 'aws-cdk-lib-2.276.0');
const quiet = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** The package's sources, unpacked; null (with the reason) when they cannot be had. */
function repository(): { root: string } | { skipped: string } {
  if (existsSync(join(ROOT, 'package.json'))) return { root: ROOT };
  try {
    mkdirSync(ROOT, { recursive: true });
    const tarball = execFileSync('npm', ['pack', PACKAGE, '--silent', '--pack-destination', CACHE], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n').at(-1)!;
    execFileSync('tar', ['-xzf', join(CACHE, tarball), '-C', ROOT, '--strip-components=1']);
    return { root: ROOT };
  } catch (error) {
    return { skipped: `skipped: ${PACKAGE} is not in ${CACHE} and \`npm pack\` could not fetch it (${(error as Error).message.split('\n')[0]})` };
  }
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) continue;
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.(js|ts)$/.test(name)) out.push(path);
  }
  return out;
}

const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

/**
 * An inline edit of `file` through a packaged executable: ms from the start request to `done`,
 * issued while the index builds (800 ms after start) or once it is ready; `executable` another
 * build (one without the index: `REDLINE_BASELINE_SIDECAR`) is asked at the same moment.
 */
async function editLatency(root: string, file: string, whenReady: boolean, executable = PACKAGED_SIDECAR): Promise<number> {
  const model = await startModelDouble();
  let stderr = '';
  const client = await SidecarClient.spawn(executable, [], { provider: 'ollama', endpoint: model.url, model: 'coder', requestTimeoutMs: 10_000 }, (t) => (stderr += t), [root]);
  try {
    const text = readFileSync(file, 'utf8');
    const doc = await client.openDocument(pathToFileURL(file).href, 'javascript', text);
    // The crawl starts half a second after `initialized`: wait until it runs, or until it is done.
    if (whenReady) while (!/index: \d+ files/.test(stderr)) await new Promise((r) => setTimeout(r, 50));
    else await new Promise((r) => setTimeout(r, 800));
    const building = !/index: \d+ files/.test(stderr);
    if (executable === PACKAGED_SIDECAR && !whenReady && !building) throw new Error('the index was ready before the edit: the repository is too small to measure this');
    const lines = text.split('\n');
    model.script({ text: `${lines.slice(0, 3).join('\n')}\n// checked\n` });
    const started = performance.now();
    const { sessionId } = await client.conn.sendRequest('redline/inlineEdit/start', {
      textDocument: { uri: doc.uri, version: doc.version },
      range: { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } },
      instruction: 'check that the stack name is valid before synthesizing',
    });
    await client.waitForStatus(sessionId, ['done']);
    return performance.now() - started;
  } finally {
    await client.close();
    await model.close();
  }
}

export async function runIndexBench(): Promise<Record<string, number | string>> {
  const repo = repository();
  if ('skipped' in repo) return { 'large repository': repo.skipped };
  const files = sourceFiles(repo.root);
  const heapBefore = heapMb();
  const rssBefore = process.memoryUsage().rss / 1024 / 1024;
  const open = new Map<string, string>();
  const index = new WorkspaceIndex({ files: new WorkspaceFiles([repo.root]), log: quiet, quiet: async () => {}, openText: (path) => open.get(path) });
  const started = performance.now();
  await index.start();
  const buildMs = performance.now() - started;
  const heapAfter = heapMb();
  const rssAfter = process.memoryUsage().rss / 1024 / 1024;
  const { files: indexed, declarations, skipped } = index.status;

  // Incremental: a line added to a file, indexed again from the editor's text.
  const sample = files.filter((f) => f.endsWith('.js')).filter((_, i) => i % 97 === 0).slice(0, 50);
  const updates: number[] = [];
  for (const path of sample) {
    open.set(path, `${readFileSync(path, 'utf8')}\nexport function addedByTheBench() {}\n`);
    const t0 = performance.now();
    await index.update(path);
    updates.push(performance.now() - t0);
    open.delete(path);
  }

  // Queries: an edit's search from files across the repository.
  const queries: number[] = [];
  for (const path of files.filter((_, i) => i % 61 === 0).slice(0, 100)) {
    const text = readFileSync(path, 'utf8').split('\n').slice(0, 40).join('\n');
    const t0 = performance.now();
    index.search({ file: path, languageId: path.endsWith('.ts') ? 'typescript' : 'javascript', instruction: 'validate the bucket policy before attaching it to the role', selection: text, imported: [], recent: [], exclude: () => false, limit: 6 });
    queries.push(performance.now() - t0);
  }
  index.stop();

  // The floor: reading and parsing the same files, nothing kept.
  const floorStarted = performance.now();
  for (const path of files) (await parseText(path.endsWith('.ts') ? 'typescript' : 'javascript', readFileSync(path, 'utf8')))?.delete();
  const floorMs = performance.now() - floorStarted;

  const editFile = join(repo.root, 'core/lib/stack.js');
  const building: number[] = [];
  const ready: number[] = [];
  const before: number[] = [];
  const baseline = process.env.REDLINE_BASELINE_SIDECAR;
  if (existsSync(PACKAGED_SIDECAR) && existsSync(editFile)) {
    for (let i = 0; i < 3; i++) {
      building.push(await editLatency(repo.root, editFile, false));
      ready.push(await editLatency(repo.root, editFile, true));
      if (baseline) before.push(await editLatency(repo.root, editFile, false, baseline));
    }
  }
  const sortedQueries = [...queries].sort((a, b) => a - b);
  return {
    repository: `${PACKAGE} (npm tarball): ${files.length} .js/.ts files`,
    'build: files indexed / skipped': `${indexed} / ${skipped}`,
    'build: declarations': declarations,
    'build: ms (alone, not yielding to requests)': round(buildMs),
    'build: files/s': round(indexed / (buildMs / 1000)),
    'floor: read and parse the same files, files/s': round(files.length / (floorMs / 1000)),
    'build: heap the index holds, MB': round(heapAfter - heapBefore),
    'build: RSS growth during the build, MB': round(rssAfter - rssBefore),
    'incremental update after an edit, p50 ms': round(median(updates)),
    'query per inline edit, p50 ms': round(percentile(sortedQueries, 50)),
    'query per inline edit, p99 ms': round(percentile(sortedQueries, 99)),
    'first inline edit while the index builds, median of 3 ms (packaged, to done)': building.length ? round(median(building)) : 'packaged executable missing: run npm run build',
    'the same edit once the index is ready, median of 3 ms': ready.length ? round(median(ready)) : '-',
    'the same edit, at the same moment, by the build in REDLINE_BASELINE_SIDECAR (one without the index), median of 3 ms': before.length ? round(median(before)) : 'not set',
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) console.table(await runIndexBench());
