/**
 * The apply pipeline per edit format on a 2,000-line file: the time from the model server's last
 * byte to the session's final render (and to its `done` status, after validation), through the real
 * server and JSON-RPC framing. The same three changes (an import at the top, a line in the middle,
 * one near the end) are asked in every format; the floor is a one-line replacement in the same file.
 * Run with `npx tsx bench/pipeline.bench.ts`; prints figures, asserts nothing.
 */
import { pathToFileURL } from 'node:url';
import type { EditFormatChoice, EditScope } from '@redline/shared-protocol';
import { startModelDouble } from '@redline/model-double';
import { inProcessSidecar } from '../test/harness/inProcess.js';

const LINES = 2000;
const RUNS = 5;
const round = (n: number) => Math.round(n * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function file(): string[] {
  const lines = ['import { compute } from "./compute";', ''];
  for (let i = 0; lines.length < LINES - 1; i++) {
    lines.push(`export function step${i}(input: number): number {`, `  const value = compute(input, ${i});`, `  return value * ${i % 7};`, '}', '');
  }
  return lines.slice(0, LINES - 1).concat('');
}

interface Change {
  line: number;
  before: string;
  after: string;
}

function changes(lines: string[]): Change[] {
  const pick = (from: number) => lines.findIndex((l, i) => i >= from && l.includes('const value = compute'));
  return [0, pick(1000), pick(1990)].map((line) => ({
    line,
    before: lines[line],
    after: line === 0 ? 'import { compute, log } from "./compute";' : lines[line].replace('compute(', 'log(compute(').replace(');', '));'),
  }));
}

function reply(format: string, lines: string[], cs: Change[]): string {
  const rewritten = [...lines];
  for (const c of cs) rewritten[c.line] = c.after;
  switch (format) {
    case 'replacement':
    case 'wholeFile':
      return rewritten.join('\n');
    case 'searchReplace':
      return cs.map((c) => `bench.ts\n<<<<<<< SEARCH\n${lines[c.line - 1] ?? ''}\n${c.before}\n=======\n${lines[c.line - 1] ?? ''}\n${c.after}\n>>>>>>> REPLACE\n`).join('\n');
    default:
      return JSON.stringify({ files: [{ path: 'bench.ts', edits: cs.map((c) => ({ oldText: `${lines[c.line - 1] ?? ''}\n${c.before}`, newText: `${lines[c.line - 1] ?? ''}\n${c.after}` })) }] });
  }
}

async function measure(format: EditFormatChoice, scope: EditScope, selection: { start: number; end: number }, text: (lines: string[], cs: Change[]) => string): Promise<{ render: number; done: number; renders: number }> {
  const model = await startModelDouble();
  const client = await inProcessSidecar({ provider: 'ollama', endpoint: model.url, model: 'm', requestTimeoutMs: 60_000 });
  const lines = file();
  const cs = changes(lines);
  const render: number[] = [];
  const done: number[] = [];
  let renders = 0;
  for (let run = 0; run < RUNS; run++) {
    const doc = await client.openDocument(`file:///bench/${run}/bench.ts`, 'typescript', lines.join('\n'));
    const times: number[] = [];
    client.conn.onRequest('redline/applyRender', (params) => {
      const result = doc.applyRender(params);
      times.push(performance.now());
      return result;
    });
    model.script({ text: text(lines, cs), chunkSize: 256 });
    const { sessionId } = await client.conn.sendRequest('redline/inlineEdit/start', {
      textDocument: { uri: doc.uri, version: doc.version },
      range: { start: { line: selection.start, character: 0 }, end: { line: selection.end, character: 0 } },
      instruction: 'log the computed values',
      scope,
      editFormat: format,
    });
    const status = await client.waitForStatus(sessionId, ['done', 'error', 'noChanges']);
    const doneAt = performance.now();
    if (status.state !== 'done') throw new Error(`${format}: ${status.state} ${status.message ?? ''}`);
    const lastByte = model.requests.at(-1)!.endedAt!;
    render.push(times.at(-1)! - lastByte);
    done.push(doneAt - lastByte);
    renders += times.length;
    await client.conn.sendRequest('redline/inlineEdit/reject', { sessionId });
    await client.waitForStatus(sessionId);
  }
  await client.close();
  await model.close();
  return { render: round(median(render)), done: round(median(done)), renders: Math.round(renders / RUNS) };
}

export async function runPipelineBench(): Promise<Record<string, string>> {
  const all = { start: 0, end: LINES - 1 };
  const rows: Record<string, string> = {};
  const floor = await measure('replacement', 'selection', { start: 1000, end: 1001 }, (lines) => lines[1000].replace('compute(', 'log(compute(') + '\n');
  rows['floor: one-line replacement, last byte → final render / done (ms)'] = `${floor.render} / ${floor.done}`;
  for (const [format, scope, selection] of [
    ['replacement', 'selection', all],
    ['wholeFile', 'file', { start: 1000, end: 1005 }],
    ['searchReplace', 'file', { start: 1000, end: 1005 }],
    ['structured', 'file', { start: 1000, end: 1005 }],
  ] as const) {
    const r = await measure(format, scope, selection, (lines, cs) => reply(format, lines, cs));
    rows[`${format}: last byte → final render / done (ms), renders`] = `${r.render} / ${r.done}, ${r.renders}`;
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.table(await runPipelineBench());
