/**
 * The document mirror: 20 replaces on a 2 MB file, each classified against a tracked region as
 * EditSessions do. Side by side in the same run: the floor (the same replaces as bare string
 * splices, the copy every string-based mirror pays) and the former approach (every line start
 * found again after each replace). Run with `npx tsx bench/mirror.bench.ts`; asserts nothing.
 */
import { pathToFileURL } from 'node:url';
import type { Range } from '@redline/shared-protocol';
import { Region } from '../sidecar/src/region/region.js';
import { DocumentStore } from '../sidecar/src/server/documents.js';

const REPLACES = 20;
const RUNS = 7;
const URI = 'file:///big.ts';

function bigText(bytes: number): string {
  const lines: string[] = [];
  for (let i = 0, size = 0; size < bytes; i++) {
    const line = `  const value${i} = compute(${i}, items.map((x) => x + ${i % 9}));`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n') + '\n';
}

/** Alternately retypes a word and splits a line, spread over the file. */
function edits(): Array<{ range: Range; text: string }> {
  return Array.from({ length: REPLACES }, (_, k) => {
    const line = 1000 + k * 1500;
    return { range: { start: { line, character: 4 }, end: { line, character: 9 } }, text: k % 2 ? 'let' : 'const\n  ' };
  });
}

function mirror(text: string): number {
  const docs = new DocumentStore();
  docs.open({ textDocument: { uri: URI, languageId: 'typescript', version: 1, text } });
  const region = Region.ofLines(20_000, 40);
  docs.onChange((change) => region.track(change, false));
  let version = 1;
  const t0 = performance.now();
  for (const e of edits()) docs.change({ textDocument: { uri: URI, version: ++version }, contentChanges: [e] });
  return performance.now() - t0;
}

/** Offsets of the edits, found once up front so only the splices are timed. */
function splices(text: string, rescanLines: boolean): number {
  const starts = lineStarts(text);
  const offsets = edits().map((e) => [starts[e.range.start.line] + e.range.start.character, starts[e.range.end.line] + e.range.end.character, e.text] as const);
  let current = text;
  let sink = 0;
  const t0 = performance.now();
  for (const [from, to, insert] of offsets) {
    current = current.slice(0, from) + insert + current.slice(to);
    sink += current.charCodeAt(from);
    if (rescanLines) sink += lineStarts(current).length;
  }
  const elapsed = performance.now() - t0;
  return sink < 0 ? -1 : elapsed;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

const median = (run: () => number) => Math.round(Array.from({ length: RUNS }, run).sort((a, b) => a - b)[RUNS >> 1] * 10) / 10;

export async function runMirrorBench(): Promise<Record<string, number | string>> {
  const text = bigText(2_000_000);
  const label = `${REPLACES} replaces, ${(text.length / 1e6).toFixed(1)} MB file (${lineStarts(text).length - 1} lines)`;
  return {
    [`${label}: mirror + region tracking, ms (median of ${RUNS})`]: median(() => mirror(text)),
    [`${label}: floor, bare string splices, ms`]: median(() => splices(text, false)),
    [`${label}: splices + all line starts rescanned each time, ms`]: median(() => splices(text, true)),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await runMirrorBench();
  const width = Math.max(...Object.keys(results).map((k) => k.length));
  for (const [k, v] of Object.entries(results)) console.log(`${k.padEnd(width)}  ${v}`);
}
