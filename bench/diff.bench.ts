/**
 * Diff benchmarks: streaming layout (incremental vs full re-diff per chunk) and a large-file
 * lineDiff. Run with `npx tsx bench/diff.bench.ts`; prints a table, asserts nothing.
 */
import { pathToFileURL } from 'node:url';
import { lineDiff } from '../sidecar/src/edit/diff.js';
import { layoutDiff } from '../sidecar/src/edit/layout.js';
import { StreamingLayout } from '../sidecar/src/edit/streamingLayout.js';

const CHUNK = 8;
// Full re-diffs beyond this many chunks are sampled, to keep the run short.
const FULL_SAMPLE_TARGET = 150;

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

function streamIncremental(baseline: string[], text: string): number[] {
  const s = new StreamingLayout(baseline);
  const times: number[] = [];
  for (let end = CHUNK; end < text.length + CHUNK; end += CHUNK) {
    const t0 = performance.now();
    s.update(text.slice(0, Math.min(end, text.length)));
    times.push(performance.now() - t0);
  }
  return times;
}

/** Times layoutDiff on every `step`-th chunk; returns those times. */
function streamFull(baseline: string[], text: string, step: number): number[] {
  const times: number[] = [];
  const chunks = Math.ceil(text.length / CHUNK);
  for (let c = step - 1; c < chunks; c += step) {
    const t0 = performance.now();
    layoutDiff(baseline, text.slice(0, Math.min((c + 1) * CHUNK, text.length)), { streaming: true });
    times.push(performance.now() - t0);
  }
  return times;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

export async function runDiffBench(): Promise<Record<string, number | string>> {
  const results: Record<string, number | string> = {};

  const big = codeLines(2000, 1);
  const bigText = rewrite(big, 0.05, 2).join('\n') + '\n';
  const chunks = Math.ceil(bigText.length / CHUNK);
  const incremental = sum(streamIncremental(big, bigText));
  const step = Math.max(1, Math.floor(chunks / FULL_SAMPLE_TARGET));
  const sampled = streamFull(big, bigText, step);
  const full = (sum(sampled) / sampled.length) * chunks;
  results['stream 2000 lines: chunks'] = chunks;
  results['stream 2000 lines: incremental total ms'] = round(incremental);
  results['stream 2000 lines: full re-diff total ms'] = round(full);
  results['stream 2000 lines: full re-diff method'] =
    step === 1 ? 'every chunk' : `sampled every ${step}th chunk (${sampled.length}), extrapolated`;
  results['stream 2000 lines: full / incremental'] = round(full / incremental);

  const mid = codeLines(500, 3);
  const midText = rewrite(mid, 0.05, 4).join('\n') + '\n';
  const inc = streamIncremental(mid, midText).sort((a, b) => a - b);
  const fullMid = streamFull(mid, midText, 1).sort((a, b) => a - b);
  results['stream 500 lines: incremental p50 ms'] = round(percentile(inc, 50));
  results['stream 500 lines: incremental p99 ms'] = round(percentile(inc, 99));
  results['stream 500 lines: full re-diff p50 ms'] = round(percentile(fullMid, 50));
  results['stream 500 lines: full re-diff p99 ms'] = round(percentile(fullMid, 99));

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
