import { describe, expect, it } from 'vitest';
import { DocumentStore, type ContentChange } from './documents.js';

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

  it('replaces the whole text for a change without a range', () => {
    const { docs } = store('a\n');
    docs.change({ textDocument: { uri: 'u', version: 5 }, contentChanges: [{ text: 'new\n' }] });
    expect(docs.get('u')!.buffer.getText()).toBe('new\n');
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
