import { describe, expect, it } from 'vitest';
import { markedEditable, nextEditModelOf, replyLines, resolveFamily, type NextEditInput } from './format.js';

describe('resolveFamily', () => {
  it('picks a trained family by the model name, Sweep v2 by its version, else the instruct prompt', () => {
    expect(resolveFamily('auto', 'hf.co/sweepai/sweep-next-edit-1.5B-GGUF:Q8_0')).toBe('sweep');
    expect(resolveFamily('auto', 'hf.co/sweepai/sweep-next-edit-0.5B')).toBe('sweep');
    expect(resolveFamily('auto', 'hf.co/sweepai/sweep-next-edit-v2-7B-GGUF')).toBe('sweep-v2');
    expect(resolveFamily('auto', 'sweep-next-edit-v2:7b')).toBe('sweep-v2');
    expect(resolveFamily('auto', 'hf.co/zed-industries/zeta-GGUF')).toBe('zeta');
    expect(resolveFamily('auto', 'nate/instinct:latest')).toBe('instinct');
    expect(resolveFamily('auto', 'qwen2.5-coder:7b-instruct')).toBe('instruct');
  });
  it('gives a base Qwen coder (FIM) model the Sweep layout, a chat model or another base model the instruct prompt', () => {
    expect(resolveFamily('auto', 'qwen2.5-coder:1.5b-base', 'qwen')).toBe('sweep');
    expect(resolveFamily('auto', 'qwen2.5-coder:7b-instruct', 'qwen')).toBe('instruct');
    expect(resolveFamily('auto', 'deepseek-coder:1.3b-base', 'deepseek')).toBe('instruct');
    expect(resolveFamily('auto', 'llama3.1:8b', 'chat')).toBe('instruct');
  });
  it('lets the setting name the family whatever the model is called', () => {
    expect(resolveFamily('zeta', 'my-model')).toBe('zeta');
    expect(resolveFamily('sweep-v2', 'my-model', 'qwen')).toBe('sweep-v2');
  });
});

describe('nextEditModelOf', () => {
  const settings = { nextEditModel: '', completionModel: '', model: 'qwen2.5-coder:7b-instruct', fimTemplate: 'auto', nextEditTemplate: 'auto' as const };
  it('uses the completion model when no next-edit model is set, read with the completion template it is used with', () => {
    expect(nextEditModelOf({ ...settings, completionModel: 'qwen2.5-coder:1.5b-base' })).toEqual({ model: 'qwen2.5-coder:1.5b-base', family: 'sweep' });
    // The same model set up for chat-FIM is a chat model.
    expect(nextEditModelOf({ ...settings, completionModel: 'qwen2.5-coder:1.5b-base', fimTemplate: 'chat' }).family).toBe('instruct');
    expect(nextEditModelOf({ ...settings, completionModel: 'starcoder2:3b' }).family).toBe('instruct');
    expect(nextEditModelOf(settings)).toEqual({ model: 'qwen2.5-coder:7b-instruct', family: 'instruct' });
  });
  it('prefers the next-edit model, known by its own name', () => {
    expect(nextEditModelOf({ ...settings, completionModel: 'starcoder2:3b', fimTemplate: 'chat', nextEditModel: 'qwen2.5-coder:7b-base' })).toEqual({ model: 'qwen2.5-coder:7b-base', family: 'sweep' });
    expect(nextEditModelOf({ ...settings, nextEditModel: 'nate/instinct' }).family).toBe('instinct');
  });
});

describe('markers and replies', () => {
  it('puts the cursor marker into the editable line it is on', () => {
    const input: NextEditInput = { path: 'a', languageId: 'ts', lines: ['x', 'abc', 'y'], first: 0, editable: { start: 1, end: 3 }, cursor: { line: 1, character: 2 }, edits: [], original: [], definitions: [], file: null };
    expect(markedEditable(input)).toEqual(['ab<|user_cursor_is_here|>c', 'y']);
  });
  it('reads CRLF like LF, drops the cursor marker and one final line break', () => {
    expect(replyLines('a<|user_cursor_is_here|>b\r\nc\r\n')).toEqual(['ab', 'c']);
    expect(replyLines('a\n\n')).toEqual(['a', '']);
  });
});
