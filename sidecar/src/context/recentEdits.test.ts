import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DocumentStore } from '../server/documents.js';
import { MB, heapUsedAfterGc } from '../../../test/harness/heap.js';
import { RecentEdits, recentEditItems, renderEdit } from './recentEdits.js';

function setup(text: string) {
  const documents = new DocumentStore();
  const edits = new RecentEdits((uri) => documents.get(uri));
  documents.onChange((c) => edits.track(c));
  documents.open({ textDocument: { uri: 'file:///a.ts', languageId: 'typescript', version: 1, text } });
  let version = 1;
  const change = (sl: number, sc: number, el: number, ec: number, newText: string, origin?: string, uri = 'file:///a.ts') =>
    documents.change({ textDocument: { uri, version: ++version }, contentChanges: [{ range: { start: { line: sl, character: sc }, end: { line: el, character: ec } }, text: newText }] }, origin);
  return { documents, edits, change };
}

const TEXT = ['function total(items) {', '  let sum = 0;', '  return sum;', '}', ''].join('\n');

describe('RecentEdits', () => {
  it('coalesces typing on one line into one edit and renders it as a hunk', () => {
    const { edits, change } = setup(TEXT);
    for (const [i, ch] of [...'Math.round('].entries()) change(2, 9 + i, 2, 9 + i, ch);
    change(2, 23, 2, 23, ')');
    expect(edits.recent()).toHaveLength(1);
    expect(renderEdit(edits.recent()[0])).toBe('@@ -3,1 +3,1 @@\n-  return sum;\n+  return Math.round(sum);');
  });

  it('keeps an Enter and the new line typed after it in the same edit', () => {
    const { edits, change } = setup(TEXT);
    change(1, 14, 1, 14, '\n  let count = 0;');
    change(2, 16, 2, 16, ' // items');
    expect(edits.recent().map(renderEdit)).toEqual(['@@ -3,0 +3,1 @@\n+  let count = 0; // items']);
  });

  it('moves an edit down when lines are inserted above it, and forgets one a later change cuts through', () => {
    const { edits, change } = setup(TEXT);
    change(2, 2, 2, 8, 'yield');
    change(0, 0, 0, 0, '// header\n// more\n');
    expect(edits.recent().map((r) => [r.start, renderEdit(r)])).toEqual([
      [0, '@@ -1,0 +1,2 @@\n+// header\n+// more'],
      [4, '@@ -5,1 +5,1 @@\n-  return sum;\n+  yield sum;'],
    ]);
    change(3, 0, 6, 0, '');
    expect(edits.recent().map((r) => r.start)).toEqual([3, 0]);
    expect(edits.recent()[0].before).toEqual(['  let sum = 0;', '  yield sum;', '}', '']);
  });

  it('records nothing for renders, and an edit that undid itself renders as nothing', () => {
    const { edits, change } = setup(TEXT);
    change(1, 2, 1, 5, 'var', 'edit-1');
    expect(edits.recent()).toEqual([]);
    change(1, 2, 1, 5, 'const');
    change(1, 2, 1, 7, 'var');
    expect(recentEditItems(edits.recent(), () => 'a.ts')).toEqual([]);
  });

  it("moves edits below a render's lines, as the user's own changes do, without recording the render", () => {
    const { edits, change } = setup(TEXT);
    change(2, 2, 2, 8, 'yield');
    // A proposal's green line put in below line 0, then its red line taken out (an accepted hunk).
    change(1, 0, 1, 0, 'function sum(items) {\n', 'edit-1');
    expect(edits.recent().map((r) => r.start)).toEqual([3]);
    change(0, 0, 1, 0, '', 'edit-1');
    expect(edits.recent().map((r) => [r.start, renderEdit(r)])).toEqual([[2, '@@ -3,1 +3,1 @@\n-  return sum;\n+  yield sum;']]);
  });

  it('records an accepted hunk as the latest edit when the document reads it, forgetting an edit it overlaps', () => {
    const { edits, change } = setup(TEXT);
    change(0, 9, 0, 14, 'sum');
    // The hunk's renders put it into the document; then it is accepted.
    change(2, 9, 2, 12, 'total', 'edit-1');
    edits.accepted('file:///a.ts', 2, ['  return sum;'], ['  return total;']);
    expect(edits.recent().map(renderEdit)).toEqual(['@@ -3,1 +3,1 @@\n-  return sum;\n+  return total;', '@@ -1,1 +1,1 @@\n-function total(items) {\n+function sum(items) {']);
    change(0, 12, 0, 12, '2', 'edit-2');
    edits.accepted('file:///a.ts', 0, ['function sum(items) {'], ['function sum2(items) {']);
    expect(edits.recent().map(renderEdit)).toEqual(['@@ -1,1 +1,1 @@\n-function sum(items) {\n+function sum2(items) {', '@@ -3,1 +3,1 @@\n-  return sum;\n+  return total;']);
    // A hunk the document does not read (it changed since) is not recorded.
    edits.accepted('file:///a.ts', 1, ['  let sum = 0;'], ['  let other = 0;']);
    expect(edits.recent()).toHaveLength(2);
  });

  it('matches the document: applying the before lines back gives the text before the edits (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ line: fc.nat(4), col: fc.nat(12), len: fc.nat(6), text: fc.constantFrom('x', 'yy', '\n', 'a\nb', '') }), { minLength: 1, maxLength: 6 }),
        (steps) => {
          const { documents, edits, change } = setup(TEXT);
          for (const s of steps) {
            const doc = documents.get('file:///a.ts')!;
            const line = Math.min(s.line, doc.buffer.lineCount - 1);
            const col = Math.min(s.col, doc.buffer.lineAt(line).length);
            change(line, col, line, Math.min(col + s.len, doc.buffer.lineAt(line).length), s.text);
          }
          // Undo every remembered edit, latest first: the lines must be those the edits started from.
          const lines = documents.get('file:///a.ts')!.buffer.getText().split('\n');
          for (const r of edits.recent()) {
            expect(lines.slice(r.start, r.start + r.after.length)).toEqual(r.after);
          }
        },
      ),
    );
  });
});

describe('recentEditItems', () => {
  it('takes the most recent first, skips what the caller already shows, and labels them by path and line', () => {
    const { edits, change } = setup(TEXT);
    change(0, 9, 0, 14, 'sum');
    change(2, 2, 2, 8, 'yield');
    const items = recentEditItems(edits.recent(), () => 'src/a.ts', (r) => r.start === 2);
    expect(items.map((i) => [i.kind, i.label, i.rank])).toEqual([['recentEdit', 'src/a.ts:1', 0]]);
    expect(items[0].text).toBe('@@ -1,1 +1,1 @@\n-function total(items) {\n+function sum(items) {');
  });
});

describe('RecentEdits and memory', () => {
  it('keeps no earlier version of the document alive: 16 edits far apart in a 2,000-line file', () => {
    const text = Array.from({ length: 2000 }, (_, i) => `  const value${i} = compute(${i}); // long enough that a line is a view into its text`).join('\n');
    const { edits, change } = setup(text);
    const before = heapUsedAfterGc();
    for (let i = 0; i < 16; i++) change(i * 100, 2, i * 100, 2, 'x');
    expect(edits.recent()).toHaveLength(16);
    // Each version is 180 KB: kept through their records' lines, the 15 earlier ones would hold 2.7 MB.
    expect(heapUsedAfterGc() - before).toBeLessThan(1 * MB);
  });
});
