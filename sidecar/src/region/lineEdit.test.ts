import { describe, expect, it } from 'vitest';
import { TextBuffer } from '@redline/shared-protocol';
import { replaceLinesEdit } from './lineEdit.js';

function apply(text: string, from: number, to: number, lines: string[]): string {
  const b = new TextBuffer(text);
  const edit = replaceLinesEdit(b, from, to, lines);
  if (edit) b.applyEdits([edit]);
  return b.getText();
}

describe('replaceLinesEdit', () => {
  it('trims to the characters that differ: a growing line is a small insertion', () => {
    const b = new TextBuffer('a\nbc\nz\n');
    expect(replaceLinesEdit(b, 1, 2, ['bcde'])).toEqual({ range: { start: { line: 1, character: 2 }, end: { line: 1, character: 2 } }, newText: 'de' });
  });

  it('returns null when nothing changes', () => {
    expect(replaceLinesEdit(new TextBuffer('a\nb\n'), 0, 2, ['a', 'b'])).toBeNull();
  });

  it('inserts, replaces and deletes whole lines in the middle', () => {
    expect(apply('a\nb\nc\n', 1, 1, ['x', 'y'])).toBe('a\nx\ny\nb\nc\n');
    expect(apply('a\nb\nc\n', 1, 2, ['x'])).toBe('a\nx\nc\n');
    expect(apply('a\nb\nc\n', 0, 2, [])).toBe('c\n');
  });

  it('handles a last line without a line break', () => {
    expect(apply('a\nb', 1, 2, ['x', 'y'])).toBe('a\nx\ny');
    expect(apply('a\nb', 1, 2, [])).toBe('a');
    expect(apply('a', 0, 1, [])).toBe('');
    expect(apply('a\nb', 2, 2, ['c'])).toBe('a\nb\nc');
  });

  it("writes new lines with the document's line break: CRLF stays CRLF", () => {
    expect(apply('a\r\nb\r\nc\r\n', 1, 1, ['x', 'y'])).toBe('a\r\nx\r\ny\r\nb\r\nc\r\n');
    expect(apply('a\r\nb\r\nc\r\n', 1, 2, ['x'])).toBe('a\r\nx\r\nc\r\n');
    expect(apply('a\r\nb\r\nc\r\n', 0, 2, [])).toBe('c\r\n');
    expect(apply('a\r\nb', 1, 2, ['x', 'y'])).toBe('a\r\nx\r\ny');
    expect(apply('a\r\nb', 2, 2, ['c'])).toBe('a\r\nb\r\nc');
  });

  it('deleting the last lines of a CRLF document takes the whole CRLF before them', () => {
    expect(apply('a\r\nb\r\nc', 1, 3, [])).toBe('a');
    expect(apply('a\r\nb', 1, 2, [])).toBe('a');
  });

  it('never splits a surrogate pair', () => {
    const b = new TextBuffer('😀\n');
    const edit = replaceLinesEdit(b, 0, 1, ['😃'])!;
    b.applyEdits([edit]);
    expect(b.getText()).toBe('😃\n');
    expect(edit.newText).toBe('😃'.slice(0));
  });
});
