/**
 * Sidecar benchmarks: render message bytes per chunk while streaming through the real server and
 * JSON-RPC framing, cold start of the packaged executable to its initialize reply, and idle RSS.
 * Run with `npx tsx bench/sidecar.bench.ts`; prints figures, asserts nothing.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node.js';
import { inProcessSidecar } from '../test/harness/inProcess.js';
import { PACKAGED_SIDECAR } from '../test/harness/packaged.js';
import { startModelDouble } from '@redline/model-double';

const round = (n: number) => Math.round(n * 100) / 100;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

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

/** Spawn → initialize reply of the packaged executable, and its RSS once idle with a document open. */
async function coldStart(runs: number): Promise<Record<string, number>> {
  const times: number[] = [];
  let rssKb = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const child = spawn(PACKAGED_SIDECAR, [], { stdio: ['pipe', 'pipe', 'ignore'] });
    const conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    conn.listen();
    await conn.sendRequest('initialize', { processId: null, capabilities: {} });
    times.push(performance.now() - t0);
    if (i === runs - 1) {
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: 'file:///a.ts', languageId: 'typescript', version: 1, text: 'const a = 1;\n' } });
      await new Promise((r) => setTimeout(r, 1500));
      rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
    }
    conn.dispose();
    child.kill();
  }
  const sorted = times.sort((a, b) => a - b);
  return {
    'cold start to initialize reply p50 ms': round(percentile(sorted, 50)),
    'cold start to initialize reply max ms': round(sorted[sorted.length - 1]),
    'idle RSS with one document open MB': round(rssKb / 1024),
  };
}

export async function runSidecarBench(): Promise<Record<string, number | string>> {
  return { ...(await renderBytes()), ...(await coldStart(10)) };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.table(await runSidecarBench());
