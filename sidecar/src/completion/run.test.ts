import { describe, expect, it } from 'vitest';
import { startModelDouble } from '@redline/model-double';
import { streamChat } from '../providers/chat.js';
import { streamGenerate, type GenerateRequest } from '../providers/generate.js';
import { ModelError, type ModelEndpoint, type ReplyEnd } from '../providers/types.js';
import { extractContext } from './context.js';
import { runCompletion, type CompletionCall, type ModelCalls } from './run.js';
import { CHAT_TEMPLATE, FAMILIES } from './templates.js';

const endpoint: ModelEndpoint = { provider: 'ollama', endpoint: 'http://model', model: 'qwen2.5-coder', apiKey: '', timeoutMs: 1000 };
const text = 'function f() {\n  \n}\n';
const call: CompletionCall = {
  endpoint,
  template: FAMILIES.qwen,
  context: extractContext(text, text.indexOf('\n  ') + 3),
  languageId: 'typescript',
  shape: { multiline: true },
  brackets: { inherited: 0, lacking: 0 },
  maxLines: 40,
  numPredict: 128,
  temperature: 0.1,
};

interface Seen {
  requests: GenerateRequest[];
  signals: AbortSignal[];
  closed: number;
}

/** A model that yields `chunks`, then (with `hang`) waits until its signal aborts, as a real stream would; else it ends as `end` says. */
function fakeModel(chunks: string[], hang = false, end: ReplyEnd = { reason: 'stop' }): ModelCalls & { seen: Seen } {
  const seen: Seen = { requests: [], signals: [], closed: 0 };
  async function* reply(signal: AbortSignal): AsyncGenerator<string, ReplyEnd> {
    try {
      for (const chunk of chunks) yield chunk;
      if (hang) await new Promise((_, reject) => signal.addEventListener('abort', () => reject(new ModelError('aborted', 'aborted'))));
      return end;
    } finally {
      seen.closed++;
    }
  }
  return {
    seen,
    generate: (_ep, req, signal) => {
      seen.requests.push(req);
      seen.signals.push(signal);
      return reply(signal);
    },
    chat: (_ep, _messages, signal) => {
      seen.signals.push(signal);
      return reply(signal);
    },
  };
}

describe('runCompletion', () => {
  it('sends the FIM prompt with the family stop tokens and sampling settings', async () => {
    const model = fakeModel(['return 1;']);
    await runCompletion(model, call, new AbortController().signal);
    expect(model.seen.requests[0]).toEqual({
      prompt: '<|fim_prefix|>function f() {\n  <|fim_suffix|>\n}\n<|fim_middle|>',
      raw: true,
      numPredict: 128,
      temperature: 0.1,
      stop: FAMILIES.qwen.stops,
    });
  });

  it('hangs up as soon as the stream has decided', async () => {
    const model = fakeModel(['return 1;\n', '\n', 'more();\n'], true);
    const result = await runCompletion(model, call, new AbortController().signal);
    expect(result).toEqual({ text: 'return 1;', reason: 'blank line' });
    expect(model.seen.signals[0].aborted).toBe(true);
    expect(model.seen.closed).toBe(1);
  });

  it('keeps what arrived when the deadline passes', async () => {
    const model = fakeModel(['return 1;\n  x('], true);
    const result = await runCompletion(model, { ...call, deadlineMs: 20 }, new AbortController().signal);
    expect(result).toEqual({ text: 'return 1;', reason: 'timeout' });
    expect(model.seen.signals[0].aborted).toBe(true);
  });

  it('rejects with the provider\'s cancellation when the request is cancelled, and the server sees the request close', async () => {
    const double = await startModelDouble();
    try {
      double.script({ text: 'return 1;'.repeat(40), chunkSize: 2, delayMs: 20 });
      const cancel = new AbortController();
      // A long idle timeout: on a loaded machine the first request may take over a second to reach the double, and the watchdog must not end it first.
      const running = runCompletion({ generate: streamGenerate, chat: streamChat }, { ...call, endpoint: { ...endpoint, endpoint: double.url, timeoutMs: 30_000 } }, cancel.signal);
      await double.waitForRequests(1);
      cancel.abort();
      await expect(running).rejects.toMatchObject({ kind: 'aborted', message: `The request to the model server at ${double.url} was cancelled.` });
      await double.waitForClose(0);
    } finally {
      await double.close();
    }
  });

  it('names the token limit when it ended the reply, and keeps only the lines that were complete', async () => {
    const model = fakeModel(['return 1;\n', '  x = f('], false, { reason: 'length' });
    expect(await runCompletion(model, call, new AbortController().signal)).toEqual({ text: 'return 1;', reason: 'token limit' });
    const whole = fakeModel(['return 1;\n', '  x = f();'], false, { reason: 'stop' });
    expect(await runCompletion(whole, call, new AbortController().signal)).toEqual({ text: 'return 1;\n  x = f();', reason: 'end of reply' });
  });

  it('reads the token limit from the wire: Ollama done_reason and OpenAI finish_reason "length"', async () => {
    const double = await startModelDouble();
    try {
      for (const provider of ['ollama', 'openai'] as const) {
        double.script({ text: 'return 1;\n  x = f(', finishReason: 'length' });
        const result = await runCompletion({ generate: streamGenerate, chat: streamChat }, { ...call, endpoint: { ...endpoint, provider, endpoint: double.url } }, new AbortController().signal);
        expect(result, provider).toEqual({ text: 'return 1;', reason: 'token limit' });
      }
    } finally {
      await double.close();
    }
  });

  it('asks a chat-only model through chat and unwraps its fenced reply', async () => {
    const model = fakeModel(['```ts\n', 'return 1;\n', '```\n', 'Done.']);
    const result = await runCompletion(model, { ...call, template: CHAT_TEMPLATE }, new AbortController().signal);
    expect(result).toEqual({ text: 'return 1;', reason: 'closing fence' });
    expect(model.seen.requests).toHaveLength(0);
  });
});
