import { describe, expect, it } from 'vitest';
import { TextBuffer } from '@redline/shared-protocol';
import { DocumentStore, differingRange, type ContentChange } from './documents.js';

const range = (sl: number, sc: number, el: number, ec: number) => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } });

function store(text: string) {
  const docs = new DocumentStore();
  const changes: ContentChange[] = [];
  docs.onChange((c) => changes.push(c));
  docs.open({ textDocument: { uri: 'u', languageId: 'typescript', version: 1, text } });
  return { docs, changes };
}

describe('DocumentStore', () => {
  it('applies incremental changes in order, each listener seeing where it fell in the text before it', () => {
    const { docs, changes } = store('a\nbb\n');
    docs.change({ textDocument: { uri: 'u', version: 2 }, contentChanges: [{ range: range(0, 1, 0, 1), text: 'x' }, { range: range(0, 0, 1, 9), text: '>' }] });
    expect(docs.get('u')!.buffer.getText()).toBe('>\n');
    expect(docs.get('u')!.version).toBe(2);
    // The second change sees the first applied ("ax"); its end past the line end is clamped.
    expect(changes.map((c) => c.replaced)).toEqual([
      { start: { line: 0, character: 1 }, end: { line: 0, character: 1 }, startLineLength: 1, endLineLength: 1 },
      { start: { line: 0, character: 0 }, end: { line: 1, character: 2 }, startLineLength: 2, endLineLength: 2 },
    ]);
    expect(changes.every((c) => c.origin === undefined)).toBe(true);
  });

  it('replaces the whole text for a change without a range, told to listeners as the one range that differs', () => {
    const { docs, changes } = store('a\nkeep\nb\n');
    docs.change({ textDocument: { uri: 'u', version: 5 }, contentChanges: [{ text: 'a\nkept\nb\n' }] });
    expect(docs.get('u')!.buffer.getText()).toBe('a\nkept\nb\n');
    expect(changes.map((c) => [c.replaced, c.text])).toEqual([[{ start: { line: 1, character: 2 }, end: { line: 1, character: 4 }, startLineLength: 4, endLineLength: 4 }, 'pt']]);
    docs.replaceText('u', 6, 'a\nkept\nb\n');
    expect(changes).toHaveLength(1);
    expect(docs.get('u')!.version).toBe(6);
  });

  it('never splits a CRLF or a surrogate pair where the texts start or stop differing', () => {
    const at = (text: string, next: string) => {
      const buffer = new TextBuffer(text);
      const found = differingRange(buffer, next)!;
      buffer.replace(found.range, found.text);
      expect(buffer.getText()).toBe(next);
      return found;
    };
    expect(at('a\r\nb', 'a\nb').range).toEqual({ start: { line: 0, character: 1 }, end: { line: 1, character: 0 } });
    expect(at('x😀y', 'x😁y').range).toEqual({ start: { line: 0, character: 1 }, end: { line: 0, character: 3 } });
    expect(at('ab\r\n', 'ab\n\r\n').text).toBe('\n');
    expect(differingRange(new TextBuffer('same'), 'same')).toBeNull();
  });

  it("applies a render's own edits bottom-up, tagged with their origin", () => {
    const { docs, changes } = store('one\ntwo\nthree\n');
    docs.applyOwn('u', [{ range: range(0, 0, 0, 3), newText: 'ONE' }, { range: range(2, 0, 2, 5), newText: 'THREE' }], 7, 'edit-1');
    expect(docs.get('u')!.buffer.getText()).toBe('ONE\ntwo\nTHREE\n');
    expect(docs.get('u')!.version).toBe(7);
    expect(changes.map((c) => [c.replaced!.start.line, c.origin])).toEqual([[2, 'edit-1'], [0, 'edit-1']]);
  });

  it('parses a document whose languageId it does not know by its extension', () => {
    const docs = new DocumentStore();
    docs.open({ textDocument: { uri: 'file:///src/App.tsx', languageId: 'TypeScript JSX', version: 0, text: '' } });
    expect(docs.get('file:///src/App.tsx')!.languageId).toBe('typescriptreact');
  });

  it('ignores changes to unknown documents; a second didOpen closes the first', () => {
    const { docs } = store('a\n');
    const closed: string[] = [];
    docs.onClose((uri) => closed.push(uri));
    docs.change({ textDocument: { uri: 'other', version: 2 }, contentChanges: [{ text: 'x' }] });
    expect(docs.get('other')).toBeUndefined();
    docs.open({ textDocument: { uri: 'u', languageId: 'typescript', version: 1, text: 'b\n' } });
    expect(closed).toEqual(['u']);
    expect(docs.get('u')!.buffer.getText()).toBe('b\n');
  });
});
