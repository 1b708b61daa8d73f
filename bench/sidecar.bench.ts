/**
 * Sidecar benchmarks: render message bytes per chunk while streaming through the real server and
 * JSON-RPC framing, cold start of the packaged executable to its initialize reply and idle RSS, each
 * beside the floor executable's in the same run.
 * Run with `npx tsx bench/sidecar.bench.ts`; prints figures, asserts nothing. `--start-only` skips
 * the renders; `--vs <executable>` starts another build too, in the same alternation, both as
 * copies written alike (before/after figures of a change on a shared machine); `--runs N` (default 20).
 */
import { pathToFileURL } from 'node:url';
import { inProcessSidecar } from '../test/harness/inProcess.js';
import { PACKAGED_SIDECAR } from '../test/harness/packaged.js';
import { startModelDouble } from '@redline/model-double';
import { copiedAlike, floorExecutable, median, pause, percentile, round, rssMb, startPackaged } from './packaged.js';

function sourceLines(n: number): string[] {
  return Array.from({ length: n }, (_, i) => (i % 10 === 0 ? '' : `  const value${i} = compute(input${i % 7}, ${i});`));
}

/** Streams a 500-line rewrite in 8-character chunks and measures what the renders cost on the wire. */
async function renderBytes(): Promise<Record<string, number>> {
  const model = await startModelDouble();
  const client = await inProcessSidecar({ provider: 'ollama', endpoint: model.url, model: 'm' });
  const original = sourceLines(500);
  const rewrite = original.map((l, i) => (i % 20 === 5 ? l.replace('compute', 'computeFast') : l)).join('\n') + '\n';
  const doc = await client.openDocument('file:///bench/a.ts', 'plaintext', original.join('\n') + '\n');
  const sizes: number[] = [];
  client.conn.onRequest('redline/applyRender', (params) => {
    sizes.push(Buffer.byteLength(JSON.stringify(params)));
    return doc.applyRender(params);
  });
  model.script({ text: rewrite, chunkSize: 8 });
  const { sessionId } = await client.conn.sendRequest('redline/inlineEdit/start', {
    textDocument: { uri: doc.uri, version: doc.version },
    range: { start: { line: 0, character: 0 }, end: { line: 500, character: 0 } },
    instruction: 'faster',
  });
  await client.waitForStatus(sessionId, ['done']);
  await client.conn.sendRequest('redline/inlineEdit/reject', { sessionId });
  await client.close();
  await model.close();
  const chunks = Math.ceil(rewrite.length / 8);
  const total = sizes.reduce((a, b) => a + b, 0);
  const sorted = [...sizes].sort((a, b) => a - b);
  return {
    'render: chunks streamed (8 chars each)': chunks,
    'render: renders sent (coalesced)': sizes.length,
    'render: message bytes p50': percentile(sorted, 50),
    'render: message bytes p99': percentile(sorted, 99),
    'render: message bytes per chunk': round(total / chunks),
    'render: message bytes per chunk text byte': round(total / rewrite.length),
  };
}

/**
 * Spawn → initialize reply of the packaged executable and of the floor (a bare SEA that only answers
 * `initialize`, packaged the same way), alternating so both see the same machine (and `vs`, another
 * build, when given); and idle RSS.
 */
async function coldStart(runs: number, vs: string | null = null): Promise<Record<string, number>> {
  const floor = floorExecutable();
  // Side by side, both run as copies written alike, so that their pages count alike in idle RSS.
  const copies = vs ? copiedAlike([PACKAGED_SIDECAR, vs]) : null;
  const sidecar = copies?.paths[0] ?? PACKAGED_SIDECAR;
  const other = copies?.paths[1] ?? null;
  const times: Record<'sidecar' | 'vs' | 'floor', number[]> = { sidecar: [], vs: [], floor: [] };
  const ratios: Record<'sidecar' | 'vs', number[]> = { sidecar: [], vs: [] };
  const startOnce = async (executable: string) => {
    const started = await startPackaged(executable);
    started.close();
    await new Promise((resolve) => (started.child.exitCode === null ? started.child.once('exit', resolve) : resolve(null)));
    return started.startMs;
  };
  for (let i = 0; i < runs; i++) {
    times.sidecar.push(await startOnce(sidecar));
    if (other) times.vs.push(await startOnce(other));
    times.floor.push(await startOnce(floor));
    ratios.sidecar.push(times.sidecar[i] / times.floor[i]);
    if (other) ratios.vs.push(times.vs[i] / times.floor[i]);
  }
  const idleOne = async (executable: string) => {
    const started = await startPackaged(executable);
    await started.conn.sendNotification('initialized', {});
    await started.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: 'file:///a.ts', languageId: 'typescript', version: 1, text: 'const a = 1;\n' } });
    return started;
  };
  const idle = [await idleOne(sidecar), ...(other ? [await idleOne(other)] : [])];
  const idleFloor = await startPackaged(floor);
  await pause(1500);
  const rss = { sidecar: rssMb(idle[0].child.pid!), vs: other ? rssMb(idle[1].child.pid!) : 0, floor: rssMb(idleFloor.child.pid!) };
  for (const started of [...idle, idleFloor]) started.close();
  copies?.remove();
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  return {
    [`cold start to initialize reply p50 ms (${runs} runs)`]: round(median(times.sidecar)),
    'cold start to initialize reply max ms': round(sorted(times.sidecar).at(-1)!),
    'floor (bare SEA) cold start p50 ms': round(median(times.floor)),
    'cold start ÷ floor, median of paired runs': round(median(ratios.sidecar)),
    ...(vs && {
      [`--vs ${vs}: cold start p50 ms`]: round(median(times.vs)),
      '--vs: cold start max ms': round(sorted(times.vs).at(-1)!),
      '--vs: cold start ÷ floor, median of paired runs': round(median(ratios.vs)),
      '--vs: idle RSS with one document open MB': rss.vs,
    }),
    'idle RSS with one document open MB': rss.sidecar,
    'floor (bare SEA) idle RSS MB': rss.floor,
    'idle RSS ÷ floor': round(rss.sidecar / rss.floor),
  };
}

export async function runSidecarBench(): Promise<Record<string, number | string>> {
  return { ...(await renderBytes()), ...(await coldStart(20)) };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const valueOf = (flag: string) => (process.argv.includes(flag) ? process.argv[process.argv.indexOf(flag) + 1] : null);
  const runs = Number(valueOf('--runs') ?? 20);
  const vs = valueOf('--vs');
  console.table(process.argv.includes('--start-only') ? await coldStart(runs, vs) : { ...(await renderBytes()), ...(await coldStart(runs, vs)) });
}
