/**
 * Keystroke replay through the packaged executable against the model double, counting the requests
 * the model server receives. Outcomes are read from the sidecar's window/logMessage lines.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CancellationTokenSource } from 'vscode-jsonrpc/node.js';
import type { InlineCompletionList, Position, RedlineSettingsPatch } from '@redline/shared-protocol';
import type { RenderedDocument, SidecarClient } from '@redline/client';
import { packagedSidecar } from '../harness/packaged.js';
import { startModelDouble, type ModelDouble } from '@redline/model-double';

const SOURCE = 'function add(a: number, b: number) {\n  \n}\n';
const CURSOR = { line: 1, character: 2 };
const SUGGESTION = 'const sum = a + b;\n  console.log(sum);\n  return sum;';

let model: ModelDouble;
let client: SidecarClient;

async function setup(settings: RedlineSettingsPatch = {}): Promise<RenderedDocument> {
  model = await startModelDouble();
  client = await packagedSidecar({ provider: 'ollama', endpoint: model.url, completionModel: 'qwen2.5-coder:1.5b', debounceWait: 5, ...settings });
  return client.openDocument('file:///src/add.ts', 'typescript', SOURCE);
}

afterEach(async () => {
  await client?.close();
  await model?.close();
});

const ask = (doc: RenderedDocument, position: Position, triggerKind: 1 | 2 = 2, cancel?: CancellationTokenSource): Promise<InlineCompletionList> =>
  client.conn.sendRequest('textDocument/inlineCompletion', { textDocument: { uri: doc.uri }, position, context: { triggerKind } }, cancel?.token);

async function type(doc: RenderedDocument, at: Position, text: string): Promise<Position> {
  await doc.edit({ start: at, end: at }, text);
  const lines = text.split('\n');
  return lines.length === 1 ? { line: at.line, character: at.character + text.length } : { line: at.line + lines.length - 1, character: lines[lines.length - 1].length };
}

const completionLogs = () => client.logs.map((l) => l.message).filter((m) => m.startsWith('completion #'));

describe('inline completion (packaged executable)', () => {
  it('typing through a shown 3-line suggestion character by character costs 0 model requests', async () => {
    const doc = await setup();
    model.script({ text: SUGGESTION });
    let at = CURSOR;
    expect((await ask(doc, at)).items[0].insertText).toBe(SUGGESTION);
    await client.conn.sendNotification('redline/completion/shown', { textDocument: { uri: doc.uri }, position: at, item: { insertText: SUGGESTION } });
    for (let n = 1; n < SUGGESTION.length; n++) {
      at = await type(doc, at, SUGGESTION[n - 1]);
      expect((await ask(doc, at)).items[0]?.insertText).toBe(SUGGESTION.slice(n));
    }
    expect(model.requests).toHaveLength(1);
    expect(completionLogs().filter((m) => m.endsWith('typed through'))).toHaveLength(SUGGESTION.length - 1);
  });

  it('with the cache on, dismissing, moving away and back costs 0 model requests', async () => {
    const doc = await setup({ completionCacheEnabled: true });
    model.setDefault({ text: 'return a + b;' });
    await ask(doc, CURSOR);
    await client.conn.sendNotification('redline/completion/selectionChanged', { textDocument: { uri: doc.uri }, position: { line: 0, character: 0 } });
    await client.conn.sendNotification('redline/completion/selectionChanged', { textDocument: { uri: doc.uri }, position: CURSOR });
    expect((await ask(doc, CURSOR, 1)).items[0].insertText).toBe('return a + b;');
    expect(model.requests).toHaveLength(1);
    expect(completionLogs().pop()).toMatch(/cache hit$/);
  });

  it('a keystroke mid-generation aborts the old HTTP request and its result is never returned', async () => {
    const doc = await setup();
    model.script({ text: 'const x = 1;\n'.repeat(30), chunkSize: 2, delayMs: 20 }, { text: 'onst y = 2;' });
    const first = ask(doc, CURSOR);
    await model.waitForRequests(1);
    const at = await type(doc, CURSOR, 'c');
    const second = ask(doc, at);
    await model.waitForClose(0);
    expect(model.requests[0].closedEarly).toBe(true);
    expect((await first).items).toEqual([]);
    expect((await second).items[0].insertText).toBe('onst y = 2;');
  });

  it('$/cancelRequest closes the model connection', async () => {
    const doc = await setup();
    model.script({ text: 'x();\n'.repeat(50), chunkSize: 1, delayMs: 20 });
    const cancel = new CancellationTokenSource();
    const pending = ask(doc, CURSOR, 2, cancel);
    await model.waitForRequests(1);
    cancel.cancel();
    await model.waitForClose(0);
    await pending.catch(() => undefined);
  });

  it('a changed document version drops the result and logs it', async () => {
    const doc = await setup();
    model.script({ text: 'return a + b;', chunkSize: 2, delayMs: 30 });
    const pending = ask(doc, CURSOR);
    await model.waitForRequests(1);
    await type(doc, { line: 0, character: 0 }, '// note\n');
    expect((await pending).items).toEqual([]);
    await new Promise((r) => setTimeout(r, 20));
    expect(completionLogs().pop()).toMatch(/dropped stale/);
  });

  it('a mid-word cursor sends no request', async () => {
    model = await startModelDouble();
    client = await packagedSidecar({ provider: 'ollama', endpoint: model.url, debounceWait: 5 });
    const doc = await client.openDocument('file:///src/b.ts', 'typescript', 'const total = sub;\n');
    expect((await ask(doc, { line: 0, character: 16 })).items).toEqual([]);
    expect(model.requests).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 20));
    expect(completionLogs().pop()).toMatch(/mid-word$/);
  });
});
