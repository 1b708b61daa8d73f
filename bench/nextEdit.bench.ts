/**
 * Next-edit suggestions through the packaged sidecar against the model double (answering as a
 * Sweep model that renames `count` to `total`): model requests per 100 keystrokes while a replayed
 * edit sequence is typed at a person's pace (the completion requests of the same keystrokes beside
 * them), the sidecar's time from a keystroke to the model request on a 5,000-line file (the
 * completion's beside it), from the end of the model's reply to the first render of the hunk (an
 * applied snippet's request to its first render beside it: the same session without a model), and
 * each family's prompt size on that file. Run with `npx tsx bench/nextEdit.bench.ts`.
 */
import { pathToFileURL } from 'node:url';
import { request as undiciRequest } from 'undici';
import type { NextEditTrigger, Position, RenderParams } from '@redline/shared-protocol';
import type { RenderedDocument, SidecarClient } from '@redline/client';
import { startModelDouble, type ModelDouble, type RecordedRequest } from '@redline/model-double';
import { nextEditModel, readNextEditRequest, type NextEditFamilyName } from '@redline/model-double/nextEdit';
import { inProcessSidecar } from '../test/harness/inProcess.js';
import { packagedSidecar } from '../test/harness/packaged.js';
import { Random } from '../test/harness/random.js';
import { bigTypeScript } from './completion.bench.js';
import { percentile, round } from './packaged.js';

const rename = (lines: string[]) => lines.map((line) => line.replace(/\bcount\b/g, 'total'));

/** The model double: next-edit prompts get the rename in their family's format, completions a short line. */
function answering(double: ModelDouble, rewrite: (lines: string[]) => string[] = rename): { nextEdit: RecordedRequest[]; completion: RecordedRequest[] } {
  const seen = { nextEdit: [] as RecordedRequest[], completion: [] as RecordedRequest[] };
  const nextEdit = nextEditModel(rewrite);
  double.onRequest((req) => {
    if (readNextEditRequest(req)) {
      seen.nextEdit.push(req);
      return nextEdit(req);
    }
    seen.completion.push(req);
    return { text: 'x;\n', chunkSize: 8 };
  });
  return seen;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One step of the replayed session: move the caret, then type (backspaces as `\b`). */
interface Step {
  at: Position;
  keys: string;
}

const SESSION_FILE = [
  'export function summarize(values: number[]) {',
  '  let count = 0;',
  '  for (const value of values) {',
  '    count += value;',
  '  }',
  "  console.log('sum', count);",
  '  return count;',
  '}',
  '',
  'export function average(values: number[]) {',
  '  if (values.length === 0) return 0;',
  '  return summarize(values) / values.length;',
  '}',
  '',
].join('\n');

/** A realistic edit: rename a variable by retyping it, then add a guard and a log line elsewhere. */
const SESSION: Step[] = [
  { at: { line: 1, character: 11 }, keys: '\b\b\b\b\btotal' },
  { at: { line: 10, character: 36 }, keys: '\n  const n = values.length;' },
  { at: { line: 12, character: 43 }, keys: '\n  console.log(n);' },
  { at: { line: 0, character: 0 }, keys: '// Statistics over plain arrays.\n' },
];

/**
 * Types SESSION at a person's pace (80–220 ms between keys, 0.6–1.5 s before each step), sending a
 * didChange, an automatic next-edit request and an automatic completion request per keystroke, as
 * a client does. A suggestion shown after a step is taken with Tab, hunk by hunk (an accept, then
 * the request for the next hunk), before the caret moves on.
 */
async function typingSession(): Promise<{ keystrokes: number; nextEdit: number; completion: number; accepted: number }> {
  const double = await startModelDouble();
  const seen = answering(double);
  const client = await packagedSidecar({ provider: 'ollama', endpoint: double.url, completionModel: 'qwen2.5-coder:1.5b', nextEditModel: 'sweep-next-edit-1.5b', nextEditEnabled: true, debounceWait: 300 });
  const doc = await client.openDocument('file:///bench/stats.ts', 'typescript', SESSION_FILE);
  const random = new Random(29);
  let keystrokes = 0;
  let accepted = 0;
  const completions: Array<Promise<unknown>> = [];
  for (const step of SESSION) {
    await sleep(random.int(600, 1500));
    let at = step.at;
    let last: ReturnType<typeof ask> = Promise.resolve(null);
    for (const key of step.keys) {
      if (key === '\b') {
        const from = { line: at.line, character: at.character - 1 };
        await doc.edit({ start: from, end: at }, '');
        at = from;
      } else {
        await doc.edit({ start: at, end: at }, key);
        at = key === '\n' ? { line: at.line + 1, character: 0 } : { line: at.line, character: at.character + 1 };
      }
      keystrokes++;
      last = ask(client, doc, 'automatic', at);
      completions.push(client.conn.sendRequest('textDocument/inlineCompletion', { textDocument: { uri: doc.uri }, position: at, context: { triggerKind: 2 } }).catch(() => null));
      await sleep(random.int(80, 220));
    }
    for (let shown = (await last)?.suggestion; shown?.sessionId; shown = (await ask(client, doc, 'invoked', at))?.suggestion) {
      await client.waitForStatus(shown.sessionId, ['done']);
      await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: shown.sessionId });
      await client.waitForStatus(shown.sessionId);
      accepted++;
    }
  }
  await Promise.all(completions);
  await client.close();
  await double.close();
  return { keystrokes, nextEdit: seen.nextEdit.length, completion: seen.completion.length, accepted };
}

function ask(client: SidecarClient, doc: RenderedDocument, trigger: NextEditTrigger, position: Position) {
  return client.conn.sendRequest('redline/nextEdit', { textDocument: { uri: doc.uri, version: doc.version }, position, trigger }).catch(() => null);
}

const RUNS = 40;
const WARM_UP = 5;

/** The 5,000-line file with `count` declared and used around line 2,500, so a rename has uses below it. */
function bigFile(): { text: string; line: number } {
  const lines = bigTypeScript().split('\n');
  const line = 2500;
  lines.splice(line, 0, '    let count = 0;', '    count += 1;', '', '    log(count);');
  return { text: lines.join('\n'), line };
}

/**
 * On the 5,000-line file, each run one keystroke and then an explicit next-edit request (no
 * debounce) — the model echoes, so nothing is held — and an explicit completion at the same place:
 * milliseconds from sending each request to the model double seeing its model call. `start` is the
 * packaged executable, or the same server in this process (no process boundary: the sidecar's code
 * and the HTTP request alone).
 */
async function keystrokeToRequest(start: typeof packagedSidecar = packagedSidecar): Promise<{ nextEdit: number[]; completion: number[]; floor: number[] }> {
  const double = await startModelDouble();
  let arrived = 0;
  const echo = nextEditModel((lines) => lines);
  double.onRequest((req) => {
    arrived = performance.now();
    return readNextEditRequest(req) ? echo(req) : { text: 'x;\n', chunkSize: 8 };
  });
  const client = await start({ provider: 'ollama', endpoint: double.url, completionModel: 'qwen2.5-coder:1.5b', nextEditModel: 'sweep-next-edit-1.5b', nextEditEnabled: true, debounceWait: 0 });
  const big = bigFile();
  const doc = await client.openDocument('file:///bench/orders.ts', 'typescript', big.text);
  const nextEdit: number[] = [];
  const completion: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const line = 2000 + ((i * 37) % 1500);
    const at = { line, character: doc.buffer.lineAt(line).length };
    await doc.edit({ start: at, end: at }, ' ');
    const position = { line, character: at.character + 1 };
    let sent = performance.now();
    await ask(client, doc, 'invoked', position);
    if (i >= WARM_UP) nextEdit.push(arrived - sent);
    sent = performance.now();
    await client.conn.sendRequest('textDocument/inlineCompletion', { textDocument: { uri: doc.uri }, position, context: { triggerKind: 1 } });
    if (i >= WARM_UP) completion.push(arrived - sent);
    // The floor: the same HTTP request sent straight from here, what any client of the model server pays.
    sent = performance.now();
    const answer = await undiciRequest(`${double.url}/api/generate`, { method: 'POST', body: JSON.stringify({ model: 'x', prompt: 'x', raw: true, stream: true }) });
    await answer.body.text();
    if (i >= WARM_UP) floor.push(arrived - sent);
  }
  await client.close();
  await double.close();
  return { nextEdit, completion, floor };
}

/** When each session's first render reached the client. */
function firstRenders(doc: RenderedDocument): Map<string, number> {
  const at = new Map<string, number>();
  const apply = doc.applyRender.bind(doc);
  doc.applyRender = (params: RenderParams) => {
    if (!at.has(params.sessionId)) at.set(params.sessionId, performance.now());
    return apply(params);
  };
  return at;
}

/**
 * On the 5,000-line file, the declaration renamed, then a next-edit request: milliseconds from the
 * double's last byte of the reply to the client's first render of the hunk; beside it, an applied
 * snippet of the same line from its request to its first render.
 */
async function replyToRender(): Promise<{ nextEdit: number[]; snippet: number[] }> {
  const double = await startModelDouble();
  const seen = answering(double);
  const client = await packagedSidecar({ provider: 'ollama', endpoint: double.url, nextEditModel: 'sweep-next-edit-1.5b', nextEditEnabled: true, debounceWait: 0 });
  const big = bigFile();
  const nextEdit: number[] = [];
  const snippet: number[] = [];
  for (let i = 0; i < WARM_UP + RUNS / 2; i++) {
    const doc = await client.openDocument(`file:///bench/render${i}.ts`, 'typescript', big.text);
    const renders = firstRenders(doc);
    await doc.edit({ start: { line: big.line, character: 8 }, end: { line: big.line, character: 13 } }, 'total');
    const result = await ask(client, doc, 'automatic', { line: big.line, character: 13 });
    const sessionId = result?.suggestion?.sessionId;
    if (!sessionId) throw new Error('the bench expected a suggestion');
    await client.waitForStatus(sessionId, ['done']);
    const ended = seen.nextEdit[seen.nextEdit.length - 1].endedAt!;
    if (i >= WARM_UP) nextEdit.push(renders.get(sessionId)! - ended);
    await client.conn.sendRequest('redline/inlineEdit/reject', { sessionId });
    await client.waitForStatus(sessionId);
    const sent = performance.now();
    const applied = await client.conn.sendRequest('redline/snippet/apply', {
      textDocument: { uri: doc.uri, version: doc.version },
      snippet: '    total += 1;\n',
      selection: { start: { line: big.line + 1, character: 0 }, end: { line: big.line + 2, character: 0 } },
    });
    await client.waitForStatus(applied.sessionId, ['done']);
    if (i >= WARM_UP) snippet.push(renders.get(applied.sessionId)! - sent);
    await client.conn.sendRequest('redline/inlineEdit/reject', { sessionId: applied.sessionId });
    await client.waitForStatus(applied.sessionId);
    await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri: doc.uri } });
  }
  await client.close();
  await double.close();
  return { nextEdit, snippet };
}

/** Each family's prompt for the rename on the 5,000-line file, as the model server received it. */
async function promptSizes(): Promise<Record<NextEditFamilyName, number>> {
  const double = await startModelDouble();
  const seen = answering(double);
  const client = await packagedSidecar({ provider: 'ollama', endpoint: double.url, nextEditEnabled: true, debounceWait: 0 });
  const big = bigFile();
  const sizes = {} as Record<NextEditFamilyName, number>;
  const names: Record<NextEditFamilyName, string> = { sweep: 'sweep-next-edit-1.5b', 'sweep-v2': 'sweep-next-edit-v2-7b', zeta: 'zeta', instinct: 'instinct', instruct: 'qwen2.5-coder:7b-instruct' };
  for (const [family, name] of Object.entries(names) as Array<[NextEditFamilyName, string]>) {
    await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { redline: { nextEditModel: name } } });
    const doc = await client.openDocument(`file:///bench/prompt-${family}.ts`, 'typescript', big.text);
    await doc.edit({ start: { line: big.line, character: 8 }, end: { line: big.line, character: 13 } }, 'total');
    const result = await ask(client, doc, 'automatic', { line: big.line, character: 13 });
    const body = seen.nextEdit[seen.nextEdit.length - 1].body as { prompt?: string; messages?: Array<{ content: string }> };
    sizes[family] = body.prompt?.length ?? body.messages!.reduce((sum, m) => sum + m.content.length, 0);
    if (result?.suggestion?.sessionId) {
      await client.waitForStatus(result.suggestion.sessionId, ['done']);
      await client.conn.sendRequest('redline/inlineEdit/reject', { sessionId: result.suggestion.sessionId });
    }
  }
  await client.close();
  await double.close();
  return sizes;
}

const p = (values: number[], q: number) => round(percentile([...values].sort((a, b) => a - b), q));

export async function runNextEditBench(): Promise<Record<string, number | string>> {
  const typing = await typingSession();
  const latency = await keystrokeToRequest();
  const inProcess = await keystrokeToRequest(inProcessSidecar);
  const render = await replyToRender();
  const prompts = await promptSizes();
  return {
    'typed session: keystrokes (a rename, two new lines, a comment; 80–220 ms apart, debounce 300 ms) / hunks taken with Tab': `${typing.keystrokes} / ${typing.accepted}`,
    'model requests per 100 keystrokes: next edit / completion': `${round((typing.nextEdit / typing.keystrokes) * 100)} / ${round((typing.completion / typing.keystrokes) * 100)}`,
    '5,000-line file: request → model call p50 / p90 ms, next edit': `${p(latency.nextEdit, 50)} / ${p(latency.nextEdit, 90)}`,
    '5,000-line file: request → model call p50 / p90 ms, completion': `${p(latency.completion, 50)} / ${p(latency.completion, 90)}`,
    'floor: the same HTTP request sent by the bench itself, p50 / p90 ms': `${p(latency.floor, 50)} / ${p(latency.floor, 90)}`,
    '5,000-line file, server in the bench process: request → model call p50 / p90 ms, next edit / completion': `${p(inProcess.nextEdit, 50)} / ${p(inProcess.nextEdit, 90)}, ${p(inProcess.completion, 50)} / ${p(inProcess.completion, 90)}`,
    '5,000-line file: reply end → first render p50 / p90 ms, next-edit hunk': `${p(render.nextEdit, 50)} / ${p(render.nextEdit, 90)}`,
    '5,000-line file: request → first render p50 / p90 ms, applied snippet': `${p(render.snippet, 50)} / ${p(render.snippet, 90)}`,
    ...Object.fromEntries(Object.entries(prompts).map(([family, chars]) => [`prompt size, ${family}: chars (≈ tokens at 4 chars)`, `${chars} (${Math.round(chars / 4)})`])),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await runNextEditBench();
  const width = Math.max(...Object.keys(results).map((k) => k.length));
  for (const [k, v] of Object.entries(results)) console.log(`${k.padEnd(width)}  ${v}`);
}
