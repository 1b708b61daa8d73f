import { describe, expect, it } from 'vitest';
import { TextBuffer } from './textBuffer.js';

describe('TextBuffer', () => {
  it('maps LSP positions to UTF-16 offsets and back, surrogate pairs counting twice', () => {
    const b = new TextBuffer('a😀b\nxy\n');
    expect(b.lineAt(0)).toBe('a😀b');
    expect(b.offsetAt({ line: 0, character: 3 })).toBe(3);
    expect(b.offsetAt({ line: 1, character: 1 })).toBe(6);
    expect(b.positionAt(6)).toEqual({ line: 1, character: 1 });
    expect(b.lineCount).toBe(3);
    expect(b.lineAt(2)).toBe('');
  });

  it('clamps a character past the line end and a line past the end', () => {
    const b = new TextBuffer('ab\ncd');
    expect(b.offsetAt({ line: 0, character: 99 })).toBe(2);
    expect(b.offsetAt({ line: 9, character: 0 })).toBe(5);
  });

  it('strips a CR from CRLF line ends', () => {
    expect(new TextBuffer('ab\r\ncd').lineAt(0)).toBe('ab');
  });

  it("names the document's line break by its first one, LF when there is none", () => {
    expect(new TextBuffer('a\r\nb\nc\n').eol).toBe('\r\n');
    expect(new TextBuffer('a\nb\r\n').eol).toBe('\n');
    expect(new TextBuffer('one line').eol).toBe('\n');
    const b = new TextBuffer('x');
    b.replace(undefined, 'x\r\ny');
    expect(b.eol).toBe('\r\n');
  });

  it('applies LSP edits that all refer to the same text', () => {
    const b = new TextBuffer('one\ntwo\nthree\n');
    b.applyEdits([
      { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } }, newText: 'ONE' },
      { range: { start: { line: 2, character: 0 }, end: { line: 3, character: 0 } }, newText: '' },
    ]);
    expect(b.getText()).toBe('ONE\ntwo\n');
  });

  it('clone is a snapshot unaffected by later edits', () => {
    const b = new TextBuffer('x\ny');
    const snap = b.clone();
    b.replace({ start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, 'z');
    expect(snap.getText()).toBe('x\ny');
    expect(b.getText()).toBe('z\ny');
  });
});
