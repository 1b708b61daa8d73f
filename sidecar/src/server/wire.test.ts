import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '@redline/shared-protocol';
import { MAX_DEPTH, checkMessage, deeperThan, sidecarConnection } from './wire.js';

const nested = (levels: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let i = 1; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('deeperThan', () => {
  it('counts objects and arrays, not scalars, without recursion', () => {
    expect(deeperThan(1, 0)).toBe(false);
    expect(deeperThan({ a: [1] }, 2)).toBe(false);
    expect(deeperThan({ a: [1] }, 1)).toBe(true);
    expect(deeperThan(nested(100_000), 64)).toBe(true);
    expect(deeperThan(nested(64), 64)).toBe(false);
  });
});

describe('checkMessage', () => {
  const request = { jsonrpc: '2.0', id: 3, method: 'shutdown', params: {} };

  it('delivers requests, notifications and responses as the library expects them, params always an object', () => {
    expect(checkMessage(request)).toEqual({ kind: 'deliver', message: request });
    expect(checkMessage({ jsonrpc: '2.0', id: 'a', method: 'shutdown' })).toEqual({ kind: 'deliver', message: { jsonrpc: '2.0', id: 'a', method: 'shutdown', params: {} } });
    expect(checkMessage({ jsonrpc: '2.0', method: 'exit', params: null })).toEqual({ kind: 'deliver', message: { jsonrpc: '2.0', method: 'exit', params: {} } });
    expect(checkMessage({ jsonrpc: '2.0', id: 7, result: null })).toMatchObject({ kind: 'deliver' });
    expect(checkMessage({ jsonrpc: '2.0', id: 7, error: { code: -1, message: 'no' } })).toMatchObject({ kind: 'deliver' });
  });

  it('answers a request it cannot pass on with an error for its id', () => {
    expect(checkMessage({ ...request, jsonrpc: '1.0' })).toEqual({ kind: 'refuse', id: 3, code: ErrorCodes.InvalidRequest, reason: '"jsonrpc" must be "2.0"' });
    expect(checkMessage({ ...request, method: 5 })).toMatchObject({ kind: 'refuse', id: 3, code: ErrorCodes.InvalidRequest });
    expect(checkMessage({ ...request, params: [1, 2] })).toMatchObject({ kind: 'refuse', id: 3, code: ErrorCodes.InvalidParams, reason: 'shutdown: params must be an object' });
    expect(checkMessage({ ...request, params: { deep: nested(5000) } })).toMatchObject({ kind: 'refuse', id: 3, reason: `the message is nested more than ${MAX_DEPTH} levels deep` });
  });

  it('answers with a null id what is not a request it can name', () => {
    expect(checkMessage([request])).toMatchObject({ kind: 'refuse', id: null, reason: 'batches (a JSON array) are not supported' });
    expect(checkMessage('hello')).toMatchObject({ kind: 'refuse', id: null });
    expect(checkMessage({ ...request, id: { x: 1 } })).toMatchObject({ kind: 'refuse', id: null });
    expect(checkMessage({ ...request, id: null })).toMatchObject({ kind: 'refuse', id: null });
  });

  it('drops bad notifications and responses with a reason, and never passes a response without an id', () => {
    expect(checkMessage({ jsonrpc: '2.0', method: 'exit', params: 'x' })).toEqual({ kind: 'drop', reason: 'exit: params must be an object' });
    expect(checkMessage({ jsonrpc: '2.0', method: '$/cancelRequest', params: {} })).toMatchObject({ kind: 'drop' });
    expect(checkMessage({ jsonrpc: '2.0', id: null, error: { code: 1, message: 'm', data: nested(5000) } })).toMatchObject({ kind: 'drop' });
    expect(checkMessage({ jsonrpc: '2.0', id: null, error: { code: 7, message: 'broken' } })).toEqual({ kind: 'drop', reason: 'a response without an id (7 broken)' });
    expect(checkMessage({ jsonrpc: '2.0', foo: 1 })).toMatchObject({ kind: 'drop' });
  });

  it('answers a message with an id but no method, result or error as an invalid request, and settles a request of its id', () => {
    for (const id of [7, 'req-1']) {
      expect(checkMessage({ jsonrpc: '2.0', id })).toEqual({
        kind: 'refuse',
        id,
        code: ErrorCodes.InvalidRequest,
        reason: expect.stringMatching(/needs a "method"/),
        settles: { jsonrpc: '2.0', id, error: { code: ErrorCodes.InvalidRequest, message: expect.stringMatching(/^Unusable response from the client/) } },
      });
    }
    expect(checkMessage({ jsonrpc: '2.0', id: 7, params: {} })).toMatchObject({ kind: 'refuse', id: 7, code: ErrorCodes.InvalidRequest });
    // Whatever else is wrong with it: no "jsonrpc", another version, nested too deep.
    for (const message of [{ id: 7 }, { jsonrpc: '1.0', id: 7 }, { jsonrpc: '2.0', id: 7, params: nested(5000) }]) {
      expect(checkMessage(message)).toMatchObject({ kind: 'refuse', id: 7, code: ErrorCodes.InvalidRequest, reason: expect.stringMatching(/needs a "method"/) });
    }
  });

  it('answers a cancel sent as a request without an id to cancel, and drops it as a notification', () => {
    expect(checkMessage({ jsonrpc: '2.0', id: 4, method: '$/cancelRequest', params: {} })).toMatchObject({ kind: 'refuse', id: 4, code: ErrorCodes.InvalidParams });
    expect(checkMessage({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: {} } })).toMatchObject({ kind: 'drop' });
  });

  it('turns an unusable response into an error for the request it answers', () => {
    for (const response of [{ jsonrpc: '2.0', id: 7, error: 'x' }, { jsonrpc: '2.0', id: 7, result: nested(5000) }, { jsonrpc: '1', id: 7, result: 1 }]) {
      expect(checkMessage(response)).toEqual({
        kind: 'deliver',
        message: { jsonrpc: '2.0', id: 7, error: { code: ErrorCodes.InvalidRequest, message: expect.stringMatching(/^Unusable response from the client/) } },
      });
    }
  });
});

describe('sidecarConnection', () => {
  it('answers unreadable frames, serves the frames after them, and reports each once', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const conn = sidecarConnection(input, output);
    const errors: string[] = [];
    conn.onError(([error]) => errors.push(error.message));
    conn.onRequest('ping', () => 'pong');
    conn.listen();
    const replies: unknown[] = [];
    let bytes = '';
    output.on('data', (chunk: Buffer) => {
      bytes += chunk.toString();
      for (let m = /Content-Length: (\d+)\r\n\r\n/.exec(bytes); m && bytes.length >= m.index + m[0].length + Number(m[1]); m = /Content-Length: (\d+)\r\n\r\n/.exec(bytes)) {
        replies.push(JSON.parse(bytes.slice(m.index + m[0].length, m.index + m[0].length + Number(m[1]))));
        bytes = bytes.slice(m.index + m[0].length + Number(m[1]));
      }
    });
    const frame = (body: string) => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    input.write('Content-Length 5\r\n\r\n{bad}');
    input.write(frame('{"jsonrpc":"2.0","id":1,"method":"ping","params":{}}'));
    input.write(frame('[1]'));
    input.write(frame('{"jsonrpc":"2.0","id":2,"method":"nothing","params":{}}'));
    input.write(frame('{"jsonrpc":"2.0","id":9}'));
    await expect.poll(() => replies.length).toBe(5);
    // Refusals go out at once, ahead of the requests still queued for their handlers.
    expect(replies).toHaveLength(5);
    expect(replies).toEqual(expect.arrayContaining([
      { jsonrpc: '2.0', id: null, error: { code: ErrorCodes.ParseError, message: expect.stringMatching(/without a name and colon/) } },
      { jsonrpc: '2.0', id: 1, result: 'pong' },
      { jsonrpc: '2.0', id: null, error: { code: ErrorCodes.InvalidRequest, message: expect.stringMatching(/batches/) } },
      { jsonrpc: '2.0', id: 2, error: { code: ErrorCodes.MethodNotFound, message: expect.any(String) } },
      { jsonrpc: '2.0', id: 9, error: { code: ErrorCodes.InvalidRequest, message: expect.stringMatching(/^Invalid request: a message with an id needs a "method"/) } },
    ]));
    expect(errors).toEqual([
      expect.stringMatching(/^skipped unreadable input from the client: a header line without/),
      expect.stringMatching(/^refused a request from the client: batches/),
      expect.stringMatching(/^refused a request from the client: a message with an id needs/),
    ]);
    conn.dispose();
  });
});
