/**
 * Inline-completion benchmarks over real JSON-RPC framing and the real providers against the model
 * double: model requests per 100 keystrokes on a replayed typing session (with and without typing
 * through), the in-sidecar latency of a typed-through answer, and how soon a new keystroke makes the
 * model server see the old request's connection close. Run with `npx tsx bench/completion.bench.ts`.
 */
import { clientConnection, serverConnection, type ClientConnection, type Position, type RedlineSettingsPatch } from '@redline/shared-protocol';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';
import { registerInlineCompletion } from '../sidecar/src/completion/service.js';
import { SyntaxCache } from '../sidecar/src/scope/parse.js';
import { DocumentStore } from '../sidecar/src/server/documents.js';
import { SettingsStore } from '../sidecar/src/server/settings.js';
import { startModelDouble, type ModelDouble } from '@redline/model-double';

/** The file the replayed session types, one character per keystroke. */
const SESSION = `import { readFile } from 'node:fs/promises';

export interface Entry {
  name: string;
  size: number;
}

export async function loadEntries(path: string): Promise<Entry[]> {
  const text = await readFile(path, 'utf8');
  const entries: Entry[] = [];
  for (const line of text.split('\\n')) {
    const [name, size] = line.split(',');
    if (!name) continue;
    entries.push({ name, size: Number(size) });
  }
  return entries;
}

export function totalSize(entries: Entry[]): number {
  return entries.reduce((sum, entry) => sum + entry.size, 0);
}
`;
const URI = 'file:///bench/entries.ts';
const CLOSE_RUNS = 20;

interface Rig {
  client: ClientConnection;
  double: ModelDouble;
  settings: SettingsStore;
  log: string[];
  syntax: SyntaxCache;
  close(): Promise<void>;
}

async function rig(patch: RedlineSettingsPatch, followDocuments = true): Promise<Rig> {
  const double = await startModelDouble();
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = serverConnection(createMessageConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient)));
  const client = clientConnection(createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer)));
  const documents = new DocumentStore();
  const settings = new SettingsStore();
  settings.update({ provider: 'ollama', endpoint: double.url, completionModel: 'qwen2.5-coder:1.5b', debounceWait: 0, ...patch });
  const log: string[] = [];
  // Outcomes typing causes on nearly every keystroke (typed through among them) are debug lines.
  const logger = { info: (m: string) => log.push(m), debug: (m: string) => log.push(m), warn: () => {}, error: () => {} };
  server.onNotification('textDocument/didOpen', (p) => documents.open(p));
  server.onNotification('textDocument/didChange', (p) => documents.change(p));
  const syntax = new SyntaxCache();
  // As the server wires it; without it, every new version is parsed from scratch (the floor to beat).
  if (followDocuments) syntax.follow(documents);
  const service = registerInlineCompletion({ connection: server, documents, settings, log: logger, syntax });
  server.raw.listen();
  client.raw.listen();
  await client.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'typescript', version: 1, text: '' } });
  return {
    client,
    double,
    settings,
    log,
    syntax,
    async close() {
      service.dispose();
      client.raw.dispose();
      server.raw.dispose();
      await double.close();
    },
  };
}

function advance(at: Position, ch: string): Position {
  return ch === '\n' ? { line: at.line + 1, character: 0 } : { line: at.line, character: at.character + 1 };
}

function ask(client: ClientConnection, position: Position) {
  return client.sendRequest('textDocument/inlineCompletion', { textDocument: { uri: URI }, position, context: { triggerKind: 2 } });
}

/**
 * Replays SESSION against a model that always predicts the rest of the file. Without typing
 * through, the scope changes on every keystroke, so no earlier suggestion can be reused.
 */
async function replay(typingThrough: boolean): Promise<{ perHundred: number; typedThroughMs: number[]; roundTripMs: number[] }> {
  const r = await rig({});
  let typed = 0;
  r.double.onRequest(() => ({ text: SESSION.slice(typed, typed + 400), chunkSize: 16 }));
  const roundTripMs: number[] = [];
  let at: Position = { line: 0, character: 0 };
  for (let version = 2; typed < SESSION.length; version++) {
    const ch = SESSION[typed];
    await r.client.sendNotification('textDocument/didChange', { textDocument: { uri: URI, version }, contentChanges: [{ range: { start: at, end: at }, text: ch }] });
    typed++;
    at = advance(at, ch);
    if (!typingThrough) r.settings.update({ temperature: version % 2 ? 0.2 : 0.21 });
    const sent = performance.now();
    await ask(r.client, at);
    if (r.log.at(-1)?.endsWith(': typed through')) roundTripMs.push(performance.now() - sent);
  }
  const typedThroughMs = r.log.filter((l) => l.endsWith(': typed through')).map((l) => Number(/ ([\d.]+) ms/.exec(l)?.[1]));
  const perHundred = (r.double.requests.length / SESSION.length) * 100;
  await r.close();
  return { perHundred, typedThroughMs, roundTripMs };
}

/** Milliseconds from a keystroke's request being sent to the model server seeing the old request close. */
async function abortToClose(): Promise<number[]> {
  const r = await rig({});
  const times: number[] = [];
  let at: Position = { line: 0, character: 0 };
  for (let i = 0; i < CLOSE_RUNS; i++) {
    r.double.script({ text: 'work();\n'.repeat(200), chunkSize: 1, delayMs: 10 }, { text: 'done' });
    const slow = ask(r.client, at);
    await r.double.waitForRequests(2 * i + 1);
    await r.client.sendNotification('textDocument/didChange', { textDocument: { uri: URI, version: i + 2 }, contentChanges: [{ range: { start: at, end: at }, text: ';' }] });
    at = advance(at, ';');
    const started = performance.now();
    const fresh = ask(r.client, at);
    await r.double.waitForClose(2 * i);
    times.push(performance.now() - started);
    await Promise.all([slow, fresh]);
  }
  await r.close();
  return times;
}

/** A 5,000-line TypeScript file: a realistic module of interfaces, classes and functions, repeated. */
export function bigTypeScript(lines = 5000): string {
  const block = (i: number) => `export interface Order${i} {
  id: string;
  items: Array<{ sku: string; quantity: number; price: number }>;
  placedAt: Date;
}

export class OrderBook${i} {
  private readonly orders = new Map<string, Order${i}>();

  add(order: Order${i}): void {
    if (this.orders.has(order.id)) {
      throw new Error(\`duplicate order \${order.id}\`);
    }
    this.orders.set(order.id, order);
  }

  total(id: string): number {
    const order = this.orders.get(id);
    if (!order) return 0;
    return order.items.reduce((sum, item) => sum + item.quantity * item.price, 0);
  }

  /** Orders placed on or after \`since\`, newest first. */
  recent(since: Date): Order${i}[] {
    return [...this.orders.values()]
      .filter((order) => order.placedAt >= since)
      .sort((a, b) => b.placedAt.getTime() - a.placedAt.getTime());
  }
}

export function summarize${i}(book: OrderBook${i}, ids: string[]): string {
  const parts: string[] = [];
  for (const id of ids) {
    const total = book.total(id);
    parts.push(\`\${id}: \${total.toFixed(2)}\`);
  }
  return parts.join('\\n');
}

`;
  let text = '';
  for (let i = 0; text.split('\n').length <= lines; i++) text += block(i);
  return text.split('\n').slice(0, lines).join('\n') + '\n';
}

const BIG_URI = 'file:///bench/orders.ts';
const LATENCY_RUNS = 60;
const WARM_UP = 5;

/**
 * Milliseconds from a completion request (explicit, so no debounce) to the model server seeing the
 * model call, on the 5,000-line file, one keystroke before each: the syntax tree for the multiline
 * decision, the bracket scan, the prompt. With `followDocuments` the syntax cache applies each
 * change to its tree and reparses incrementally; without, it parses every new version whole.
 */
async function requestToModelCall(followDocuments: boolean): Promise<{ times: number[]; parses: { full: number; incremental: number } }> {
  const r = await rig({}, followDocuments);
  const text = bigTypeScript();
  await r.client.sendNotification('textDocument/didOpen', { textDocument: { uri: BIG_URI, languageId: 'typescript', version: 1, text } });
  const lines = text.split('\n');
  let arrived = 0;
  r.double.onRequest(() => {
    arrived = performance.now();
    return { text: 'next();\n', chunkSize: 64 };
  });
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + LATENCY_RUNS; i++) {
    // The end of a statement line inside a method, a different one each time.
    const line = 2000 + ((i * 37) % 1500);
    const at = { line, character: lines[line].length };
    lines[line] += ' ';
    await r.client.sendNotification('textDocument/didChange', { textDocument: { uri: BIG_URI, version: i + 2 }, contentChanges: [{ range: { start: at, end: at }, text: ' ' }] });
    const sent = performance.now();
    await r.client.sendRequest('textDocument/inlineCompletion', { textDocument: { uri: BIG_URI }, position: { line, character: at.character + 1 }, context: { triggerKind: 1 } });
    if (i >= WARM_UP) times.push(arrived - sent);
  }
  await r.close();
  return { times, parses: { ...r.syntax.parses } };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const round = (n: number) => Math.round(n * 100) / 100;

export async function runCompletionBench(): Promise<Record<string, number | string>> {
  const withTyping = await replay(true);
  const without = await replay(false);
  const closes = await abortToClose();
  const incremental = await requestToModelCall(true);
  const whole = await requestToModelCall(false);
  return {
    '5,000-line TypeScript file: request → model call p50 / p90 ms, incremental reparse': `${round(percentile(incremental.times, 50))} / ${round(percentile(incremental.times, 90))}`,
    '5,000-line TypeScript file: request → model call p50 / p90 ms, whole file parsed per version': `${round(percentile(whole.times, 50))} / ${round(percentile(whole.times, 90))}`,
    '5,000-line TypeScript file: parses full / incremental, incremental run': `${incremental.parses.full} / ${incremental.parses.incremental}`,
    'session keystrokes': SESSION.length,
    'model requests per 100 keystrokes, typing through': round(withTyping.perHundred),
    'model requests per 100 keystrokes, no typing through': round(without.perHundred),
    'typed-through answers': withTyping.typedThroughMs.length,
    'typed-through latency in sidecar p50 ms': round(percentile(withTyping.typedThroughMs, 50)),
    'typed-through latency in sidecar p99 ms': round(percentile(withTyping.typedThroughMs, 99)),
    'typed-through JSON-RPC round trip p50 ms': round(percentile(withTyping.roundTripMs, 50)),
    'typed-through JSON-RPC round trip p99 ms': round(percentile(withTyping.roundTripMs, 99)),
    'keystroke to old connection closed p50 ms': round(percentile(closes, 50)),
    'keystroke to old connection closed p99 ms': round(percentile(closes, 99)),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await runCompletionBench();
  const width = Math.max(...Object.keys(results).map((k) => k.length));
  for (const [k, v] of Object.entries(results)) console.log(`${k.padEnd(width)}  ${v}`);
}
