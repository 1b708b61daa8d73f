/**
 * Memory of the packaged sidecar after real work: 300 inline completions spread over a TypeScript, a
 * Python and a Kotlin file (each keystroke a new document version, each completion parsed for the
 * multiline decision), against the model double; then after the idle release of the grammar runtime
 * (scope/idleRelease.ts), and the first completion in each language after it. Compared with the floor
 * executable's idle RSS in the same run. Run with `npx tsx bench/memory.bench.ts` after `npm run build`
 * (about seven minutes: it waits out the idle period); `--vs <executable>` runs another build beside
 * it, both as copies written alike (`copiedAlike`) and started the same way, and with
 * `--vs-plain-environment` in the client's environment unchanged (no `sidecarEnvironment`: how every
 * client started the sidecar before it).
 */
import { pathToFileURL } from 'node:url';
import { PACKAGED_SIDECAR } from '../test/harness/packaged.js';
import { startModelDouble } from '@redline/model-double';
import { IDLE_RELEASE_MS } from '../sidecar/src/scope/idleRelease.js';
import { IDLE_COLLECTION_MS } from '../sidecar/src/server/idleCollection.js';
import { sidecarEnvironment } from '@redline/shared-protocol';
import { copiedAlike, floorExecutable, median, pause, round, rssMb, startPackaged } from './packaged.js';

const COMPLETIONS = 300;
const LINES = 400;
/** When the second sample after the work is taken: V8's memory reducer collects about ten seconds after it. */
const REDUCER_SAMPLE_MS = 15_000;

function source(languageId: string): string {
  const line = (i: number) =>
    ({
      typescript: `export function step${i}(input: number[]): number { return input.reduce((a, b) => a + b * ${i}, 0); }`,
      python: `def step${i}(values):\n    return sum(v * ${i} for v in values)`,
      kotlin: `fun step${i}(values: List<Int>): Int = values.sumOf { it * ${i} }`,
    })[languageId];
  return Array.from({ length: LINES }, (_, i) => line(i)).join('\n') + '\n';
}

export async function runMemoryBench(executable = PACKAGED_SIDECAR, env: NodeJS.ProcessEnv = sidecarEnvironment(process.env)): Promise<Record<string, number | string>> {
  const model = await startModelDouble();
  model.setDefault({ text: 'value = 1\n    total = value + 2\n    return total\n', chunkSize: 16 });
  const floor = await startPackaged(floorExecutable(), {}, env);
  await pause(1500);
  const floorIdle = rssMb(floor.child.pid!);
  floor.close();

  const sidecar = await startPackaged(executable, { provider: 'ollama', endpoint: model.url, completionModel: 'qwen2.5-coder:1.5b', debounceWait: 0 }, env);
  await sidecar.conn.sendNotification('initialized', {});
  const docs = ['typescript', 'python', 'kotlin'].map((languageId) => ({ uri: `file:///bench/mem.${languageId}`, languageId, version: 1, text: source(languageId) }));
  for (const doc of docs) await sidecar.conn.sendNotification('textDocument/didOpen', { textDocument: doc });
  await pause(1500);
  const idle = rssMb(sidecar.child.pid!);
  let peak = idle;
  /** A keystroke at `line`, then the completion there; returns the completion's round trip in ms. */
  const complete = async (doc: (typeof docs)[number], line: number) => {
    doc.version++;
    await sidecar.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: doc.uri, version: doc.version },
      contentChanges: [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: ' ' }],
    });
    const started = performance.now();
    await sidecar.conn.sendRequest('textDocument/inlineCompletion', { textDocument: { uri: doc.uri }, position: { line, character: 1 }, context: { triggerKind: 1 } });
    return performance.now() - started;
  };
  const latencies: number[] = [];
  for (let i = 0; i < COMPLETIONS; i++) {
    latencies.push(await complete(docs[i % docs.length], (i * 7) % LINES));
    if (i % 50 === 49) peak = Math.max(peak, rssMb(sidecar.child.pid!));
  }
  // Sampled half a second after the collection the sidecar makes once the client has been quiet
  // (server/idleCollection.ts), and again once V8's own memory reducer has run (about ten seconds).
  await pause(IDLE_COLLECTION_MS + 500);
  const pid = sidecar.child.pid!;
  const after = { total: rssMb(pid), anon: rssMb(pid, 'RssAnon'), file: rssMb(pid, 'RssFile') };
  await pause(REDUCER_SAMPLE_MS - IDLE_COLLECTION_MS - 500);
  const reduced = rssMb(pid);
  // The release is checked every 5 s once the runtime has been idle for IDLE_RELEASE_MS.
  await pause(IDLE_RELEASE_MS + 7000 - REDUCER_SAMPLE_MS);
  const released = { total: rssMb(pid), anon: rssMb(pid, 'RssAnon') };
  const firstAfter: number[] = [];
  for (const doc of docs) firstAfter.push(await complete(doc, 3));
  const requests = model.requests.length;
  sidecar.close();
  await model.close();
  return {
    'floor (bare SEA) idle RSS MB': floorIdle,
    'sidecar idle RSS, 3 documents open MB': idle,
    [`sidecar RSS after ${COMPLETIONS} completions (TS, Python, Kotlin) MB`]: after.total,
    '  of which anonymous (RssAnon) / executable pages (RssFile) MB': `${after.anon} / ${after.file}`,
    [`sidecar RSS ${REDUCER_SAMPLE_MS / 1000} s after the completions MB`]: reduced,
    'sidecar RSS peak seen during the run MB': round(Math.max(peak, after.total)),
    [`sidecar RSS after ${IDLE_RELEASE_MS / 1000} s idle (grammar runtime released) MB`]: released.total,
    '  of which anonymous MB': released.anon,
    'completion round trip p50, the 300 (debounce 0) ms': round(median(latencies)),
    'first completion after the release, TS / Python / Kotlin ms': firstAfter.map((ms) => Math.round(ms)).join(' / '),
    'model requests made': requests,
    'after ÷ floor idle': round(after.total / floorIdle),
  };
}

// `npx tsx bench/memory.bench.ts --vs <other executable>` runs both side by side, under the same load.
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const other = process.argv.indexOf('--vs');
  if (other < 0) console.table(await runMemoryBench());
  else {
    const plain = process.argv.includes('--vs-plain-environment');
    const copies = copiedAlike([PACKAGED_SIDECAR, process.argv[other + 1]]);
    const [mine, theirs] = await Promise.all([runMemoryBench(copies.paths[0]), runMemoryBench(copies.paths[1], plain ? process.env : undefined)]);
    copies.remove();
    const label = `${process.argv[other + 1]}${plain ? ' (plain environment)' : ''}`;
    console.table(Object.fromEntries(Object.keys(mine).map((key) => [key, { [PACKAGED_SIDECAR]: mine[key], [label]: theirs[key] }])));
  }
}
