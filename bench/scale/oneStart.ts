/**
 * One start of the packaged sidecar on the scale workspace of `count` files, nobody typing: the
 * time to the index ready and the sidecar's RSS (its peak until then, at ready, 3 s and 13 s
 * later), and whether it used or wrote the snapshot in `cache` (an XDG cache directory, kept
 * between runs: the first run crawls and writes it, the next takes it back). Slower than the
 * scale bench's figures to gather at 200,000 files only by the crawl: pair it with
 * `replicatedSnapshot.ts` to time a second start there without one.
 *   npx tsx bench/scale/oneStart.ts <count> <cache directory>
 * Needs `npm run build` first; prints one JSON line; asserts nothing.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SidecarClient } from '@redline/client';
import { startModelDouble } from '@redline/model-double';
import { PACKAGED_SIDECAR } from '../../test/harness/packaged.js';
import { rssMb } from '../packaged.js';
import { scaleWorkspace } from './workspace.js';

const [count, cache] = [Number(process.argv[2]), process.argv[3]];
if (!count || !cache) throw new Error('usage: oneStart.ts <count> <cache directory>');
const root = scaleWorkspace(fileURLToPath(new URL('../../node_modules', import.meta.url)), join(homedir(), '.cache/redline/bench-scale'), count);
process.env.XDG_CACHE_HOME = cache;
const model = await startModelDouble();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let stderr = '';
const started = performance.now();
const client = await SidecarClient.spawn(PACKAGED_SIDECAR, [], { provider: 'ollama', endpoint: model.url, completionModel: 'c' }, (t) => (stderr += t), [root]);
try {
  const pid = client.child!.pid!;
  while (!/index: \d+ files, \d+ declarations in \d+ ms/.test(stderr)) await pause(50);
  const readyMs = Math.round(performance.now() - started);
  const peakMb = rssMb(pid, 'VmHWM');
  const readyMb = rssMb(pid);
  await pause(3000);
  const after3sMb = rssMb(pid);
  await pause(10_000);
  const after13sMb = rssMb(pid);
  const line = (pattern: RegExp) => pattern.exec(stderr)?.[0] ?? null;
  console.log(JSON.stringify({ count, readyMs, peakMb, readyMb, after3sMb, after13sMb, index: line(/index: \d+ files[^\n]*/), notUsed: line(/index: the cache[^\n]*/), written: line(/index: cache written[^\n]*/) }));
} finally {
  await client.close();
  await model.close();
}
