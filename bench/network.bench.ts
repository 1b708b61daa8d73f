/**
 * The HTTP client choice, measured: undici's `request` (what the sidecar uses, since proxies need
 * undici's EnvHttpProxyAgent) against Node's own `fetch` (built on the undici inside Node) on the
 * same model double: a streamed reply read to the end, and how soon the server sees the connection
 * close after an abort. Also what undici costs the bundle. Run with `npx tsx bench/network.bench.ts`.
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { request } from 'undici';
import { startModelDouble } from '@redline/model-double';
import { median, round } from './packaged.js';

const RUNS = 30;
const REPLY = { text: 'x'.repeat(16_000), chunkSize: 16 };
const BODY = JSON.stringify({ model: 'm', prompt: 'p', stream: true });

type Client = (url: string, signal: AbortSignal) => Promise<AsyncIterable<Uint8Array>>;

const clients: Record<string, Client> = {
  'undici request': async (url, signal) => (await request(url, { method: 'POST', body: BODY, signal, headers: { 'content-type': 'application/json' } })).body,
  'Node fetch': async (url, signal) => (await fetch(url, { method: 'POST', body: BODY, signal, headers: { 'content-type': 'application/json' } })).body!,
};

async function bundleShare(): Promise<number> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const result = await build({
    entryPoints: [join(root, 'sidecar/src/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    metafile: true,
    logLevel: 'silent',
    alias: { 'web-tree-sitter': join(root, 'node_modules/web-tree-sitter/web-tree-sitter.cjs') },
    define: { 'import.meta.url': '""' },
    outfile: 'bundle.cjs',
  });
  const output = Object.values(result.metafile.outputs)[0];
  return Object.entries(output.inputs).filter(([file]) => file.startsWith('node_modules/undici/')).reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
}

export async function runNetworkBench(): Promise<Record<string, number>> {
  const model = await startModelDouble();
  const url = `${model.url}/api/generate`;
  const figures: Record<string, number> = {};
  for (const [name, client] of Object.entries(clients)) {
    const streamMs: number[] = [];
    const closeMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      model.script(REPLY);
      const t0 = performance.now();
      for await (const chunk of await client(url, new AbortController().signal)) void chunk;
      streamMs.push(performance.now() - t0);

      model.script({ text: 'y'.repeat(4000), chunkSize: 8, delayMs: 5 });
      const controller = new AbortController();
      const index = model.requests.length;
      const body = await client(url, controller.signal);
      const reading = (async () => {
        for await (const chunk of body) void chunk;
      })().catch(() => undefined);
      await model.waitForRequests(index + 1);
      const aborted = performance.now();
      controller.abort();
      await model.waitForClose(index);
      closeMs.push(performance.now() - aborted);
      await reading;
    }
    figures[`${name}: 1,000-chunk streamed reply read to the end, p50 ms`] = round(median(streamMs));
    figures[`${name}: abort → server sees the close, p50 ms`] = round(median(closeMs));
  }
  await model.close();
  figures['undici in the sidecar bundle KB (loaded on the first model request only)'] = round((await bundleShare()) / 1024);
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.table(await runNetworkBench());
