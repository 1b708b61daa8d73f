/**
 * The engine behind a real JSON-RPC connection, real documents, settings and parser, and the real
 * providers against the model double: keystrokes are replayed and model requests counted.
 */
import type { ClientConnection, InlineCompletionList, Position, RedlineSettingsPatch } from '@redline/shared-protocol';
import { clientConnection, serverConnection } from '@redline/shared-protocol';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CancellationTokenSource, createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';
import { startModelDouble, type ModelDouble } from '@redline/model-double';
import { SyntaxCache } from '../scope/parse.js';
import { DocumentStore } from '../server/documents.js';
import { SettingsStore } from '../server/settings.js';
import { registerInlineCompletion } from './service.js';

let double: ModelDouble;
let client: ClientConnection;
let documents: DocumentStore;
let settings: SettingsStore;
let logLines: string[];
/** The completion outcome lines logged at the debug level (also in logLines). */
let debugLines: string[];
let dispose: () => void;
/** Completion requests the service told of (the index crawl's pace hears them). */
let activities: number;
const versions = new Map<string, number>();

async function setup(patch: RedlineSettingsPatch = {}, nextEditGhost?: (uri: string, position: Position, version: number) => string | null) {
  double = await startModelDouble();
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = serverConnection(createMessageConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient)));
  client = clientConnection(createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer)));
  documents = new DocumentStore();
  settings = new SettingsStore();
  settings.update({ provider: 'ollama', endpoint: double.url, completionModel: 'qwen2.5-coder:1.5b', debounceWait: 5, ...patch });
  logLines = [];
  debugLines = [];
  const outcome = (m: string) => m.startsWith('completion #') && (logLines.push(m), debugLines.push(m));
  const log = { info: (m: string) => logLines.push(m), debug: outcome, warn: () => {}, error: () => {} };
  // The server's document wiring, as main's server does it: notifications feed the mirror in order.
  server.onNotification('textDocument/didOpen', (p) => documents.open(p));
  server.onNotification('textDocument/didChange', (p) => documents.change(p));
  activities = 0;
  dispose = registerInlineCompletion({ connection: server, documents, settings, log, syntax: new SyntaxCache(), nextEditGhost, activity: () => activities++ }).dispose;
  server.raw.listen();
  client.raw.listen();
}

afterEach(async () => {
  dispose();
  client.raw.dispose();
  await double.close();
});

async function open(uri: string, text: string) {
  versions.set(uri, 1);
  await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'typescript', version: 1, text } });
}

/** Types `text` at `at` as one change; returns the position after it. */
async function type(uri: string, at: Position, text: string): Promise<Position> {
  const version = (versions.get(uri) ?? 1) + 1;
  versions.set(uri, version);
  await client.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range: { start: at, end: at }, text }] });
  const lines = text.split('\n');
  return lines.length === 1 ? { line: at.line, character: at.character + text.length } : { line: at.line + lines.length - 1, character: lines.at(-1)!.length };
}

const ask = (uri: string, position: Position, triggerKind: 1 | 2 = 2, token?: CancellationTokenSource): Promise<InlineCompletionList> =>
  client.sendRequest('textDocument/inlineCompletion', { textDocument: { uri }, position, context: { triggerKind } }, token?.token);

const lastLog = () => logLines.at(-1) ?? '';
const suggestion = 'const sum = a + b;\n  console.log(sum);\n  return sum;';
const source = 'function add(a: number, b: number) {\n  \n}\n';
const cursor = { line: 1, character: 2 };

describe('inline completion over JSON-RPC', () => {
  beforeEach(() => setup());

  it('answers with the judged reply at the cursor, logging one line', async () => {
    await open('file:///a.ts', source);
    double.script({ text: suggestion + '\n}\n\nfunction next() {}' });
    const list = await ask('file:///a.ts', cursor);
    expect(list.items).toEqual([{ insertText: suggestion, range: { start: cursor, end: cursor } }]);
    expect((double.requests[0].body as { prompt: string }).prompt).toBe('<|fim_prefix|>function add(a: number, b: number) {\n  <|fim_suffix|>\n}\n<|fim_middle|>');
    expect(logLines).toHaveLength(1);
    expect(lastLog()).toMatch(/^completion #\d+ [\d.]+ ms, 52 chars, 3 lines: caught up with suffix$/);
    expect(activities).toBe(1);
  });

  it('serves a 3-line suggestion typed through char by char without new model requests', async () => {
    await open('file:///a.ts', source);
    double.script({ text: suggestion });
    let at = cursor;
    expect((await ask('file:///a.ts', at)).items[0].insertText).toBe(suggestion);
    for (let n = 1; n < suggestion.length; n++) {
      at = await type('file:///a.ts', at, suggestion[n - 1]);
      const list = await ask('file:///a.ts', at);
      expect(list.items).toEqual([{ insertText: suggestion.slice(n), range: { start: at, end: at } }]);
      expect(lastLog()).toMatch(/typed through$/);
    }
    expect(double.requests).toHaveLength(1);
    // Every request told of, the ones served without the model too.
    expect(activities).toBe(suggestion.length);
  });

  it('aborts the model request when a keystroke arrives mid-generation, never returning its result', async () => {
    await open('file:///a.ts', source);
    double.script({ text: 'const x = 1;\n'.repeat(30), chunkSize: 2, delayMs: 20 }, { text: 'onst y = 2;' });
    const first = ask('file:///a.ts', cursor);
    await double.waitForRequests(1);
    const at = await type('file:///a.ts', cursor, 'c');
    const second = ask('file:///a.ts', at);
    await double.waitForClose(0);
    expect((await first).items).toEqual([]);
    expect((await second).items[0].insertText).toBe('onst y = 2;');
    expect(logLines[0]).toMatch(/: cancelled$/);
    // Typing cancels a request on nearly every keystroke: its line is a debug line.
    expect(debugLines).toContain(logLines[0]);
    expect(double.requests).toHaveLength(2);
  });

  it('aborts the model request when the client cancels the JSON-RPC request', async () => {
    await open('file:///a.ts', source);
    double.script({ text: 'x();\n'.repeat(50), chunkSize: 1, delayMs: 20 });
    const cancel = new CancellationTokenSource();
    const pending = ask('file:///a.ts', cursor, 2, cancel);
    await double.waitForRequests(1);
    cancel.cancel();
    await double.waitForClose(0);
    await pending.catch(() => undefined);
    expect(logLines[0]).toMatch(/: cancelled$/);
  });

  it('drops and logs a result when the document changed while the model was thinking', async () => {
    await open('file:///a.ts', source);
    double.script({ text: 'return a + b;', chunkSize: 2, delayMs: 30 });
    const pending = ask('file:///a.ts', cursor);
    await double.waitForRequests(1);
    await type('file:///a.ts', { line: 0, character: 0 }, '// note\n');
    expect((await pending).items).toEqual([]);
    expect(lastLog()).toMatch(/0 chars, 0 lines: dropped stale \(13 chars ended by end of reply\)$/);
  });

  it('does not ask the model mid-word', async () => {
    await open('file:///b.ts', 'const total = sub;\n');
    expect((await ask('file:///b.ts', { line: 0, character: 16 })).items).toEqual([]);
    expect(lastLog()).toMatch(/: mid-word$/);
    expect(double.requests).toHaveLength(0);
  });

  it('continues from the highlighted suggest item, replacing its range', async () => {
    await open('file:///c.ts', 'console.lo\n');
    double.script({ text: '("done");' });
    const range = { start: { line: 0, character: 8 }, end: { line: 0, character: 10 } };
    const list = await client.sendRequest('textDocument/inlineCompletion', {
      textDocument: { uri: 'file:///c.ts' },
      position: range.end,
      context: { triggerKind: 1, selectedCompletionInfo: { range, text: 'log' } },
    });
    expect(list.items).toEqual([{ insertText: 'log("done");', range }]);
    expect((double.requests[0].body as { prompt: string }).prompt).toContain('console.log<|fim_suffix|>');
  });

  it('with subsequent completions off, waits for typing after an accept', async () => {
    settings.update({ enableSubsequentCompletions: false });
    await open('file:///a.ts', source);
    double.setDefault({ text: 'return a + b;' });
    await ask('file:///a.ts', cursor);
    const at = await type('file:///a.ts', cursor, 'return a + b;');
    await client.sendNotification('redline/completion/accepted', { textDocument: { uri: 'file:///a.ts' } });
    expect((await ask('file:///a.ts', at)).items).toEqual([]);
    expect(lastLog()).toMatch(/: awaiting typing$/);
    expect(double.requests).toHaveLength(1);
    await type('file:///a.ts', at, '\n  ');
    await ask('file:///a.ts', { line: 2, character: 2 });
    expect(double.requests).toHaveLength(2);
  });
});

describe("a next edit's ghost text", () => {
  it('is served at its place with completion off, where nothing else is, and without the model', async () => {
    await setup({ completionEnabled: false }, (_uri, position) => (position.line === cursor.line && position.character === cursor.character ? 'return a + b;' : null));
    await open('file:///a.ts', source);
    expect((await ask('file:///a.ts', cursor, 1)).items).toEqual([{ insertText: 'return a + b;', range: { start: cursor, end: cursor } }]);
    expect((await ask('file:///a.ts', { line: 0, character: 0 }, 1)).items).toEqual([]);
    expect(lastLog()).toMatch(/completion off$/);
    expect(double.requests).toHaveLength(0);
  });
});

describe('the completion cache', () => {
  it.each([
    [true, 0, 'cache hit'],
    [false, 1, 'end of reply'],
  ])('enabled %s: dismissing, moving away and back costs %i model requests', async (enabled, extra, reason) => {
    await setup({ completionCacheEnabled: enabled });
    await open('file:///a.ts', source);
    double.setDefault({ text: 'return a + b;' });
    await ask('file:///a.ts', cursor);
    await client.sendNotification('redline/completion/selectionChanged', { textDocument: { uri: 'file:///a.ts' }, position: { line: 0, character: 0 } });
    await client.sendNotification('redline/completion/selectionChanged', { textDocument: { uri: 'file:///a.ts' }, position: cursor });
    const list = await ask('file:///a.ts', cursor, 1);
    expect(list.items[0].insertText).toBe('return a + b;');
    expect(double.requests).toHaveLength(1 + extra);
    expect(lastLog()).toMatch(new RegExp(`: ${reason}$`));
  });
});
