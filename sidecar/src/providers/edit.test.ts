import { describe, expect, it } from 'vitest';
import type { ModelDouble } from '@redline/model-double';
import { useModelDouble } from '@redline/model-double/suite';
import { editBudget } from '../edit/budget.js';
import { streamEdit, type EditRequest } from './edit.js';
import { ModelError, type ModelEndpoint } from './types.js';

let double: ModelDouble;
useModelDouble((started) => (double = started));

const settings = { maxEditTokens: 8192, maxContextTokens: 32768 };
const request = (code: string, context = ''): EditRequest => ({
  messages: [
    { role: 'system', content: 'edit' },
    { role: 'user', content: `${context}${code}` },
  ],
  code,
});
const ep = (provider: 'ollama' | 'openai'): ModelEndpoint => ({ provider, endpoint: double.url, model: 'coder', apiKey: '', timeoutMs: 5000 });

async function run(provider: 'ollama' | 'openai', req: EditRequest): Promise<{ text: string; error?: ModelError }> {
  let text = '';
  try {
    for await (const piece of streamEdit(ep(provider), req, new AbortController().signal, settings)) text += piece;
    return { text };
  } catch (error) {
    expect(error).toBeInstanceOf(ModelError);
    return { text, error: error as ModelError };
  }
}

describe.each(['ollama', 'openai'] as const)('streamEdit (%s)', (provider) => {
  it("sends the selection's token limit and no temperature; Ollama is told to refuse rather than cut", async () => {
    double.script({ text: 'x = 2\n' });
    expect(await run(provider, request('x = 1\n'))).toEqual({ text: 'x = 2\n' });
    const body = double.requests[0].body as Record<string, unknown>;
    const limit = editBudget(10, 6, settings).maxTokens;
    if (provider === 'ollama') {
      expect(body.options).toEqual({ num_predict: limit });
      expect(body).toMatchObject({ truncate: false, shift: false });
    } else {
      expect(body.max_tokens).toBe(limit);
      expect(body).not.toHaveProperty('truncate');
    }
    expect(JSON.stringify(body)).not.toMatch(/temperature/);
  });

  it('asks Ollama for a larger window only when the prompt and the limit need one', async () => {
    const code = 'value = compute(value)\n'.repeat(300);
    double.script({ text: code });
    await run(provider, request(code));
    const body = double.requests[0].body as { options?: Record<string, unknown>; max_tokens?: number };
    const budget = editBudget(code.length + 4, code.length, settings);
    expect(budget.contextTokens).toBe(16384);
    if (provider === 'ollama') expect(body.options).toEqual({ num_predict: budget.maxTokens, num_ctx: 16384 });
    else expect(body.max_tokens).toBe(budget.maxTokens);
  });

  it('turns a reply ended by the length limit into an error, after streaming what came', async () => {
    double.script({ text: 'def total(items):\n    s = 0\n', finishReason: 'length' });
    const { text, error } = await run(provider, request('def total(items):\n    return sum(items)\n'));
    expect(text).toBe('def total(items):\n    s = 0\n');
    expect(error).toMatchObject({ kind: 'truncated' });
    expect(error!.message).toMatch(/^The model's reply was cut off at 1,056 tokens, the limit for a selection this size/);
  });

  it('passes a reply that stopped by itself', async () => {
    double.script({ text: 'y = 1\n', finishReason: 'stop' });
    expect((await run(provider, request('x = 1\n'))).error).toBeUndefined();
  });

  it('adds what to change when the server refuses a prompt longer than its context window', async () => {
    const said = provider === 'ollama' ? 'the input length exceeds the context length' : 'the request exceeds the available context size, try increasing it';
    double.script({ text: '', status: 400, errorBody: { error: provider === 'ollama' ? said : { code: 400, message: said, type: 'exceed_context_size_error' } } });
    const { error } = await run(provider, request('x = 1\n'));
    expect(error).toMatchObject({ kind: 'http', status: 400 });
    expect(error!.message).toContain(said);
    expect(error!.message).toMatch(/The prompt does not fit the model's context window: select fewer lines, or /);
  });
});

describe('streamEdit (ollama) and a prompt Ollama cut', () => {
  it('sees it in a prompt_eval_count far below the prompt, and fails', async () => {
    const context = 'line of context above the code\n'.repeat(200);
    double.script({ text: 'y = 1\n', promptTokens: 512 });
    const { error } = await run('ollama', request('x = 1\n', context));
    expect(error).toMatchObject({ kind: 'truncated' });
    expect(error!.message).toMatch(/^The model server cut the prompt to 512 tokens to fit the model's context window \(it holds about 1,035 or more\)/);
  });
});
