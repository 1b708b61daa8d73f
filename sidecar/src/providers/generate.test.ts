import { describe, expect, it } from 'vitest';
import type { ModelDouble } from '@redline/model-double';
import { useModelDouble } from '@redline/model-double/suite';
import { streamGenerate, type GenerateRequest } from './generate.js';
import type { ModelEndpoint } from './types.js';

let double: ModelDouble;
useModelDouble((started) => (double = started));

const ep = (provider: 'ollama' | 'openai'): ModelEndpoint => ({ provider, endpoint: double.url, model: 'coder', apiKey: '', timeoutMs: 5000 });
const fim: GenerateRequest = { prompt: '<PRE> def f(', raw: true, numPredict: 64, temperature: 0.2, stop: ['<EOT>', '\n\n'] };

async function collect(stream: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of stream) text += piece;
  return text;
}

describe.each(['ollama', 'openai'] as const)('streamGenerate (%s)', (provider) => {
  it.each([1, 3, 8, 64])('reassembles the completion streamed %i characters at a time', async (chunkSize) => {
    const text = 'x, y):\n    return "naïve ✓" + x\n';
    double.script({ text, chunkSize });
    expect(await collect(streamGenerate(ep(provider), fim, new AbortController().signal))).toBe(text);
  });
});

describe('streamGenerate request bodies', () => {
  it('Ollama: /api/generate with raw prompt and sampling options', async () => {
    double.script({ text: 'a' });
    await collect(streamGenerate(ep('ollama'), fim, new AbortController().signal));
    expect(double.requests[0].path).toBe('/api/generate');
    expect(double.requests[0].body).toEqual({ model: 'coder', prompt: fim.prompt, raw: true, stream: true, options: { num_predict: 64, temperature: 0.2, stop: ['<EOT>', '\n\n'] } });
  });

  it('OpenAI-compatible: /v1/completions with suffix when given, max_tokens, temperature and stop', async () => {
    double.script({ text: 'a' }, { text: 'b' });
    await collect(streamGenerate(ep('openai'), { ...fim, suffix: ')\n' }, new AbortController().signal));
    await collect(streamGenerate(ep('openai'), { ...fim, stop: [] }, new AbortController().signal));
    expect(double.requests[0].path).toBe('/v1/completions');
    expect(double.requests[0].body).toEqual({ model: 'coder', prompt: fim.prompt, suffix: ')\n', max_tokens: 64, temperature: 0.2, stop: ['<EOT>', '\n\n'], stream: true });
    expect(double.requests[1].body).not.toHaveProperty('stop');
    expect(double.requests[1].body).not.toHaveProperty('suffix');
  });
});
