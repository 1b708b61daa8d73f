import { describe, expect, it } from 'vitest';
import { markedEditable, replyLines, resolveFamily, windowAround } from './format.js';

describe('windowAround', () => {
  const shape = { above: 2, below: 3, context: 1 };
  it('takes the lines around the cursor line, then the context beyond them', () => {
    expect(windowAround(shape, 100, false, 50)).toEqual({ first: 47, end: 55, editable: { start: 48, end: 54 } });
  });
  it('is clamped to the document, without the empty line after a final line break', () => {
    expect(windowAround(shape, 5, true, 0)).toEqual({ first: 0, end: 4, editable: { start: 0, end: 4 } });
    expect(windowAround(shape, 5, false, 4)).toEqual({ first: 1, end: 5, editable: { start: 2, end: 5 } });
  });
  it('keeps the cursor line editable when the cursor is on that empty last line', () => {
    expect(windowAround(shape, 5, true, 4)).toEqual({ first: 1, end: 5, editable: { start: 2, end: 5 } });
  });
});

describe('resolveFamily', () => {
  it('picks a trained family by the model name, else the instruct prompt', () => {
    expect(resolveFamily('auto', 'hf.co/sweepai/sweep-next-edit-1.5B-GGUF:Q8_0')).toBe('sweep');
    expect(resolveFamily('auto', 'hf.co/zed-industries/zeta-GGUF')).toBe('zeta');
    expect(resolveFamily('auto', 'nate/instinct:latest')).toBe('instinct');
    expect(resolveFamily('auto', 'qwen2.5-coder:7b-instruct')).toBe('instruct');
  });
  it('lets the setting name the family whatever the model is called', () => {
    expect(resolveFamily('zeta', 'my-model')).toBe('zeta');
  });
});

describe('markers and replies', () => {
  it('puts the cursor marker into the editable line it is on', () => {
    const input = { path: 'a', languageId: 'ts', lines: ['x', 'abc', 'y'], first: 0, editable: { start: 1, end: 3 }, cursor: { line: 1, character: 2 }, edits: [], original: [] };
    expect(markedEditable(input)).toEqual(['ab<|user_cursor_is_here|>c', 'y']);
  });
  it('reads CRLF like LF, drops the cursor marker and one final line break', () => {
    expect(replyLines('a<|user_cursor_is_here|>b\r\nc\r\n')).toEqual(['ab', 'c']);
    expect(replyLines('a\n\n')).toEqual(['a', '']);
  });
});
