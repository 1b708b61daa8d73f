import { describe, expect, it } from 'vitest';
import type { ModelDouble } from '@redline/model-double';
import { useModelDouble } from '@redline/model-double/suite';
import { extractEditedCode } from '../edit/extract.js';
import type { ChatMessage } from '../edit/prompt.js';
import { streamChat } from './chat.js';
import type { ModelEndpoint } from './types.js';

let double: ModelDouble;
useModelDouble((started) => (double = started));

const messages: ChatMessage[] = [
  { role: 'system', content: 'edit' },
  { role: 'user', content: 'make it better' },
];
const endpoints = (): Record<string, ModelEndpoint> => ({
  ollama: { provider: 'ollama', endpoint: double.url, model: 'qwen', apiKey: '', timeoutMs: 5000 },
  openai: { provider: 'openai', endpoint: `${double.url}/v1`, model: 'gpt', apiKey: 'sk-test-key', timeoutMs: 5000 },
});

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}

describe.each(['ollama', 'openai'])('streamChat (%s)', (provider) => {
  const text = 'function añadir(a, b) {\n  return a + b; // 😀 ünïcode\n}\n';

  it.each([1, 3, 8, 64])('reassembles the reply streamed %i characters at a time', async (chunkSize) => {
    double.script({ text, chunkSize });
    const pieces = await collect(streamChat(endpoints()[provider], messages, new AbortController().signal));
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBe(Math.ceil(Array.from(text).length / chunkSize));
  });

  it('sends the model, the messages and stream: true to the right path, without temperature', async () => {
    double.script({ text: 'x' });
    await collect(streamChat(endpoints()[provider], messages, new AbortController().signal));
    const [request] = double.requests;
    expect(request.path).toBe(provider === 'ollama' ? '/api/chat' : '/v1/chat/completions');
    expect(request.body).toEqual({ model: provider === 'ollama' ? 'qwen' : 'gpt', messages, stream: true });
    expect(JSON.stringify(request.body)).not.toMatch(/temperature/);
  });

  it('passes a token limit and temperature when asked (chat-FIM completions)', async () => {
    double.script({ text: 'x' });
    await collect(streamChat(endpoints()[provider], messages, new AbortController().signal, { numPredict: 64, temperature: 0.1 }));
    const body = double.requests[0].body as Record<string, unknown>;
    if (provider === 'ollama') expect(body.options).toEqual({ num_predict: 64, temperature: 0.1 });
    else expect(body).toMatchObject({ max_tokens: 64, temperature: 0.1 });
  });

  it('sends the bearer key only when one is set', async () => {
    double.script({ text: 'x' });
    await collect(streamChat(endpoints()[provider], messages, new AbortController().signal));
    expect(double.requests[0].headers.authorization).toBe(provider === 'openai' ? 'Bearer sk-test-key' : undefined);
  });

  it('delivers think blocks and fences that extractEditedCode strips at every chunk', async () => {
    const code = 'const total = items.reduce((a, b) => a + b, 0);\n';
    double.script({ text: `<think>\nThe user wants a sum. Use \`reduce\`.\n</think>\n\nHere it is:\n\`\`\`typescript\n${code}\`\`\`\nHope this helps!`, chunkSize: 3 });
    let reply = '';
    for await (const piece of streamChat(endpoints()[provider], messages, new AbortController().signal)) {
      reply += piece;
      // Chatter may show until its fence arrives (a reply with no fence is taken verbatim); reasoning and backticks never.
      expect(extractEditedCode(reply)).not.toMatch(/think|sum|`/);
    }
    expect(extractEditedCode(reply)).toBe(code);
  });
});

describe('streamChat endpoint spelling', () => {
  it('appends /v1 to an OpenAI-compatible endpoint that lacks it', async () => {
    double.script({ text: 'ok' });
    const pieces = await collect(streamChat({ ...endpoints().openai, endpoint: double.url, apiKey: '' }, messages, new AbortController().signal));
    expect(pieces.join('')).toBe('ok');
    expect(double.requests[0].path).toBe('/v1/chat/completions');
    expect(double.requests[0].headers.authorization).toBeUndefined();
  });
});
