/** Bad input and a dying sidecar, against the packaged executable: clear errors, nothing lost, nothing half-written. */
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@redline/shared-protocol';
import { startModelDouble } from '@redline/model-double';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGED_SIDECAR, packagedSidecar } from '../harness/packaged.js';
import { RawSidecar, frame } from '../harness/rawSidecar.js';

const running: RawSidecar[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.kill()));
});

async function sidecar(initialized = true): Promise<RawSidecar> {
  const s = new RawSidecar();
  running.push(s);
  if (initialized) await s.initialize();
  return s;
}

/** Its log lines so far; stderr may arrive after a later answer on stdout, so tests poll. */
const logLines = (s: RawSidecar, pattern: RegExp) => s.stderr.split('\n').filter((line) => pattern.test(line));
const nestedArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const nestedObjects = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
/** A request the sidecar answers from its own state, with no model and no document. */
const probe = (s: RawSidecar) => s.request('redline/inlineEdit/cancel', { sessionId: 'none' });

describe('framing recovers after every malformed class: one log line, a -32700 answer, then the next frame is served', () => {
  const classes: Array<[string, Buffer | string]> = [
    ['no Content-Length header', 'Content-Type: application/json\r\n\r\n{}'],
    ['a Content-Length too small', 'Content-Length: 3\r\n\r\n{"jsonrpc":"2.0","method":"initialized","params":{}}'],
    ['a Content-Length too large', 'Content-Length: 500\r\n\r\n{"jsonrpc":"2.0","method":"initialized","params":{}}'],
    ['a truncated body', 'Content-Length: 40\r\n\r\n{"jsonrpc":"2.0",'],
    ['a Content-Length that is not a number', 'Content-Length: twelve\r\n\r\n{}'],
    ['a Content-Length over the limit', 'Content-Length: 999999999\r\n\r\n{}'],
    ['two Content-Length lines that disagree', 'Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}'],
    ['a header line without a colon', 'Content-Length 5\r\n\r\n{bad}'],
    ['LF-only line ends', 'Content-Length: 2\n\n{}'],
    ['a stray CRLF', '\r\n'],
    ['a CR inside a header line', 'Content-Length: 2\rX\r\n\r\n{}'],
    ['a header block longer than 4 KB', `X-Padding: ${'x'.repeat(5000)}\r\n`],
    ['a body that is not JSON', 'Content-Length: 5\r\n\r\n{bad}'],
    ['a body that is not UTF-8', Buffer.concat([Buffer.from('Content-Length: 4\r\n\r\n"'), Buffer.from([0xff, 0xfe]), Buffer.from('"')])],
    ['random bytes', Buffer.from([0x00, 0x9f, 0x13, 0x37, 0x0d, 0x0a, 0x0d, 0x0a, 0xff, 0x7b, 0x22, 0x01])],
  ];
  for (const [name, bytes] of classes) {
    it(name, async () => {
      const s = await sidecar();
      s.write(bytes);
      const answer = await probe(s);
      expect(answer?.error?.code, 'a request right after the bad bytes is served').toBe(ErrorCodes.UnknownSession);
      expect(s.alive).toBe(true);
      await expect.poll(() => logLines(s, /skipped unreadable input from the client/).length).toBe(1);
      expect(s.received.filter((m) => m.error?.code === ErrorCodes.ParseError)).toHaveLength(1);
    });
  }

  it('a request whose Content-Length was too large is answered with its own id once the next frame arrives', async () => {
    const s = await sidecar();
    const body = JSON.stringify({ jsonrpc: '2.0', id: 'too-long', method: 'shutdown', params: {} });
    s.write(`Content-Length: ${body.length + 50}\r\n\r\n${body}`);
    expect(await probe(s)).toMatchObject({ error: { code: ErrorCodes.UnknownSession } });
    expect(await s.answerTo('too-long')).toMatchObject({ error: { code: ErrorCodes.ParseError, message: expect.stringMatching(/cut short/) } });
  });
});

it('every request among bad frames back to back is answered: by its id when its body shows one, else with a null id', async () => {
  const s = await sidecar();
  const raw = (...parts: Array<string | number[]>) => {
    const body = Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
    return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
  };
  // Not UTF-8 inside a string, three times in a row; then an id that held the bad byte; then a bad header twice; then
  // messages with an id and neither method, result nor error; a cancel sent as a request.
  s.write(
    raw('{"jsonrpc":"2.0","id":"u1","method":"shutdown","params":{"t":"', [0xff], '"}}'),
    raw('{"jsonrpc":"2.0","id":"u2","method":"redline/inlineEdit/cancel","params":{"sessionId":"', [0xc3, 0x28], '"}}'),
    raw('{"jsonrpc":"2.0","id":3,"method":"shutdown","params":{"t":"', [0xed, 0xa0, 0x80], '"}}'),
    raw('{"jsonrpc":"2.0","id":"bad', [0xfe], '","method":"shutdown","params":{}}'),
    Buffer.from('Content-Length: 2\r\nX-Extra: \xff\r\n\r\n{}', 'latin1'),
    Buffer.from('Content-Length: 2\r\nX-Extra: \xff\r\n\r\n{}', 'latin1'),
    frame('{"id":"no-version"}'),
    frame('{"jsonrpc":"2.0","id":"no-method"}'),
    frame('{"jsonrpc":"2.0","id":"cancel","method":"$/cancelRequest","params":{}}'),
  );
  for (const id of ['u1', 'u2', 3]) expect(await s.answerTo(id), String(id)).toMatchObject({ error: { code: ErrorCodes.ParseError, message: expect.stringMatching(/not UTF-8 JSON/) } });
  for (const id of ['no-version', 'no-method']) expect(await s.answerTo(id), id).toMatchObject({ error: { code: ErrorCodes.InvalidRequest, message: expect.stringMatching(/needs a "method"/) } });
  expect(await s.answerTo('cancel')).toMatchObject({ error: { code: ErrorCodes.InvalidParams } });
  expect((await probe(s))?.error?.code).toBe(ErrorCodes.UnknownSession);
  // The id that held the bad byte and the two bad headers: three answers with a null id.
  expect(s.received.filter((m) => m.id === null && m.error?.code === ErrorCodes.ParseError)).toHaveLength(3);
  expect(s.alive).toBe(true);
});

it('a request frame with an id but no method is answered InvalidRequest with that id; the next request is served', async () => {
  const s = await sidecar();
  s.write(frame('{"jsonrpc":"2.0","id":"no-method","params":{}}'));
  expect(await s.answerTo('no-method')).toMatchObject({ error: { code: ErrorCodes.InvalidRequest, message: expect.stringMatching(/needs a "method"/) } });
  expect((await probe(s))?.error?.code).toBe(ErrorCodes.UnknownSession);
});

describe('deep nesting never reaches a recursive stringify', () => {
  it('a request nested 5,000 levels deep is refused with its id; the process lives on', async () => {
    const s = await sidecar();
    s.write(frame(`{"jsonrpc":"2.0","id":"deep","method":"redline/inlineEdit/cancel","params":{"sessionId":"x","extra":${nestedArrays(5000)}}}`));
    expect(await s.answerTo('deep')).toMatchObject({ error: { code: ErrorCodes.InvalidRequest, message: expect.stringMatching(/nested more than 64 levels/) } });
    expect((await probe(s))?.error?.code).toBe(ErrorCodes.UnknownSession);
  });

  it('a body that is only brackets, 5,000 deep, is refused with a null id', async () => {
    const s = await sidecar();
    s.write(frame(nestedArrays(5000)));
    expect((await probe(s))?.error?.code).toBe(ErrorCodes.UnknownSession);
    expect(s.received.some((m) => m.id === null && m.error?.code === ErrorCodes.InvalidRequest)).toBe(true);
  });

  it('a response with a null id and error.data nested 5,000 deep is one log line', async () => {
    const s = await sidecar();
    s.write(frame(`{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"client trouble","data":${nestedObjects(5000)}}}`));
    expect((await probe(s))?.error?.code).toBe(ErrorCodes.UnknownSession);
    await expect.poll(() => logLines(s, /dropped a message from the client: the message is nested more than 64 levels/).length).toBe(1);
  });

  it('a notification nested 5,000 deep is one log line', async () => {
    const s = await sidecar();
    s.write(frame(`{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"file:///a"},"x":${nestedObjects(5000)}}}`));
    expect((await probe(s))?.error?.code).toBe(ErrorCodes.UnknownSession);
    await expect.poll(() => logLines(s, /dropped a message from the client/).length).toBe(1);
  });
});

describe('the LSP lifecycle', () => {
  it('before initialize only initialize is served; notifications are dropped with a log line', async () => {
    const s = await sidecar(false);
    expect((await probe(s))?.error).toMatchObject({ code: ErrorCodes.ServerNotInitialized });
    expect((await s.request('shutdown'))?.error).toMatchObject({ code: ErrorCodes.ServerNotInitialized });
    s.notify('textDocument/didOpen', { textDocument: { uri: 'file:///a.ts', languageId: 'typescript', version: 1, text: 'a\n' } });
    await s.initialize();
    // The document sent before initialize was dropped, not opened.
    const start = await s.request('redline/inlineEdit/start', { textDocument: { uri: 'file:///a.ts', version: 1 }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, instruction: 'x' });
    expect(start?.error?.code).toBe(ErrorCodes.UnknownDocument);
    await expect.poll(() => logLines(s, /dropped textDocument\/didOpen: the server is not initialized yet/).length).toBe(1);
    expect((await s.request('initialize', { processId: null, capabilities: {} }))?.error?.code).toBe(ErrorCodes.InvalidRequest);
  });

  it('after shutdown every request is InvalidRequest, no session can start, and exit ends the process with 0', async () => {
    const s = await sidecar();
    s.notify('textDocument/didOpen', { textDocument: { uri: 'file:///a.ts', languageId: 'typescript', version: 1, text: 'a\n' } });
    expect(await s.request('shutdown')).toMatchObject({ result: {} });
    const start = await s.request('redline/inlineEdit/start', { textDocument: { uri: 'file:///a.ts', version: 1 }, range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } }, instruction: 'x' });
    expect(start?.error?.code).toBe(ErrorCodes.InvalidRequest);
    expect((await s.request('shutdown'))?.error?.code).toBe(ErrorCodes.InvalidRequest);
    expect((await probe(s))?.error?.code).toBe(ErrorCodes.InvalidRequest);
    s.notify('exit');
    expect(await s.exit).toEqual({ code: 0, signal: null });
  });

  it('input that ends at once (a file, or a client that writes and closes) is still answered, then the process ends with 1', () => {
    const input = join(mkdtempSync(join(tmpdir(), 'redline-eof-')), 'in');
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, capabilities: {} } },
      // Answered after a turn of its own: the end of the input must wait for it.
      { jsonrpc: '2.0', id: 2, method: 'redline/inlineEdit/cancel', params: { sessionId: 'none' } },
    ];
    writeFileSync(input, Buffer.concat(messages.map((m) => frame(m))));
    const result = spawnSync('sh', ['-c', `"${PACKAGED_SIDECAR}" < "${input}"`], { encoding: 'utf8', timeout: 20_000 });
    expect([...result.stdout.matchAll(/"id":(\d+)/g)].map((m) => Number(m[1])), result.stderr).toEqual([1, 2]);
    expect(result.status).toBe(1); // no shutdown before the end, as LSP specifies
  });

  it('exit without shutdown ends the process with 1, also before initialize', async () => {
    const running = await sidecar();
    running.notify('exit');
    expect(await running.exit).toEqual({ code: 1, signal: null });
    const fresh = await sidecar(false);
    fresh.notify('exit');
    expect(await fresh.exit).toEqual({ code: 1, signal: null });
  });

  it('unknown methods: a request gets MethodNotFound, a notification one log line, an optional $/ notification none', async () => {
    const s = await sidecar();
    expect((await s.request('redline/nothing'))?.error?.code).toBe(ErrorCodes.MethodNotFound);
    s.notify('$/setTrace', { value: 'off' });
    s.notify('redline/nothing');
    expect((await probe(s))?.error?.code).toBe(ErrorCodes.UnknownSession);
    await expect.poll(() => logLines(s, /dropped redline\/nothing: no such notification/).length).toBe(1);
    expect(logLines(s, /setTrace/)).toEqual([]);
  });
});

describe('positions from the wire are clamped to the document, and no work grows with their numbers', () => {
  const range = (a: number, b: number, c: number, d: number) => ({ start: { line: a, character: b }, end: { line: c, character: d } });

  it('a snippet whose selection ends past the end replaces up to the end, and reject restores the document exactly', async () => {
    const client = await packagedSidecar({});
    try {
      const doc = await client.openDocument('file:///s.ts', 'typescript', 'one\ntwo\n');
      const applied = await client.conn.sendRequest('redline/snippet/apply', { textDocument: { uri: doc.uri, version: doc.version }, snippet: 'ONE\nTWO\n', selection: range(0, 0, 4, 0) });
      expect(applied.range).toEqual(range(0, 0, 2, 0));
      await client.waitForStatus(applied.sessionId, ['done']);
      expect(doc.text).toBe('one\ntwo\nONE\nTWO\n');
      await client.conn.sendRequest('redline/inlineEdit/reject', { sessionId: applied.sessionId });
      expect(doc.text).toBe('one\ntwo\n');
    } finally {
      await client.close();
    }
  });

  it('selections and changes at line 100,000 and 1,000,000,000 are answered at once, at the end of the document', async () => {
    const client = await packagedSidecar({});
    try {
      const doc = await client.openDocument('file:///far.ts', 'typescript', 'a\nb\n');
      const far = await client.conn.sendRequest('redline/snippet/apply', { textDocument: { uri: doc.uri, version: doc.version }, snippet: 'x\n', selection: range(1, 0, 100_000, 0) });
      expect(far.range).toEqual(range(1, 0, 2, 0));
      await client.conn.sendRequest('redline/inlineEdit/cancel', { sessionId: far.sessionId });
      await doc.edit(range(1_000_000_000, 3, 1_000_000_000, 9), 'c\n');
      expect(doc.text).toBe('a\nb\nc\n');
      const start = await client.conn.sendRequest('redline/snippet/apply', { textDocument: { uri: doc.uri, version: doc.version }, snippet: 'q\n', selection: range(1_000_000_000, 0, 1_000_000_001, 0) });
      // The whole selection lies past the end: an empty selection at the end, where the snippet is inserted.
      expect(start.range).toEqual(range(3, 0, 3, 0));
      await client.waitForStatus(start.sessionId, ['done']);
      expect(doc.text).toBe('a\nb\nc\nq\n');
    } finally {
      await client.close();
    }
  });
});

it('answers bad params with a clear -32602 and drops bad notifications with one log line', async () => {
  const s = await sidecar();
  s.notify('textDocument/didOpen', { textDocument: { uri: 'file:///a.ts', languageId: 'typescript', version: 1, text: 'a\n' } });
  const missing = await s.request('redline/inlineEdit/start', { textDocument: { uri: 'file:///a.ts', version: 1 }, range: { start: { line: 0 }, end: { line: 1, character: 0 } }, instruction: 'x' });
  expect(missing?.error).toEqual({ code: ErrorCodes.InvalidParams, message: 'redline/inlineEdit/start: params.range.start.character is missing' });
  s.notify('textDocument/didChange', { textDocument: { uri: 'file:///a.ts', version: 'two' }, contentChanges: [] });
  s.notify('textDocument/didChange', { textDocument: { uri: 'file:///a.ts', version: 2 }, contentChanges: [{ range: { start: { line: 0.5, character: 0 }, end: { line: 0, character: 1 } }, text: 'z' }] });
  // The mirror ignored both bad changes: the document is still at version 1.
  const stale = await s.request('redline/inlineEdit/start', { textDocument: { uri: 'file:///a.ts', version: 2 }, range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } }, instruction: 'x' });
  expect(stale?.error?.code).toBe(ErrorCodes.ContentModified);
  await expect.poll(() => logLines(s, /dropped textDocument\/didChange: params.textDocument.version must be integer, not string/).length).toBe(1);
  await expect.poll(() => logLines(s, /dropped textDocument\/didChange: params.contentChanges\[0\].range.start.line must be integer, not a fraction/).length).toBe(1);
});

it('a sidecar that dies mid-stream rejects the waiting client with a clear error', async () => {
  const model = await startModelDouble();
  const client = await packagedSidecar({ provider: 'ollama', endpoint: model.url, model: 'm' });
  try {
    model.script({ text: 'const a = 2;\n'.repeat(40), chunkSize: 3, delayMs: 20 });
    const doc = await client.openDocument('file:///d.ts', 'typescript', 'const a = 1;\n');
    const { sessionId } = await client.conn.sendRequest('redline/inlineEdit/start', {
      textDocument: { uri: doc.uri, version: doc.version },
      range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } },
      instruction: 'x',
    });
    await client.waitForStatus(sessionId, ['streaming']);
    await model.waitForRequests(1);
    client.child!.kill('SIGKILL');
    await expect(client.waitForStatus(sessionId)).rejects.toThrow(/stopped unexpectedly/);
    await model.waitForClose(0);
  } finally {
    await client.close();
    await model.close();
  }
});
