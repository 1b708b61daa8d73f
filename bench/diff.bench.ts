/**
 * Diff benchmarks: the streaming layout's CPU beside its peers on a 2,000-line rewrite (the greedy
 * streaming diff, a jsdiff re-diff per chunk), its cost per chunk and per render on a 500-line
 * region, and a large-file lineDiff. Run with `npx tsx bench/diff.bench.ts`; asserts nothing.
 */
import { pathToFileURL } from 'node:url';
import { diffArrays } from 'diff';
import { lineDiff, myersDiff } from '../sidecar/src/edit/diff.js';
import { StreamingLayout } from '../sidecar/src/edit/streamingLayout.js';
import { GreedyStream } from './peers/greedyStream.js';

const CHUNK = 8;

function rng(start: number): () => number {
  let s = start >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function codeLines(n: number, stream: number): string[] {
  const r = rng(stream);
  const names = ['total', 'items', 'user', 'config', 'result', 'index', 'buffer', 'request'];
  const pick = () => names[Math.floor(r() * names.length)];
  const out: string[] = [];
  let depth = 1;
  for (let i = 0; i < n; i++) {
    const pad = '  '.repeat(depth);
    const kind = r();
    if (kind < 0.12 && depth < 5) {
      out.push(`${pad}if (${pick()}.length > ${i % 17}) {`);
      depth++;
    } else if (kind < 0.24 && depth > 1) {
      depth--;
      out.push(`${'  '.repeat(depth)}}`);
    } else if (kind < 0.3) out.push('');
    else if (kind < 0.6) out.push(`${pad}const ${pick()}${i} = ${pick()}.map((x) => x + ${i % 9});`);
    else out.push(`${pad}${pick()}.push(await fetch${i % 7}(${pick()}, ${pick()}));`);
  }
  return out;
}

function rewrite(lines: string[], fraction: number, stream: number): string[] {
  const r = rng(stream);
  const out: string[] = [];
  for (const line of lines) {
    const x = r();
    if (x < fraction * 0.6) out.push(line.replace(/\d+/, (d) => String(Number(d) + 1)) + ' // tuned');
    else if (x < fraction * 0.8) out.push(line, `${line.match(/^\s*/)?.[0] ?? ''}log('checkpoint');`);
    else if (x >= fraction) out.push(line);
  }
  return out;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const RUNS = 31;
/**
 * Runs of each before timing: a sidecar lays out many streams, so the steady state is what users
 * get. The settle runs once a stream, so its code is optimised only after some dozens of them;
 * the first run in the process is reported on its own.
 */
const WARM_UP = 30;

function chunks(text: string): string[] {
  const out: string[] = [];
  for (let end = CHUNK; end < text.length + CHUNK; end += CHUNK) out.push(text.slice(0, Math.min(end, text.length)));
  return out;
}

/**
 * `ours` and `peer` run in turn, RUNS times each after WARM_UP runs: the median of each, and the
 * median of the per-pair ratios, which holds when the machine's speed drifts during the run.
 */
function paired(ours: () => void, peer: () => void): { ours: number; peer: number; ratio: number } {
  for (let i = 0; i < WARM_UP; i++) (ours(), peer());
  const a: number[] = [];
  const b: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let t0 = performance.now();
    ours();
    a.push(performance.now() - t0);
    t0 = performance.now();
    peer();
    b.push(performance.now() - t0);
    ratios.push(a[i] / b[i]);
  }
  return { ours: median(a), peer: median(b), ratio: median(ratios) };
}

function time(run: () => void): number {
  const t0 = performance.now();
  run();
  return performance.now() - t0;
}

const changedLines = (kinds: readonly string[]) => kinds.filter((k) => k !== 'context').length;

export async function runDiffBench(): Promise<Record<string, number | string>> {
  const results: Record<string, number | string> = {};

  // The 2,000-line rewrite, streamed in 8-character chunks, through each streaming diff.
  const big = codeLines(2000, 1);
  const bigText = rewrite(big, 0.05, 2).join('\n') + '\n';
  const texts = chunks(bigText);
  const streamAndSettle = () => {
    const s = new StreamingLayout(big);
    for (const text of texts) s.push(text);
    s.settle(bigText);
  };
  const streamOnly = () => {
    const s = new StreamingLayout(big);
    for (const text of texts) s.push(text);
  };
  const greedyRun = () => {
    const g = new GreedyStream(big);
    for (const text of texts) g.push(text);
    g.finish();
  };
  const cold = { ours: time(streamAndSettle), peer: time(greedyRun) };
  const withSettle = paired(streamAndSettle, greedyRun);
  const chunksOnly = paired(streamOnly, greedyRun);
  const rediffEvery = Math.max(1, Math.floor(texts.length / 150));
  let rediffSampled = 0;
  let rediffCalls = 0;
  for (let c = rediffEvery - 1; c < texts.length; c += rediffEvery) {
    const complete = texts[c].split('\n').slice(0, -1);
    const t0 = performance.now();
    diffArrays(big, complete);
    rediffSampled += performance.now() - t0;
    rediffCalls++;
  }
  const rediff = (rediffSampled / rediffCalls) * texts.length;
  const s = new StreamingLayout(big);
  for (const text of texts) s.push(text);
  const final = s.settle(bigText);
  const g = new GreedyStream(big);
  for (const text of texts) g.push(text);
  const greedyKinds = g.finish();
  const shortest = myersDiff(big, bigText.split('\n').slice(0, -1)).reduce((n, h) => n + h.aEnd - h.aStart + h.bEnd - h.bStart, 0);
  results['stream 2000 lines: chunks of 8 chars'] = texts.length;
  results['stream 2000 lines: redline, every chunk + final settle, ms'] = round(withSettle.ours);
  results['stream 2000 lines: redline, chunks only (no settle), ms'] = round(chunksOnly.ours);
  results['stream 2000 lines: greedy streaming diff, ms'] = round(withSettle.peer);
  results['stream 2000 lines: redline ÷ greedy, with settle / chunks only (median of paired runs)'] = `${round(withSettle.ratio)} / ${round(chunksOnly.ratio)}`;
  results['stream 2000 lines: first run in the process, redline with settle / greedy, ms'] = `${round(cold.ours)} / ${round(cold.peer)}`;
  results['stream 2000 lines: jsdiff re-diff of the finished lines per chunk (sampled), ms'] = round(rediff);
  results['stream 2000 lines: changed lines, shortest / redline final / greedy'] = `${shortest} / ${changedLines(final.lines.map((l) => l.kind))} / ${changedLines(greedyKinds)}`;

  // A 500-line region: the cost of one chunk, and of materialising the picture for one render.
  const mid = codeLines(500, 3);
  const midText = rewrite(mid, 0.05, 4).join('\n') + '\n';
  const midLayout = new StreamingLayout(mid);
  const perChunk: number[] = [];
  const perRender: number[] = [];
  chunks(midText).forEach((text, i) => {
    let t0 = performance.now();
    midLayout.push(text);
    perChunk.push(performance.now() - t0);
    if (i % 6 === 0) {
      t0 = performance.now();
      midLayout.layout();
      perRender.push(performance.now() - t0);
    }
  });
  perChunk.sort((a, b) => a - b);
  perRender.sort((a, b) => a - b);
  results['stream 500 lines: per chunk p50 / p99 ms'] = `${round(percentile(perChunk, 50))} / ${round(percentile(perChunk, 99))}`;
  results['stream 500 lines: picture for a render p50 / p99 ms'] = `${round(percentile(perRender, 50))} / ${round(percentile(perRender, 99))}`;

  const huge = codeLines(20_000, 5);
  const hugeEdited = huge.map((l, i) => (i % 100 === 50 ? `${l} // edited` : l));
  const t0 = performance.now();
  const hunks = lineDiff(huge, hugeEdited);
  results['lineDiff 20000 lines, 1% changed: ms'] = round(performance.now() - t0);
  results['lineDiff 20000 lines, 1% changed: hunks'] = hunks.length;
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await runDiffBench();
  const width = Math.max(...Object.keys(results).map((k) => k.length));
  for (const [k, v] of Object.entries(results)) console.log(`${k.padEnd(width)}  ${v}`);
}
