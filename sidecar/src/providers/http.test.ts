import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelDouble, type ModelDouble } from '@redline/model-double';
import { streamChat } from './chat.js';
import { streamGenerate } from './generate.js';
import { REPLY_CHARS_PER_TOKEN } from './replyLimit.js';
import { ModelError, type ModelEndpoint, type ReplyEnd } from './types.js';

const KEY = 'sk-very-secret-key-42';
let double: ModelDouble;
beforeAll(async () => {
  double = await startModelDouble();
});
afterAll(() => double.close());

const providers = ['ollama', 'openai'] as const;
const ep = (provider: 'ollama' | 'openai', overrides: Partial<ModelEndpoint> = {}): ModelEndpoint => ({
  provider,
  endpoint: double.url,
  model: 'x',
  apiKey: KEY,
  timeoutMs: 5000,
  ...overrides,
});
const messages = [{ role: 'user' as const, content: 'hi' }];

/** Drains a stream; returns the text received and the error it ended with. */
async function run(stream: AsyncIterable<string>): Promise<{ text: string; error: ModelError }> {
  let text = '';
  try {
    for await (const piece of stream) text += piece;
  } catch (error) {
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).not.toContain(KEY);
    return { text, error: error as ModelError };
  }
  throw new Error(`the stream ended without an error after ${JSON.stringify(text)}`);
}

const chat = (provider: 'ollama' | 'openai', overrides: Partial<ModelEndpoint> = {}, signal = new AbortController().signal) =>
  streamChat(ep(provider, overrides), messages, signal);

describe.each(providers)('failures (%s)', (provider) => {
  it("maps HTTP 404 to an http error with the status and the server's text", async () => {
    double.script({ text: '', status: 404, errorBody: { error: "model 'x' not found" } });
    const { error } = await run(chat(provider));
    expect(error).toMatchObject({ kind: 'http', status: 404 });
    expect(error.message).toMatch(`model 'x' not found (404 Not Found from the model server at ${double.url}, ${provider === 'ollama' ? '/api/chat' : '/v1/chat/completions'}). Check the model setting`);
  });

  it('never repeats the key, even when the server echoes it', async () => {
    double.script({ text: '', status: 401, errorBody: { error: { message: `Incorrect API key provided: ${KEY}` } } });
    const { error } = await run(chat(provider));
    expect(error.message).toMatch(/^Incorrect API key provided: \*\*\* \(401 Unauthorized from /);
  });

  it('maps a refused connection to a connection error', async () => {
    const closed = await startModelDouble();
    await closed.close();
    const { error } = await run(chat(provider, { endpoint: closed.url }));
    expect(error.kind).toBe('connection');
    expect(error.message).toMatch(new RegExp(`^Connection refused: cannot reach the model server at ${closed.url}\\.`));
  });

  it('times out when the stream stalls, and closes the connection', async () => {
    double.script({ text: 'abcdefghijklmnop', chunkSize: 4, stallAfterChunks: 2 });
    const before = double.requests.length;
    const { text, error } = await run(chat(provider, { timeoutMs: 300 }));
    expect(text).toBe('abcdefgh');
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(`No answer for 300 ms: the model server at ${double.url} sent nothing (${provider === 'ollama' ? '/api/chat' : '/v1/chat/completions'}).`);
    await double.waitForClose(before);
  });

  it('reports a connection cut mid-stream instead of a short reply', async () => {
    double.script({ text: 'abcdefghijklmnop', chunkSize: 4, cutAfterChunks: 2 });
    const { text, error } = await run(chat(provider));
    expect(text).toBe('abcdefgh');
    expect(error.kind).toBe('connection');
    expect(error.message).toMatch(/ mid-reply: the connection to the model server at \S+ broke\.$/);
  });

  it('maps a garbage line to malformed', async () => {
    double.script({ text: 'abcdefgh', chunkSize: 4, malformedAfterChunks: 1 });
    const { text, error } = await run(streamGenerate(ep(provider), { prompt: 'p', raw: true, numPredict: 8, temperature: 0, stop: [] }, new AbortController().signal));
    expect(text).toBe('abcd');
    expect(error.kind).toBe('malformed');
    expect(error.message).toMatch(/^Malformed stream from the model server at .*: .*oops.* is not JSON/);
  });

  it('aborts mid-stream at once, and the server sees the connection close', async () => {
    double.script({ text: 'a'.repeat(400), chunkSize: 4, delayMs: 20 });
    const index = double.requests.length;
    const controller = new AbortController();
    const stream = chat(provider, {}, controller.signal);
    let received = 0;
    const outcome = (async () => {
      for await (const piece of stream) {
        received += piece.length;
        if (received >= 12) controller.abort();
      }
    })();
    await expect(outcome).rejects.toMatchObject({ kind: 'aborted' });
    // At once: chunks arrive every 20 ms, and nothing more is read after the abort.
    expect(received).toBeLessThan(40);
    await double.waitForClose(index);
  });

  it('does not count a slow reader against the server', async () => {
    double.script({ text: 'abcdefgh', chunkSize: 4 });
    let text = '';
    for await (const piece of chat(provider, { timeoutMs: 150 })) {
      text += piece;
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    expect(text).toBe('abcdefgh');
  });

  it('closes the connection when the caller stops reading', async () => {
    double.script({ text: 'b'.repeat(400), chunkSize: 4, delayMs: 20 });
    const index = double.requests.length;
    for await (const piece of chat(provider)) if (piece) break;
    await double.waitForClose(index);
  });
});

describe.each(providers)('how replies end (%s)', (provider) => {
  /** Drains a stream and returns its text and how it said it ended. */
  async function finish(stream: AsyncGenerator<string, ReplyEnd>): Promise<{ text: string; end: ReplyEnd }> {
    let text = '';
    for (;;) {
      const next = await stream.next();
      if (next.done) return { text, end: next.value };
      text += next.value;
    }
  }

  it('returns the finish reason and the token counts of the last message', async () => {
    double.script({ text: 'abcdefgh', finishReason: 'length', promptTokens: 7 });
    const cut = await finish(streamChat(ep(provider), messages, new AbortController().signal));
    expect(cut.text).toBe('abcdefgh');
    expect(cut.end).toEqual(provider === 'ollama' ? { reason: 'length', promptTokens: 7, replyTokens: 2 } : { reason: 'length' });
    double.script({ text: 'ab' });
    expect((await finish(streamGenerate(ep(provider), { prompt: 'p', raw: true, numPredict: 8, temperature: 0, stop: [] }, new AbortController().signal))).end.reason).toBe('stop');
  });

  it('reuses one connection for request after request: the rest of a finished body is read, not dropped', async () => {
    const fresh = await startModelDouble();
    try {
      fresh.setDefault({ text: 'hello there', chunkSize: 3, endDelayMs: 20 });
      // Requests a moment apart, as a user makes them (back to back, undici may open a second
      // connection before it has seen the first one free).
      for (let i = 0; i < 4; i++) {
        await finish(streamChat(ep(provider, { endpoint: fresh.url }), messages, new AbortController().signal));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(fresh.requests).toHaveLength(4);
      expect(fresh.connections).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});

describe.each(providers)('a server that ignores the reply limit (%s)', (provider) => {
  const generate = (numPredict: number) => streamGenerate(ep(provider), { prompt: 'p', raw: true, numPredict, temperature: 0, stop: [] }, new AbortController().signal);

  it('is stopped once the reply passes the limit: cut at the limit, never yielded past it, the connection closed', async () => {
    // 200 KB for a limit of 100 tokens, ended as if the model had stopped on its own.
    double.script({ text: 'x'.repeat(200_000), chunkSize: 4096, finishReason: 'stop' });
    const index = double.requests.length;
    const { text, error } = await run(generate(100));
    expect(error.kind).toBe('truncated');
    expect(error.message).toMatch(/^The model server ignored the reply limit: it sent more than 1,600 characters for a reply of at most 100 tokens \((num_predict|max_tokens)\)/);
    expect(error.message).toContain('Set a reply limit on the server itself');
    expect(text.length).toBeLessThanOrEqual(100 * REPLY_CHARS_PER_TOKEN);
    await double.waitForClose(index);
    expect(double.requests[index].closedEarly).toBe(true);
  });

  it('lets a reply of exactly the longest length the limit allows through, and the chat stream is bounded alike', async () => {
    double.script({ text: 'y'.repeat(10 * REPLY_CHARS_PER_TOKEN), chunkSize: 64 });
    let text = '';
    for await (const piece of generate(10)) text += piece;
    expect(text).toHaveLength(10 * REPLY_CHARS_PER_TOKEN);
    double.script({ text: 'z'.repeat(10 * REPLY_CHARS_PER_TOKEN + 1), chunkSize: 64 });
    const { error } = await run(streamChat(ep(provider), messages, new AbortController().signal, { numPredict: 10 }));
    expect(error.kind).toBe('truncated');
  });
});

describe('other failures', () => {
  it('fails at once when the signal is already aborted, sending nothing', async () => {
    const before = double.requests.length;
    const controller = new AbortController();
    controller.abort();
    const { error } = await run(chat('ollama', {}, controller.signal));
    expect(error.kind).toBe('aborted');
    expect(double.requests.length).toBe(before);
  });

  it('times out when the server never sends headers, and hangs up', async () => {
    const sockets: Socket[] = [];
    // Reads the request (so the client's close is noticed) and never answers.
    const silent: Server = createServer((socket) => void sockets.push(socket.resume()));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const { error } = await run(chat('openai', { endpoint: `http://127.0.0.1:${port}/v1`, timeoutMs: 300 }));
      expect(error.kind).toBe('timeout');
      await new Promise((resolve) => (sockets[0].closed ? resolve(null) : sockets[0].once('close', resolve)));
    } finally {
      sockets.forEach((socket) => socket.destroy());
      silent.close();
    }
  });

  it('returns the end at once when the server keeps the body open after the end marker', async () => {
    const server = createHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write('{"message":{"content":"abc"},"done":false}\n{"message":{"content":""},"done":true,"done_reason":"stop"}\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const stream = chat('ollama', { endpoint: `http://127.0.0.1:${(server.address() as { port: number }).port}`, timeoutMs: 10_000 });
      const started = Date.now();
      let text = '';
      let next;
      while (!(next = await stream.next()).done) text += next.value;
      expect(text).toBe('abc');
      expect(next.value.reason).toBe('stop');
      // Bounded by the drain allowance, not by the 10 s watchdog.
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('reports a stream that ends without its end marker as malformed, after the text it had', async () => {
    const server = createHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end('{"message":{"content":"abc"},"done":false}\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { text, error } = await run(chat('ollama', { endpoint: `http://127.0.0.1:${(server.address() as { port: number }).port}` }));
      expect(text).toBe('abc');
      expect(error.kind).toBe('malformed');
      expect(error.message).toMatch(/^The stream ended before the reply was finished \(the model server at /);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
