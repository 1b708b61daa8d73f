import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MB, heapUsedAfterGc } from '../../test/harness/heap.js';
import { TextBuffer, detached } from './textBuffer.js';

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
    expect(new TextBuffer('old\rmac\r').eol).toBe('\r');
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

  it('keeps lines and offsets right through any sequence of replaces, CR LF pairs split and joined included (property)', () => {
    // Oracle: the text kept as a plain string, lines found by splitting it at every line break.
    const piece = fc.constantFrom('a', 'bc', '😀', '\n', '\r', '\r\n', '');
    const text = fc.array(piece, { maxLength: 12 }).map((p) => p.join(''));
    const edit = fc.record({ from: fc.nat(), to: fc.nat(), text });
    fc.assert(
      fc.property(text, fc.array(edit, { maxLength: 8 }), (initial, edits) => {
        const buffer = new TextBuffer(initial);
        let model = initial;
        for (const e of edits) {
          const [a, b] = [e.from % (model.length + 1), e.to % (model.length + 1)].sort((x, y) => x - y);
          buffer.replace({ start: buffer.positionAt(a), end: buffer.positionAt(b) }, e.text);
          // positionAt never points between CR and LF, so the replaced range may start or end one earlier.
          const start = model[a - 1] === '\r' && model[a] === '\n' ? a - 1 : a;
          const end = model[b - 1] === '\r' && model[b] === '\n' ? b - 1 : b;
          model = model.slice(0, start) + e.text + model.slice(end);
          const lines = model.split(/\r\n|\r|\n/);
          expect(buffer.getText()).toBe(model);
          expect(buffer.lines(0, buffer.lineCount)).toEqual(lines);
          let offset = 0;
          lines.forEach((line, i) => {
            expect(buffer.offsetAt({ line: i, character: 0 })).toBe(offset);
            expect(buffer.positionAt(offset + line.length)).toEqual({ line: i, character: line.length });
            offset += line.length + (model.startsWith('\r\n', offset + line.length) ? 2 : 1);
          });
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('TextBuffer clamps ranges as LSP does', () => {
  it('a character past its line is the line end, a line past the last the end of the text, an inverted range turned round', () => {
    const buffer = new TextBuffer('ab\ncd\n');
    expect(buffer.clamp({ start: { line: 0, character: 99 }, end: { line: 1, character: 1 } })).toEqual({ start: { line: 0, character: 2 }, end: { line: 1, character: 1 } });
    expect(buffer.clamp({ start: { line: 1_000_000_000, character: 5 }, end: { line: 1_000_000_001, character: 0 } })).toEqual({ start: { line: 2, character: 0 }, end: { line: 2, character: 0 } });
    expect(buffer.clamp({ start: { line: 1, character: 1 }, end: { line: 0, character: 1 } })).toEqual({ start: { line: 0, character: 1 }, end: { line: 1, character: 1 } });
  });

  it('a replace far past the end appends, and the line table does not grow to the line number', () => {
    const buffer = new TextBuffer('ab\ncd\n');
    buffer.replace({ start: { line: 1_000_000_000, character: 0 }, end: { line: 1_000_000_000, character: 3 } }, 'x\ny');
    expect(buffer.getText()).toBe('ab\ncd\nx\ny');
    expect(buffer.lineCount).toBe(4);
    buffer.replace({ start: { line: 1, character: 1 }, end: { line: 0, character: 1 } }, '-');
    expect(buffer.getText()).toBe('a-d\nx\ny');
  });
});

describe('detached', () => {
  // Each source is a flat string of 200 KB; 100 of them kept through their slices would be 20 MB.
  const sources = (count: number) => Array.from({ length: count }, (_, i) => `${i} ${'x'.repeat(200_000)}`);

  it('is the same text, keeping nothing of the string it was cut from (a plain slice keeps it all)', () => {
    const before = heapUsedAfterGc();
    const slices = sources(100).map((s) => s.slice(2, 100));
    const kept = heapUsedAfterGc() - before;
    const copies = sources(100).map((s) => detached(s.slice(2, 100)));
    const keptByCopies = heapUsedAfterGc() - before - kept;
    expect(copies).toEqual(slices);
    expect(kept).toBeGreaterThan(15 * MB);
    expect(keptByCopies).toBeLessThan(2 * MB);
  });
});
