import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelDouble, type ModelDouble } from './double.js';
import { splitText } from './wire.js';

let double: ModelDouble;
beforeAll(async () => {
  double = await startModelDouble();
});
afterAll(() => double.close());

const post = (path: string, body: unknown) =>
  fetch(`${double.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('structured output', () => {
  const schema = { type: 'object', properties: { files: { type: 'array' } }, required: ['files'] };

  it('records the JSON Schema each wire format carries, and none for plain or JSON-mode requests', async () => {
    double.setDefault({ text: '{}' });
    const from = double.requests.length;
    await (await post('/api/chat', { model: 'm', messages: [], format: schema })).text();
    await (await post('/v1/chat/completions', { model: 'm', response_format: { type: 'json_schema', json_schema: { name: 'edits', schema, strict: true } } })).text();
    await (await post('/api/chat', { model: 'm', messages: [], format: 'json' })).text();
    await (await post('/v1/chat/completions', { model: 'm', response_format: { type: 'json_object' } })).text();
    await (await post('/api/chat', { model: 'm', messages: [] })).text();
    expect(double.requests.slice(from).map((r) => r.schema)).toEqual([schema, schema, undefined, undefined, undefined]);
  });

  it('records when the last byte of a reply left', async () => {
    double.script({ text: 'abc' });
    const before = performance.now();
    await (await post('/api/chat', { model: 'm', messages: [] })).text();
    const ended = double.requests.at(-1)!.endedAt!;
    expect(ended).toBeGreaterThan(before);
    expect(ended).toBeLessThanOrEqual(performance.now());
  });
});

describe('wire formats', () => {
  it('Ollama chat: NDJSON messages, then done with done_reason', async () => {
    double.script({ text: 'hello', chunkSize: 2 });
    const res = await post('/api/chat', { model: 'qwen', messages: [] });
    expect(res.headers.get('content-type')).toBe('application/x-ndjson');
    const lines = (await res.text()).trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((l) => l.message.content)).toEqual(['he', 'll', 'o', '']);
    expect(lines.at(-1)).toMatchObject({ model: 'qwen', done: true, done_reason: 'stop' });
    expect(lines.slice(0, -1).every((l) => l.done === false)).toBe(true);
  });

  it('Ollama generate: NDJSON responses', async () => {
    double.script({ text: 'abc', chunkSize: 2 });
    const lines = (await (await post('/api/generate', { model: 'm', prompt: 'p' })).text()).trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((l) => l.response)).toEqual(['ab', 'c', '']);
    expect(lines.at(-1)).toMatchObject({ done: true, done_reason: 'stop' });
  });

  it.each(['/v1/chat/completions', '/chat/completions'])('OpenAI chat at %s: SSE deltas, finish_reason, [DONE]', async (path) => {
    double.script({ text: 'hey', chunkSize: 2 });
    const res = await post(path, { model: 'gpt' });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = (await res.text()).split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.replace(/^data: /, '')));
    expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '' });
    expect(chunks.map((c) => c.choices[0].delta.content ?? '').join('')).toBe('hey');
    expect(chunks.at(-1).choices[0].finish_reason).toBe('stop');
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === 'gpt')).toBe(true);
  });

  it('OpenAI completions: SSE choices[0].text', async () => {
    double.script({ text: 'xyz', chunkSize: 1 });
    const events = (await (await post('/v1/completions', { model: 'c' })).text()).split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    expect(events.slice(0, -1).map((e) => JSON.parse(e.slice(6)).choices[0].text).join('')).toBe('xyz');
  });

  it('splits by code points, never inside a character', () => {
    expect(splitText('a😀bç', 1)).toEqual(['a', '😀', 'b', 'ç']);
    expect(splitText('abcdefghij', 8)).toEqual(['abcdefgh', 'ij']);
    expect(splitText('', 8)).toEqual([]);
  });
});

describe('scripting and recording', () => {
  it('serves queued replies first, then the handler, then the default; records every request', async () => {
    const local = await startModelDouble();
    try {
      expect((await fetch(`${local.url}/api/chat`, { method: 'POST', body: '{}' })).status).toBe(500);
      local.setDefault({ text: 'default' });
      local.script({ text: 'first' });
      const read = async () => (await (await fetch(`${local.url}/api/generate`, { method: 'POST', body: '{"model":"m"}' })).text()).match(/"response":"(\w+)"/)?.[1];
      expect(await read()).toBe('first');
      expect(await read()).toBe('default');
      local.onRequest((req) => ({ text: `echo${(req.body as { model: string }).model}` }));
      expect(await read()).toBe('echom');
      await local.waitForRequests(4);
      expect(local.requests.map((r) => r.path)).toEqual(['/api/chat', '/api/generate', '/api/generate', '/api/generate']);
      expect(local.requests[1]).toMatchObject({ body: { model: 'm' }, closedEarly: false });
    } finally {
      await local.close();
    }
  });

  it('answers HTTP errors with the scripted JSON body, and unknown routes with 404', async () => {
    double.script({ text: '', status: 503, errorBody: { error: { message: 'busy' } } });
    const res = await post('/v1/chat/completions', {});
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: { message: 'busy' } });
    expect((await post('/api/tags', {})).status).toBe(404);
  });

  it('notices a client that hangs up mid-reply', async () => {
    double.script({ text: 'x'.repeat(100), stallAfterChunks: 1 });
    const index = double.requests.length;
    const reader = (await post('/api/chat', {})).body!.getReader();
    await reader.read();
    await reader.cancel();
    await double.waitForClose(index);
    expect(double.requests[index].closedEarly).toBe(true);
  });
});

describe('standalone process', () => {
  it('prints its URL and serves the replies from the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'model-double-'));
    const file = join(dir, 'replies.json');
    writeFileSync(file, JSON.stringify({ script: [{ text: 'one' }], default: { text: 'two' } }));
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'cli.ts'), '--reply-file', file], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const { value: url } = await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const texts: Array<string | undefined> = [];
      for (let i = 0; i < 2; i++) {
        const body = await (await fetch(`${url}/v1/completions`, { method: 'POST', body: '{}' })).text();
        texts.push(body.match(/"text":"(\w+)"/)?.[1]);
      }
      expect(texts).toEqual(['one', 'two']);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
