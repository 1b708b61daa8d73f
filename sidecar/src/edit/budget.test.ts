import { describe, expect, it } from 'vitest';
import { cutShort, editBudget, OLLAMA_DEFAULT_CONTEXT_TOKENS, REPLY_HEADROOM_TOKENS } from './budget.js';

const settings = { maxEditTokens: 8192, maxContextTokens: 32768 };

describe('editBudget', () => {
  it('allows twice the selection (2.5 characters a token) plus headroom, up to maxEditTokens', () => {
    expect(editBudget(2000, 500, settings)).toMatchObject({ maxTokens: 2 * 200 + REPLY_HEADROOM_TOKENS, limitedBySetting: false });
    expect(editBudget(2000, 0, settings).maxTokens).toBe(REPLY_HEADROOM_TOKENS);
    // 2,000 lines of 40 characters: far past the setting.
    expect(editBudget(90_000, 80_000, settings)).toMatchObject({ maxTokens: 8192, limitedBySetting: true });
    expect(editBudget(100, 100, { ...settings, maxEditTokens: 0 }).maxTokens).toBe(1);
  });

  it("leaves Ollama's window alone while the prompt and the limit fit its default, else the next power of two up to maxContextTokens", () => {
    expect(editBudget(1000, 200, settings).contextTokens).toBeUndefined();
    const needed = (promptChars: number, codeChars: number) => Math.ceil(promptChars / 2.5) + editBudget(promptChars, codeChars, settings).maxTokens;
    expect(needed(6000, 1000)).toBeGreaterThan(OLLAMA_DEFAULT_CONTEXT_TOKENS);
    expect(editBudget(6000, 1000, settings)).toMatchObject({ contextTokens: 8192, contextCapped: false });
    expect(editBudget(40_000, 20_000, settings)).toMatchObject({ contextTokens: 32768, contextCapped: false });
    expect(editBudget(90_000, 80_000, settings)).toMatchObject({ contextTokens: 32768, contextCapped: true });
    // A cap under Ollama's default never shrinks the window below it.
    expect(editBudget(40_000, 20_000, { ...settings, maxContextTokens: 100 }).contextTokens).toBe(OLLAMA_DEFAULT_CONTEXT_TOKENS);
  });
});

describe('cutShort', () => {
  const small = editBudget(1200, 300, settings);
  const large = editBudget(90_000, 80_000, settings);

  it('passes a reply that stopped by itself, with a plausible prompt count', () => {
    expect(cutShort({ reason: 'stop' }, small, 'ollama')).toBeNull();
    expect(cutShort({ reason: 'stop', promptTokens: 300, replyTokens: 90 }, small, 'ollama')).toBeNull();
    expect(cutShort({ reason: 'unknown' }, small, 'openai')).toBeNull();
  });

  it('names the setting when maxEditTokens cut the reply', () => {
    expect(cutShort({ reason: 'length', replyTokens: 8192 }, large, 'openai')).toBe(
      "The model's reply was cut off at the maxEditTokens limit (8,192 tokens) before it was complete; nothing was changed. Select fewer lines, or raise maxEditTokens.",
    );
  });

  it("blames the model's verbosity when the selection's size set the limit", () => {
    const message = cutShort({ reason: 'length' }, small, 'ollama')!;
    expect(message).toMatch(/^The model's reply was cut off at 1,264 tokens, the limit for a selection this size/);
    expect(message).toMatch(/ask for a smaller change, or split it into steps\.$/);
  });

  it('tells a full context window from the token limit by the reply count', () => {
    expect(cutShort({ reason: 'length', replyTokens: 37 }, small, 'openai')).toBe(
      "The model's reply was cut off after 37 tokens because the model's context window was full, before the reply was complete; nothing was changed. " +
        "Select fewer lines, or give the model server a larger context (llama.cpp's --ctx-size).",
    );
    expect(cutShort({ reason: 'length', replyTokens: 37 }, small, 'ollama')).toMatch(/raise the model's own num_ctx \(its Modelfile, or OLLAMA_CONTEXT_LENGTH\)\.$/);
    expect(cutShort({ reason: 'length', replyTokens: 37 }, large, 'ollama')).toMatch(/raise maxContextTokens \(32,768 tokens now\)\.$/);
  });

  it('takes a prompt count far below the prompt, or one filling the whole window, for a prompt Ollama cut', () => {
    // 1,200 characters hold at least 200 tokens.
    expect(cutShort({ reason: 'stop', promptTokens: 150 }, small, 'ollama')).toBe(
      "The model server cut the prompt to 150 tokens to fit the model's context window (it holds about 200 or more), so the model did not see all of the code; " +
        "nothing was changed. Select fewer lines, or raise the model's own num_ctx (its Modelfile, or OLLAMA_CONTEXT_LENGTH).",
    );
    expect(cutShort({ reason: 'stop', promptTokens: 32768 }, large, 'ollama')).toMatch(/^The model server cut the prompt to 32,768 tokens/);
    expect(cutShort({ reason: 'stop', promptTokens: 20_000 }, large, 'ollama')).toBeNull();
  });
});
