/**
 * A model server that ignores the token limit it is sent (`max_tokens`, Ollama `num_predict`) and
 * streams 200 KB, ending as if the model had stopped on its own, against the packaged executable:
 * in each path — next edit, inline edit, completion — the reply is refused, the document stays as
 * it was, the message says the server ignored the limit, the connection is closed before the
 * reply ends, and the next request is answered as usual.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderedDocument, SidecarClient } from '@redline/client';
import { startModelDouble, type ModelDouble, type Reply } from '@redline/model-double';
import { nextEditModel } from '@redline/model-double/nextEdit';
import { packagedSidecar } from '../harness/packaged.js';

/** 200 KB of code-like lines (2,112 of them), whatever the request asked for, streamed as a model streams (512 characters every 5 ms, 2 s for all of it). */
const RUNAWAY = Array.from({ length: 2112 }, (_, i) => `  const value${i} = compute(${i}, "${'x'.repeat(60)}");`).join('\n');
const runaway = (text = RUNAWAY): Reply => ({ text, chunkSize: 512, delayMs: 5, finishReason: 'stop' });
const IGNORED = /^The model server ignored the reply limit: it sent more than [\d,]+ characters for a reply of at most [\d,]+ tokens \(max_tokens\)/;

const SOURCE = [
  'export function summarize(values: number[]) {',
  '  let count = 0;',
  '  for (const value of values) {',
  '    count += value;',
  '  }',
  '  return count;',
  '}',
  '',
].join('\n');

describe('a model server that ignores the reply limit (packaged executable)', () => {
  let model: ModelDouble;
  let client: SidecarClient;
  let counter = 0;

  beforeAll(async () => {
    model = await startModelDouble();
    model.onRequest(nextEditModel((lines) => lines.map((line) => line.replace(/\bcount\b/g, 'total'))));
    client = await packagedSidecar({
      provider: 'openai',
      endpoint: model.url,
      model: 'qwen2.5-coder:7b-instruct',
      completionModel: 'qwen2.5-coder:1.5b',
      nextEditModel: 'hf.co/sweepai/sweep-next-edit-1.5B-GGUF',
      nextEditEnabled: true,
      debounceWait: 0,
      requestTimeoutMs: 5000,
    });
  });
  afterAll(async () => {
    await client?.close();
    await model?.close();
  });

  const open = (text = SOURCE) => client.openDocument(`file:///project/src/bounded${++counter}.ts`, 'typescript', text);
  const logged = (since: number) => client.logs.slice(since).map((l) => l.message);

  /** The last request was closed by the sidecar before its reply ended. */
  async function hungUp(): Promise<void> {
    const index = model.requests.length - 1;
    await model.waitForClose(index);
    expect((model.requests[index].body as { max_tokens?: unknown }).max_tokens).toEqual(expect.any(Number));
  }

  async function renamed(): Promise<RenderedDocument> {
    const doc = await open();
    await doc.edit({ start: { line: 1, character: 6 }, end: { line: 1, character: 11 } }, 'total');
    return doc;
  }
  const askNextEdit = (doc: RenderedDocument) =>
    client.conn.sendRequest('redline/nextEdit', { textDocument: { uri: doc.uri, version: doc.version }, position: { line: 1, character: 11 }, trigger: 'automatic' });

  it('next edit: 200 KB for a window of 7 lines shows nothing, changes nothing, says why; the next request is answered', async () => {
    const doc = await renamed();
    const text = doc.text;
    const renders = doc.undoLog.length;
    const logs = client.logs.length;
    model.script(runaway());
    expect((await askNextEdit(doc)).suggestion).toBeNull();
    await hungUp();
    expect(doc.text).toBe(text);
    expect(doc.undoLog.length).toBe(renders);
    expect(doc.marks.size).toBe(0);
    const line = logged(logs).find((m) => m.startsWith('next edit #'));
    expect(line).toMatch(/model error: The model server ignored the reply limit/);
    expect(client.logs.slice(logs).find((l) => l.message === line)?.type).toBe(2);
    // Afterwards the model's ordinary answer is a suggestion again.
    expect((await askNextEdit(doc)).suggestion?.hunks.map((h) => h.range.start.line)).toEqual([3, 5]);
  });

  it('next edit: a rewrite within the limit but far larger than its window is refused too', async () => {
    const doc = await renamed();
    const text = doc.text;
    const logs = client.logs.length;
    // Short lines: 300 of them fit the reply limit of a 21-line window, and are no next edit.
    model.script({ text: `${Array.from({ length: 300 }, (_, i) => `f${i};`).join('\n')}\n<|file_sep|>`, chunkSize: 256 });
    expect((await askNextEdit(doc)).suggestion).toBeNull();
    expect(doc.text).toBe(text);
    expect(doc.marks.size).toBe(0);
    expect(logged(logs).find((m) => m.startsWith('next edit #'))).toMatch(/no suggestion \(oversized\)/);
  });

  it('inline edit: 40 KB for a 5-line selection ends in an error saying why, the document as it was; the next edit works', async () => {
    const doc = await open();
    const range = { start: { line: 1, character: 0 }, end: { line: 6, character: 0 } };
    model.script(runaway(RUNAWAY.slice(0, 40_000)));
    const { sessionId } = await client.conn.sendRequest('redline/inlineEdit/start', { textDocument: { uri: doc.uri, version: doc.version }, range, instruction: 'rename count to total' });
    const status = await client.waitForStatus(sessionId);
    expect(status.state).toBe('error');
    expect(status.message).toMatch(IGNORED);
    expect(status.message).toContain('Set a reply limit on the server itself');
    await hungUp();
    expect(doc.text).toBe(SOURCE);
    expect(doc.marks.size).toBe(0);
    model.script({ text: SOURCE.split('\n').slice(1, 6).join('\n').replace(/\bcount\b/g, 'total') });
    const next = await client.conn.sendRequest('redline/inlineEdit/start', { textDocument: { uri: doc.uri, version: doc.version }, range, instruction: 'rename count to total' });
    expect((await client.waitForStatus(next.sessionId, ['done', 'error', 'noChanges'])).state).toBe('done');
    await client.conn.sendRequest('redline/inlineEdit/accept', { sessionId: next.sessionId });
    await client.waitForStatus(next.sessionId);
    expect(doc.text).toBe(SOURCE.replace(/\bcount\b/g, 'total'));
  });

  it('completion: a single 200 KB line is not shown, the log says why; the next completion is', async () => {
    const doc = await open('function f(x: number) {\n  return \n}\n');
    const position = { line: 1, character: 9 };
    const logs = client.logs.length;
    model.script(runaway('x'.repeat(200_000)));
    const ask = () => client.conn.sendRequest('textDocument/inlineCompletion', { textDocument: { uri: doc.uri }, position, context: { triggerKind: 1 } });
    expect((await ask()).items).toEqual([]);
    await hungUp();
    expect(logged(logs).find((m) => m.startsWith('completion #'))).toMatch(/model error \(The model server ignored the reply limit/);
    expect(doc.text).toBe('function f(x: number) {\n  return \n}\n');
    model.script({ text: 'x * 2;' });
    expect((await ask()).items[0]?.insertText).toBe('x * 2;');
  });
});
