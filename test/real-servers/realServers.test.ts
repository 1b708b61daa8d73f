/**
 * End to end against real model servers: the packaged sidecar talking to llama.cpp's llama-server
 * (OpenAI-compatible API) and to Ollama (native API), both serving a tiny random-weight model. The
 * text is gibberish; what is checked is the wire: streaming, limits, cancellation reaching the
 * server, errors, and that nothing reaches the document unless it is a whole reply.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMINAL_STATES, type RedlineSettingsPatch } from '@redline/shared-protocol';
import type { RenderedDocument, SidecarClient } from '@redline/client';
import { packagedSidecar } from '../harness/packaged.js';
import { runInTerminal } from '../harness/terminal.js';
import { startRecorder, type Recorder } from './recorder.js';
import { connectionsTo } from './sockets.js';
import { assertBuilt, realServersState, startLlamaRouter, startLlamaServer, startOllama, type ModelName, type RunningServer } from './servers.js';

const state = realServersState();
if (!state.run) console.warn(state.reason);

// No six characters of it in a row spell part of a message: any such fragment is masked in logs.
const KEY = 'sk-7f3a9c1e5b2d8046';

const FIM_SOURCE = 'def add(a, b):\n    \n\nprint(add(1, 2))\n';
const QWEN_STOPS = ['<|endoftext|>', '<|fim_prefix|>', '<|fim_suffix|>', '<|fim_middle|>', '<|fim_pad|>', '<|repo_name|>', '<|file_sep|>', '<|im_start|>', '<|im_end|>'];

async function until(ready: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** 30 lines of Python: the selection is lines 10–19. */
const ORIGINAL = Array.from({ length: 30 }, (_, i) => (i % 5 === 0 ? `def f${i}(items):` : `    total_${i} = sum(item.price for item in items)`)).join('\n') + '\n';
const SELECTION = { start: { line: 10, character: 0 }, end: { line: 20, character: 0 } };

interface Target {
  name: string;
  /** Whether the server keeps a connection open after a streamed reply, for the next request. */
  keepsAlive: boolean;
  /** The model slow enough on this server to act mid-reply. */
  slow: ModelName;
  settings: (model: ModelName) => RedlineSettingsPatch;
  /** A request straight to the server that generates one token: answered only once the server is free. */
  ping: (model: ModelName) => Promise<Response>;
  /** What the server logs when a client hangs up mid-reply. */
  cancelled: RegExp;
  /** Replays a completion request unstreamed, for one token: how many prompt tokens the server read. */
  promptTokens: (body: Record<string, unknown>) => Promise<number>;
}

/** 400 lines of 50 characters, 320 of them selected: a prompt of well over 4,096 tokens for the test model. */
const BIG = Array.from({ length: 400 }, (_, i) => `    value_${String(i).padStart(3, '0')} = compute(value_${String(i).padStart(3, '0')}, items)`).join('\n') + '\n';
const BIG_SELECTION = { start: { line: 20, character: 0 }, end: { line: 340, character: 0 } };

let documents = 0;

/** Opens a document and starts an inline edit of `range` in it. */
async function edit(client: SidecarClient, text = ORIGINAL, range = SELECTION): Promise<{ doc: RenderedDocument; id: string }> {
  const doc = await client.openDocument(`file:///project/shop${++documents}.py`, 'python', text);
  const { sessionId } = await client.conn.sendRequest('redline/inlineEdit/start', { textDocument: { uri: doc.uri, version: doc.version }, range, instruction: 'make it faster' });
  return { doc, id: sessionId };
}

/** The session ends in error with a message matching every pattern, and the document is as it was. */
async function expectError(client: SidecarClient, text: string, range: typeof SELECTION, ...patterns: RegExp[]): Promise<string> {
  const { doc, id } = await edit(client, text, range);
  // A proposal waiting for a verdict ('done') is a failure too, not a wait.
  const status = await client.waitForStatus(id, ['done', ...TERMINAL_STATES]);
  expect(status.state, status.message).toBe('error');
  for (const pattern of patterns) expect(status.message).toMatch(pattern);
  expect(doc.text).toBe(text);
  expect(doc.marks.size).toBe(0);
  return status.message!;
}

/** The document with the proposal's removed lines taken out: what accepting it must leave. */
function proposalOf(doc: RenderedDocument, id: string): string {
  const removed = new Set<number>();
  for (const run of doc.marks.get(id)?.decorations.runs ?? []) if (run.kind === 'removed') for (let l = run.start; l < run.start + run.count; l++) removed.add(l);
  return doc.buffer
    .getText()
    .split('\n')
    .filter((_, line) => !removed.has(line))
    .join('\n');
}

/** Resolves once the session has put some of the reply into the document. */
async function firstRenderWithText(doc: RenderedDocument, id: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!doc.undoLog.some((e) => e.group === id && e.edits > 0)) {
    if (Date.now() > deadline) throw new Error('no render with text arrived');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The scenarios both servers must pass. `servers()` gives the running servers, started by the caller. */
function commonScenarios(target: () => Target, servers: () => { main: RunningServer; slow: RunningServer; recorder: Recorder; killable: () => Promise<RunningServer> }) {
  let client: SidecarClient | undefined;
  const sidecar = async (settings: RedlineSettingsPatch) => (client = await packagedSidecar({ requestTimeoutMs: 120_000, ...settings }));
  afterAll(() => client?.close());

  it('streams an inline edit into the document and accepts it', async () => {
    const c = await sidecar(target().settings('tiny'));
    const { doc, id } = await edit(c);
    const status = await c.waitForStatus(id, ['done', 'error', 'noChanges']);
    expect(status, status.message).toMatchObject({ state: 'done' });
    // Streamed: the reply reached the document over several renders before it was complete.
    expect(doc.undoLog.filter((e) => e.group === id && e.edits > 0).length).toBeGreaterThan(1);
    const proposal = proposalOf(doc, id);
    await c.conn.sendRequest('redline/inlineEdit/accept', { sessionId: id });
    expect((await c.waitForStatus(id)).state).toBe('accepted');
    expect(doc.text).toBe(proposal);
    expect(doc.text.split('\n').slice(0, 10).join('\n')).toBe(ORIGINAL.split('\n').slice(0, 10).join('\n'));
    expect(doc.marks.size).toBe(0);
    await c.close();
  });

  it('edits one after another reuse one connection to the server, none left idle beside it', async () => {
    const c = await sidecar(target().settings('tiny'));
    const port = Number(new URL(servers().main.url).port);
    const seen: number[][] = [];
    for (let i = 0; i < 3; i++) {
      const { id } = await edit(c);
      const status = await c.waitForStatus(id, ['done', 'error', 'noChanges']);
      expect(status.state, status.message).toBe('done');
      await c.conn.sendRequest('redline/inlineEdit/reject', { sessionId: id });
      await c.waitForStatus(id);
      seen.push(connectionsTo(c.child!.pid!, port));
    }
    // A dropped response body would close its connection and open a fresh one for the next request.
    if (target().keepsAlive) expect(seen).toEqual([seen[0], seen[0], seen[0]]);
    expect(seen[0]).toHaveLength(target().keepsAlive ? 1 : 0);
    await c.close();
  });

  it('a reply ended by the token limit is never proposed: error, document restored', async () => {
    const c = await sidecar({ ...target().settings('tiny-noeos'), maxEditTokens: 48 });
    await expectError(c, ORIGINAL, SELECTION, /^The model's reply was cut off at the maxEditTokens limit \(48 tokens\) before it was complete; nothing was changed\. Select fewer lines, or raise maxEditTokens\.$/);
    await c.close();
  });

  it('cancelling mid-reply reaches the server: it stops generating and serves the next request at once', async () => {
    const c = await sidecar(target().settings(target().slow));
    const { doc, id } = await edit(c);
    await firstRenderWithText(doc, id);
    const logFrom = servers().slow.log().length;
    await c.conn.sendRequest('redline/inlineEdit/cancel', { sessionId: id });
    expect((await c.waitForStatus(id)).state).toBe('cancelled');
    expect(doc.text).toBe(ORIGINAL);
    await servers().slow.waitForLog(target().cancelled, 20_000, logFrom);
    // One slot: had the reply gone on (a limit of over 1,000 tokens at some 50–80 a second), this
    // would wait for it.
    const started = Date.now();
    expect((await target().ping(target().slow)).ok).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    await c.close();
  });

  it('completes with the FIM template, sending the family stop tokens, and logs the outcome', async () => {
    const { recorder } = servers();
    const settings = target().settings('tiny');
    const c = await sidecar({ ...settings, endpoint: settings.provider === 'openai' ? `${recorder.url}/v1` : recorder.url, completionModel: 'tiny', fimTemplate: 'qwen', debounceWait: 0 });
    const doc = await c.openDocument('file:///project/add.py', 'python', FIM_SOURCE);
    const before = recorder.exchanges.length;
    const list = await c.conn.sendRequest('textDocument/inlineCompletion', { textDocument: { uri: doc.uri }, position: { line: 1, character: 4 }, context: { triggerKind: 1 } });
    const exchange = recorder.exchanges[before];
    const body = exchange.body as { prompt: string; stop?: string[]; options?: { stop?: string[] } };
    expect(exchange.path).toBe(settings.provider === 'openai' ? '/v1/completions' : '/api/generate');
    expect(body.prompt).toBe('<|fim_prefix|>def add(a, b):\n    <|fim_suffix|>\n\nprint(add(1, 2))\n<|fim_middle|>');
    expect(body.stop ?? body.options?.stop).toEqual(QWEN_STOPS);
    expect(exchange.status).toBe(200);
    // The markers reach the model as FIM tokens, one each: spelled out as text they take many more.
    const asSent = await target().promptTokens(body);
    const asText = await target().promptTokens({ ...body, prompt: body.prompt.replaceAll('<|', '<\u200b|') });
    expect(asText - asSent).toBeGreaterThanOrEqual(30);
    const text = list.items[0]?.insertText ?? '';
    for (const stop of QWEN_STOPS) expect(text).not.toContain(stop);
    await until(() => c.logs.some((l) => /^completion #\d+ [\d.]+ ms, \d+ chars, \d+ lines: /.test(l.message)));
    await c.close();
  });

  it('sends next-edit requests in each trained family’s raw prompt form, an instruct model’s as chat, and shows only a reply that reads as the window', async () => {
    const { recorder } = servers();
    const settings = target().settings('tiny');
    const openai = settings.provider === 'openai';
    const endpoint = openai ? `${recorder.url}/v1` : recorder.url;
    const source = 'def total(items):\n    count = 0\n    for item in items:\n        count += item.price\n    return count\n';
    const typed = source.replace('    count = 0', '    total = 0');
    for (const family of ['sweep', 'sweep-v2', 'zeta', 'instinct', 'instruct'] as const) {
      const c = await sidecar({ ...settings, endpoint, nextEditModel: 'tiny', nextEditTemplate: family, nextEditEnabled: true, debounceWait: 0 });
      const doc = await c.openDocument(`file:///project/next_${family}.py`, 'python', source);
      await doc.edit({ start: { line: 1, character: 4 }, end: { line: 1, character: 9 } }, 'total');
      const before = recorder.exchanges.length;
      const { suggestion } = await c.conn.sendRequest('redline/nextEdit', { textDocument: { uri: doc.uri, version: doc.version }, position: { line: 1, character: 9 }, trigger: 'invoked' });
      const exchange = recorder.exchanges[before];
      expect(exchange.status).toBe(200);
      expect(exchange.complete).toBe(true);
      const body = exchange.body as { prompt?: string; raw?: boolean; stop?: string[]; options?: { stop?: string[] }; messages?: Array<{ role: string; content: string }> };
      if (family === 'instruct') {
        expect(exchange.path).toBe(openai ? '/v1/chat/completions' : '/api/chat');
        expect(body.messages?.map((m) => m.role)).toEqual(['system', 'user']);
        expect(body.messages?.[1].content).toContain('<|editable_region_start|>\ndef total(items):\n    total<|user_cursor_is_here|> = 0\n');
      } else {
        expect(exchange.path).toBe(openai ? '/v1/completions' : '/api/generate');
        if (!openai) expect(body.raw).toBe(true);
        const stops = body.stop ?? body.options?.stop ?? [];
        const prompt = body.prompt!;
        if (family === 'sweep') {
          expect(prompt).toMatch(/<\|file_sep\|>current\/[^\n]*next_sweep\.py\ndef total\(items\):\n    total = 0\n/);
          expect(prompt).toMatch(/<\|file_sep\|>updated\/[^\n]*next_sweep\.py\n$/);
          expect(stops).toContain('<|file_sep|>');
        } else if (family === 'sweep-v2') {
          // The file first, then the block with line ranges on its headers and the caret marked.
          expect(prompt.startsWith(`<|file_sep|>`)).toBe(true);
          expect(prompt).toMatch(/<\|file_sep\|>current\/[^\n]*next_sweep-v2\.py:\d+:\d+\ndef total\(items\):\n    total<\|cursor\|> = 0\n/);
          expect(prompt).toMatch(/<\|file_sep\|>updated\/[^\n]*next_sweep-v2\.py:\d+:\d+\n$/);
          expect(stops).toEqual(expect.arrayContaining(['<|file_sep|>', '<|endoftext|>']));
        } else if (family === 'zeta') {
          expect(prompt.startsWith('### Instruction:\n')).toBe(true);
          expect(prompt).toContain('<|editable_region_start|>\ndef total(items):\n    total<|user_cursor_is_here|> = 0\n');
          expect(prompt.endsWith('### Response:\n')).toBe(true);
          expect(stops).toContain('<|editable_region_end|>');
        } else {
          expect(prompt.startsWith('<|im_start|>system\n')).toBe(true);
          expect(prompt.endsWith('<|im_end|>\n<|im_start|>assistant\n')).toBe(true);
          expect(stops).toContain('<|im_end|>');
          // Sent raw, the chat template's markers reach the model as its own tokens, one each.
          const asSent = await target().promptTokens(body);
          const asText = await target().promptTokens({ ...body, prompt: prompt.replaceAll('<|im_', '<\u200b|im_') });
          expect(asText - asSent).toBeGreaterThanOrEqual(20);
        }
      }
      await until(() => c.logs.some((l) => /^next edit #\d+ invoked: /.test(l.message)));
      // The model is random: whatever it wrote, only a reply read as the window becomes a proposal, which leaves nothing behind once rejected.
      if (suggestion?.sessionId) {
        await c.waitForStatus(suggestion.sessionId, ['done']);
        await c.conn.sendRequest('redline/inlineEdit/reject', { sessionId: suggestion.sessionId });
        await c.waitForStatus(suggestion.sessionId);
      }
      expect(doc.text).toBe(typed);
      expect(doc.marks.size).toBe(0);
      await c.close();
    }
  });

  it('a completion cut by its token limit is logged as such, not as the end of the reply', async () => {
    const c = await sidecar({ ...target().settings('tiny-noeos'), completionModel: 'tiny-noeos', fimTemplate: 'qwen', numPredictFim: 4, debounceWait: 0 });
    const doc = await c.openDocument('file:///project/cut.py', 'python', FIM_SOURCE);
    await c.conn.sendRequest('textDocument/inlineCompletion', { textDocument: { uri: doc.uri }, position: { line: 1, character: 4 }, context: { triggerKind: 1 } });
    await until(() => c.logs.some((l) => /^completion #\d+ /.test(l.message)));
    expect(c.logs.find((l) => /^completion #\d+ /.test(l.message))!.message).toMatch(/: token limit$/);
    await c.close();
  });

  it('a context overflow is a clear error that says what to change, the document untouched', async () => {
    const c = await sidecar(target().settings('tiny'));
    await expectError(c, BIG, BIG_SELECTION, /exceeds the (available )?context (size|length)/, /The prompt does not fit the model's context window: select fewer lines, or /);
    await c.close();
  });

  it('the server killed mid-reply leaves the file untouched, with a clear message (terminal client)', async () => {
    const server = await servers().killable();
    const file = join(mkdtempSync(join(tmpdir(), 'redline-real-')), 'shop.py');
    writeFileSync(file, ORIGINAL);
    const settings = target().settings(target().slow);
    const endpoint = server.url + (settings.provider === 'openai' ? '/v1' : '');
    const run = runInTerminal(['edit', file, '--lines', '11-20', '-m', 'make it faster', '--yes', '--provider', settings.provider!, '--endpoint', endpoint, '--model', settings.model!]);
    try {
      // The live picture shows an added line once the reply streams in.
      await run.waitFor(/^\s*\d*\s*\+/m, 90_000);
      server.child.kill('SIGKILL');
      expect((await run.exit).exitCode).toBe(1);
      expect((await run.rows()).join('\n')).toMatch(/mid-reply: the connection to the model server at \S+(\n\S+)? broke/); // the address may wrap
      expect(readFileSync(file, 'utf8')).toBe(ORIGINAL);
    } finally {
      run.kill();
    }
  });
}

describe.skipIf(!state.run)('real model servers', () => {
  describe('llama.cpp llama-server (provider openai)', () => {
    let main: RunningServer;
    let noEos: RunningServer;
    let slow: RunningServer;
    let recorder: Recorder;
    const extra: RunningServer[] = [];
    beforeAll(async () => {
      assertBuilt('llama-server');
      // One model per server: a single-model llama-server serves whatever model a request names.
      [main, noEos, slow] = await Promise.all((['tiny', 'tiny-noeos', 'large-noeos'] as const).map((model) => startLlamaServer({ model, apiKey: KEY })));
      recorder = await startRecorder(main.url);
    }, 120_000);
    afterAll(async () => {
      await recorder?.close();
      await Promise.all([main, noEos, slow, ...extra].map((s) => s?.stop()));
    });

    const serving = (model: ModelName) => ({ tiny: main, 'tiny-noeos': noEos, 'large-noeos': slow, 'medium-noeos': undefined })[model]!;
    const target = (): Target => ({
      name: 'llama-server',
      // It closes the connection after every streamed reply (a second request on it finds it closed).
      keepsAlive: false,
      slow: 'large-noeos',
      // The HTTP side cancels the task; the slot stops at the next token and is free again.
      cancelled: /cancel task, id_task = \d+[\s\S]*stop processing/,
      settings: (model) => ({ provider: 'openai', endpoint: `${serving(model).url}/v1`, model, apiKey: KEY }),
      ping: (model) =>
        fetch(`${serving(model).url}/v1/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
          body: JSON.stringify({ model, prompt: 'x', max_tokens: 1 }),
        }),
      promptTokens: async (body) => {
        const answer = await fetch(`${main.url}/v1/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
          body: JSON.stringify({ ...body, stream: false, max_tokens: 1 }),
        });
        return ((await answer.json()) as { usage: { prompt_tokens: number } }).usage.prompt_tokens;
      },
    });
    it('a bad API key is a clear 401 that names the setting and never the key', async () => {
      const client = await packagedSidecar({ ...target().settings('tiny'), apiKey: 'sk-wrong-key-123456' });
      try {
        const message = await expectError(client, ORIGINAL, SELECTION, /^.+ \(401 Unauthorized from the model server at http:\/\/127\.0\.0\.1:\d+\/v1, \/v1\/chat\/completions\)\. Check the API key setting\.$/);
        expect(message).not.toContain('sk-wrong');
      } finally {
        await client.close();
      }
    });

    it('the ollama provider pointed at its /v1 says to set provider to openai', async () => {
      const client = await packagedSidecar({ provider: 'ollama', endpoint: `${main.url}/v1`, model: 'tiny', apiKey: KEY });
      try {
        await expectError(client, ORIGINAL, SELECTION, /404 Not Found from the model server at \S+, \/api\/chat\)\. This looks like an OpenAI-compatible server: set provider to openai\.$/);
      } finally {
        await client.close();
      }
    });

    it('a wrong model name (a server with several models) is a clear error naming the model setting', async () => {
      const router = await startLlamaRouter();
      extra.push(router);
      const client = await packagedSidecar({ provider: 'openai', endpoint: `${router.url}/v1`, model: 'no-such-model' });
      try {
        await expectError(client, ORIGINAL, SELECTION, /no-such-model/, /not found/, /Check the model setting\.$/);
      } finally {
        await client.close();
      }
    });

    commonScenarios(target, () => ({
      main,
      slow,
      recorder,
      killable: async () => {
        const server = await startLlamaServer({ model: 'large-noeos' });
        extra.push(server);
        return server;
      },
    }));
  });

  describe('Ollama (provider ollama)', () => {
    let ollama: RunningServer;
    let recorder: Recorder;
    const extra: RunningServer[] = [];
    beforeAll(async () => {
      assertBuilt('ollama');
      ollama = await startOllama();
      recorder = await startRecorder(ollama.url);
    }, 300_000);
    afterAll(async () => {
      await recorder?.close();
      await Promise.all([ollama, ...extra].map((s) => s?.stop()));
    });

    const target = (): Target => ({
      name: 'ollama',
      keepsAlive: true,
      slow: 'medium-noeos',
      // The access log shows the request ending and the scheduler frees the runner, in either order.
      cancelled: /^(?=[\s\S]*context for request finished)(?=[\s\S]*POST\s+"\/api\/chat")/,
      settings: (model) => ({ provider: 'ollama', endpoint: ollama.url, model }),
      ping: (model) => fetch(`${ollama.url}/api/generate`, { method: 'POST', body: JSON.stringify({ model, prompt: 'x', stream: false, options: { num_predict: 1 } }) }),
      promptTokens: async (body) => {
        const options = { ...(body.options as object), num_predict: 1 };
        const answer = await fetch(`${ollama.url}/api/generate`, { method: 'POST', body: JSON.stringify({ ...body, stream: false, options }) });
        return ((await answer.json()) as { prompt_eval_count: number }).prompt_eval_count;
      },
    });
    it("a wrong model name is Ollama's 404 with how to fix it", async () => {
      const client = await packagedSidecar({ provider: 'ollama', endpoint: ollama.url, model: 'no-such-model' });
      try {
        await expectError(client, ORIGINAL, SELECTION, /^model '?no-such-model'? not found \(404 Not Found from the model server at \S+, \/api\/chat\)\. Check the model setting: `ollama list` shows the models installed, `ollama pull no-such-model` fetches this one\.$/);
      } finally {
        await client.close();
      }
    });

    commonScenarios(target, () => ({
      main: ollama,
      slow: ollama,
      recorder,
      killable: async () => {
        const server = await startOllama();
        extra.push(server);
        return server;
      },
    }));
  });
});
