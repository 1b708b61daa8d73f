/**
 * The workspace index at scale, through the packaged sidecar: workspaces of 10k / 40k / 100k real
 * source files (`scale/workspace.ts`: the sources of this repository's node_modules laid side by
 * side). For each: the time from spawn to the index ready and the sidecar's RSS then and 3 s later; a
 * second start on the same workspace (the first waits until its cache is written) to ready, and its RSS; a completion
 * request → model call while the first crawl runs beside the same once it is idle; the floor: the
 * time to read the same files, and the sidecar's RSS with no workspace. In process: the index taken
 * back from the cache, with the longest the event loop was held up meanwhile (a completion arriving
 * then waits that long) beside one synchronous read of the same file, and an inline edit's retrieval
 * query over the index (p50, p99; three rounds) beside the exact search, and the share of the exact
 * search's results it returns. A third start times completions while the snapshot is taken back,
 * beside the same completions on a start with no workspace (what a fresh process's first ones cost).
 * Needs `npm run build` first; the workspaces are
 * written once under ~/.cache/redline/bench-scale (REDLINE_SCALE_COUNTS=10000,40000 picks counts).
 * Run with `npx tsx bench/scale.bench.ts`; asserts nothing.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SidecarClient } from '@redline/client';
import { startModelDouble, type ModelDouble } from '@redline/model-double';
import { PACKAGED_SIDECAR } from '../test/harness/packaged.js';
import { median, percentile, round, rssMb } from './packaged.js';
import { scaleWorkspace } from './scale/workspace.js';
import { WorkspaceFiles } from '../sidecar/src/context/workspace.js';
import { cacheFileOf, userCacheDirectory } from '../sidecar/src/index/cache.js';
import { WorkspaceIndex } from '../sidecar/src/index/workspaceIndex.js';
import { languageOfPath } from '../sidecar/src/scope/grammars.js';

const COUNTS = (process.env.REDLINE_SCALE_COUNTS ?? '10000,40000,100000').split(',').map(Number);
const WORKSPACES = join(homedir(), '.cache/redline/bench-scale');
const NODE_MODULES = fileURLToPath(new URL('../node_modules', import.meta.url));
const READY = /index: (\d+) files, (\d+) declarations in (\d+) ms/;

/** A 1,860-line TypeScript file outside the workspace: the completion's document. */
function completionFile(): string {
  const lines: string[] = [];
  for (let i = 0; lines.length < 1860; i++) lines.push(`export function step${i}(value: number): number {`, `  const next = value * ${i} + 1;`, '  return next;', '}', '');
  return lines.join('\n');
}

interface Run {
  readyMs: number;
  rss: number;
  /** 3 s later: the crawl's parser memory collected. */
  rssIdle: number;
  files: number;
  completionMs: number[];
  /** Why the crawl stopped before its end, as the sidecar logged it (its index is then partial). */
  stopped?: string;
}

/** Completions timed while a start takes the snapshot back: of 20, the 90th percentile was the second worst. */
const LOADING_SAMPLES = 40;

/**
 * One start of the packaged sidecar on `root` (null: no workspace): ms to the index ready, RSS then,
 * completions timed meanwhile (`during`, typing from the start) or after (nobody typing before). `loading`: only completions while the index starts
 * (the snapshot taken back, on a second start), then the sidecar is closed.
 */
async function start(root: string | null, model: ModelDouble, during: boolean, loading = false): Promise<Run> {
  let stderr = '';
  const started = performance.now();
  const client = await SidecarClient.spawn(PACKAGED_SIDECAR, [], { provider: 'ollama', endpoint: model.url, completionModel: 'c', debounceWait: 0 }, (t) => (stderr += t), root ? [root] : []);
  try {
    const uri = 'file:///scale-bench/steps.ts';
    const text = completionFile();
    await client.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'typescript', version: 1, text } });
    let arrived = 0;
    model.onRequest(() => {
      arrived = performance.now();
      return { text: 'x;\n', chunkSize: 64 };
    });
    const lines = text.split('\n');
    let version = 1;
    const completionMs: number[] = [];
    const complete = async () => {
      const line = 1 + ((version * 37) % 1800);
      const at = { line, character: lines[line].length };
      lines[line] += ' ';
      await client.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: [{ range: { start: at, end: at }, text: ' ' }] });
      const sent = performance.now();
      await client.conn.sendRequest('textDocument/inlineCompletion', { textDocument: { uri }, position: { line, character: at.character + 1 }, context: { triggerKind: 1 } });
      return arrived - sent;
    };
    const warmUp = async () => {
      for (let i = 0; i < 3; i++) await complete();
    };
    // Typing from the start where completions are timed during it; a second start alone is timed to
    // ready with nobody typing: the index gives way to typing (index/crawlPace.ts), and three
    // completions there held it 2-4 s at a load of 10.
    if (during || loading) await warmUp();
    if (loading) {
      while (!READY.test(stderr) && completionMs.length < LOADING_SAMPLES) {
        completionMs.push(await complete());
        await new Promise((r) => setTimeout(r, 100));
      }
      // Those served before the index was ready: the rest waited for nothing.
      return { readyMs: NaN, rss: NaN, rssIdle: NaN, files: NaN, completionMs };
    }
    while (!READY.test(stderr)) {
      if (during && completionMs.length < 40) completionMs.push(await complete());
      await new Promise((r) => setTimeout(r, during ? 100 : 20));
    }
    const readyMs = performance.now() - started;
    if (!during) await warmUp();
    const rss = rssMb(client.child!.pid!);
    await new Promise((r) => setTimeout(r, 3000));
    const rssIdle = rssMb(client.child!.pid!);
    if (!during) for (let i = 0; i < 40; i++) completionMs.push(await complete());
    // The cache is written after the index is ready: the next start needs it whole.
    const deadline = performance.now() + 300_000;
    while (during && !/index: cache written/.test(stderr) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    return { readyMs, rss, rssIdle, files: Number(READY.exec(stderr)![1]), completionMs, stopped: /index: the crawl stopped: (.*)/.exec(stderr)?.[1] };
  } finally {
    await client.close();
  }
}

const ROUNDS = 3;

/**
 * The index of `root` taken back from the cache the sidecar wrote, then searched as 200 inline edits
 * search it, for ROUNDS rounds; each query also exactly (every word finding documents: the peer),
 * the two alternated. Recall: the share of the exact search's results (the six a prompt takes) the
 * search returns too, on two fixed halves of the queries (by a hash of file and instruction): the
 * half BOOSTER_SHARE was chosen on, and the other.
 */
async function queries(root: string): Promise<{ restoreMs: number; longest: { wallMs: number; cpuMs: number }; floor: { wallMs: number; cpuMs: number }; rounds: Array<{ p50: number; p99: number; exactP50: number; exactP99: number }>; recall: { tuned: number; held: number } }> {
  const files = new WorkspaceFiles([root]);
  const quiet = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };
  const index = new WorkspaceIndex({ files, log: quiet, quiet: async () => {}, openText: () => undefined, cacheFile: cacheFileOf(userCacheDirectory(process.env, process.platform, homedir()), files.roots) });
  const t0 = performance.now();
  const longest = await longestBlock(() => index.start());
  const restoreMs = performance.now() - t0;
  const [read, readCpu] = [performance.now(), cpuMs()];
  readFileSync(cacheFileOf(userCacheDirectory(process.env, process.platform, homedir()), files.roots));
  const floor = { wallMs: performance.now() - read, cpuMs: cpuMs() - readCpu };
  const sources = allFiles(root).filter((f) => languageOfPath(f));
  const INSTRUCTIONS = ['validate the bucket policy before attaching it to the role', 'retry the request when the connection is refused', 'parse the header and return the schema version', 'cache the resolved module path'];
  const requests = Array.from({ length: 200 }, (_, i) => {
    const file = sources[(i * 7919) % sources.length];
    const instruction = INSTRUCTIONS[i % INSTRUCTIONS.length];
    const selection = readFileSync(file, 'utf8').split('\n').slice(0, 40).join('\n');
    const half = createHash('sha1').update(`${relative(root, file)}\0${instruction}`).digest()[0] % 2 === 0 ? 'tuned' : 'held';
    return { half, request: { file, languageId: languageOfPath(file)!, instruction, selection, imported: [], recent: [], exclude: () => false, limit: 6 } };
  });
  const rounds: Array<{ p50: number; p99: number; exactP50: number; exactP99: number }> = [];
  const found = { tuned: 0, held: 0 };
  const wanted = { tuned: 0, held: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const times: number[] = [];
    const exactTimes: number[] = [];
    requests.forEach(({ half, request }, i) => {
      const timed = (exact: boolean) => {
        const t = performance.now();
        const results = index.search({ ...request, exact });
        (exact ? exactTimes : times).push(performance.now() - t);
        return results.map((r) => `${r.file}:${r.line}:${r.name}`);
      };
      const first = timed(i % 2 === 1);
      const [fast, exact] = i % 2 === 0 ? [first, timed(true)] : [timed(false), first];
      if (round > 0) return;
      const kept = new Set(fast);
      found[half as 'tuned' | 'held'] += exact.filter((r) => kept.has(r)).length;
      wanted[half as 'tuned' | 'held'] += exact.length;
    });
    const p = (xs: number[], at: number) => percentile([...xs].sort((a, b) => a - b), at);
    rounds.push({ p50: p(times, 50), p99: p(times, 99), exactP50: p(exactTimes, 50), exactP99: p(exactTimes, 99) });
  }
  index.stop();
  return { restoreMs, longest, floor, rounds, recall: { tuned: found.tuned / wanted.tuned, held: found.held / wanted.held } };
}

/**
 * The longest the event loop was held up while `work` ran, a timer every millisecond noting each
 * gap: its wall time, and the most CPU time this process spent in one gap (on a shared machine a
 * long gap is often the process waiting for a core, not its own work).
 */
async function longestBlock(work: () => Promise<unknown>): Promise<{ wallMs: number; cpuMs: number }> {
  let last = performance.now();
  let lastCpu = cpuMs();
  let wallMs = 0;
  let most = 0;
  const gap = () => {
    const [now, cpu] = [performance.now(), cpuMs()];
    wallMs = Math.max(wallMs, now - last);
    most = Math.max(most, cpu - lastCpu);
    [last, lastCpu] = [now, cpu];
  };
  const timer = setInterval(gap, 1);
  try {
    await work();
  } finally {
    clearInterval(timer);
    gap();
  }
  return { wallMs, cpuMs: most };
}

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function allFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) allFiles(path, out);
    else out.push(path);
  }
  return out;
}

export async function runScaleBench(): Promise<Record<string, string | number>> {
  const out: Record<string, string | number> = {};
  const cache = mkdtempSync(join(tmpdir(), 'redline-scale-cache-'));
  const model = await startModelDouble();
  const before = process.env.XDG_CACHE_HOME;
  process.env.XDG_CACHE_HOME = cache;
  try {
    const bare = await SidecarClient.spawn(PACKAGED_SIDECAR, [], { provider: 'ollama', endpoint: model.url }, () => undefined, []);
    await new Promise((r) => setTimeout(r, 1000));
    out['no workspace: sidecar RSS MB'] = rssMb(bare.child!.pid!);
    await bare.close();
    for (const count of COUNTS) {
      const root = scaleWorkspace(NODE_MODULES, WORKSPACES, count);
      const t0 = performance.now();
      for (const file of allFiles(root)) readFileSync(file);
      const floorMs = performance.now() - t0;
      const first = await start(root, model, true);
      const second = await start(root, model, false);
      const loading = await start(root, model, true, true);
      const fresh = await start(null, model, true, true);
      const p = (xs: number[]) => `${round(median(xs))} / ${round(percentile([...xs].sort((a, b) => a - b), 90))}`;
      const k = `${count / 1000}k files`;
      out[`${k}: indexed`] = first.files;
      for (const [which, run] of [['first', first], ['second', second]] as const) if (run.stopped) out[`${k}: the ${which} start's crawl stopped early`] = run.stopped;
      out[`${k}: first start → index ready s (floor: read the same files)`] = `${round(first.readyMs / 1000)} (${round(floorMs / 1000)})`;
      out[`${k}: RSS MB when ready / 3 s later, first start`] = `${first.rss} / ${first.rssIdle}`;
      out[`${k}: RSS MB when ready / 3 s later, second start`] = `${second.rss} / ${second.rssIdle}`;
      const q = await queries(root);
      out[`${k}: in process, index taken back from the cache s`] = round(q.restoreMs / 1000);
      out[`${k}: in process, longest block of the event loop meanwhile, wall / most CPU in one ms (floor: one readFileSync of the cache file)`] = `${round(q.longest.wallMs)} / ${round(q.longest.cpuMs)} (${round(q.floor.wallMs)} / ${round(q.floor.cpuMs)})`;
      out[`${k}: in process, an inline edit's retrieval query p50 / p99 ms, rounds 1–${ROUNDS} (exact search)`] = q.rounds.map((r) => `${round(r.p50)} / ${round(r.p99)} (${round(r.exactP50)} / ${round(r.exactP99)})`).join(', ');
      out[`${k}: retrieval's results the exact search gives too, tuned / held-out half`] = `${q.recall.tuned.toFixed(3)} / ${q.recall.held.toFixed(3)}`;
      out[`${k}: second start → index ready s`] = round(second.readyMs / 1000);
      out[`${k}: completion request → model call p50 / p90 ms, during the first crawl / idle`] = `${p(first.completionMs)} / ${p(second.completionMs)}`;
      out[`${k}: the same while a third start takes the snapshot back (completions)`] = `${p(loading.completionMs)} (${loading.completionMs.length})`;
      out[`${k}: the same on a start with no workspace (completions)`] = `${p(fresh.completionMs)} (${fresh.completionMs.length})`;
    }
  } finally {
    process.env.XDG_CACHE_HOME = before;
    if (before === undefined) delete process.env.XDG_CACHE_HOME;
    rmSync(cache, { recursive: true, force: true });
    await model.close();
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.table(await runScaleBench());
