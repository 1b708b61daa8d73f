import { describe, expect, it } from 'vitest';
import type { ProposedEdit } from '../formats/format.js';
import { locateEdit } from './locate.js';
import { relocate } from './relocate.js';
import { checkPath, checkScope, namesDocument } from './scope.js';
import { proposedSide, regionLines, replaceProposedSide, spliceEdit, type RegionLine } from './splice.js';
import { validateProposal } from './validate.js';

const doc = ['class A {', '  run() {', '    go();', '  }', '', '  stop() {', '    go();', '  }', '}'];

const block = (oldLines: string[], newLines: string[], index = 0): ProposedEdit => ({
  index,
  path: null,
  oldText: oldLines.map((l) => l + '\n').join(''),
  newText: newLines.map((l) => l + '\n').join(''),
  wholeLines: true,
});
const text = (oldText: string, newText: string, lineRange?: { start: number; end: number }): ProposedEdit => ({ index: 0, path: null, oldText, newText, wholeLines: false, ...(lineRange ? { lineRange } : {}) });

describe('locate', () => {
  it('finds SEARCH lines exactly', () => {
    expect(locateEdit(doc, block(['  run() {', '    go();'], ['  run() {', '    goFast();']))).toMatchObject({ ok: true, value: { start: 1, end: 3, lines: ['  run() {', '    goFast();'] } });
  });

  it('then with whitespace ignored, re-basing the new lines on the file indentation', () => {
    const r = locateEdit(doc, block(['stop() {', '  go();'], ['stop() {', '  halt();']));
    expect(r).toMatchObject({ ok: true, value: { start: 5, end: 7, lines: ['  stop() {', '    halt();'] } });
  });

  it('refuses a SEARCH found in several places or nowhere, naming the block', () => {
    expect(locateEdit(doc, block(['    go();'], ['x'], 2))).toMatchObject({ ok: false, finding: { kind: 'ambiguous', message: expect.stringMatching(/^Block 3: .*occur 2 times \(lines 3, 7\)/) } });
    expect(locateEdit(doc, block(['    went();'], ['x']))).toMatchObject({ ok: false, finding: { kind: 'notFound' } });
    expect(locateEdit(doc, block([''], ['x']))).toMatchObject({ ok: false, finding: { kind: 'notFound', message: expect.stringMatching(/only whitespace/) } });
  });

  it('places a structured oldText inside a line, rewriting that whole line', () => {
    expect(locateEdit(doc, text('stop', 'halt'))).toMatchObject({ ok: true, value: { start: 5, end: 6, lines: ['  halt() {'] } });
    expect(locateEdit(doc, text('  }\n\n', ''))).toMatchObject({ ok: true, value: { start: 3, end: 6, lines: ['  stop() {'] } });
  });

  it('uses a line range to pick between exact matches, and flags one that disagrees with a single match', () => {
    expect(locateEdit(doc, text('    go();', '    halt();', { start: 7, end: 7 }))).toMatchObject({ ok: true, value: { start: 6 }, notes: [] });
    expect(locateEdit(doc, text('    go();', 'x', { start: 1, end: 1 }))).toMatchObject({ ok: false, finding: { kind: 'ambiguous' } });
    expect(locateEdit(doc, text('stop', 'halt', { start: 2, end: 2 }))).toMatchObject({ ok: true, value: { start: 5 }, notes: [{ kind: 'lineRange', line: 5 }] });
  });
});

describe('snapshot check (relocate)', () => {
  const edit = { index: 0, start: 5, end: 7, lines: ['  halt() {'], old: doc.slice(5, 7) };

  it('follows lines inserted or deleted above, and ignores changes below', () => {
    const current = ['// header', '// more', ...doc.slice(0, 4), ...doc.slice(5, 8), '  extra();', '}'];
    expect(relocate(doc, current, edit, true)).toMatchObject({ ok: true, value: { start: 6, end: 8 } });
  });

  it('finds lines the user changed around by their text once, or refuses as stale', () => {
    const typedInside = doc.map((l, i) => (i === 6 ? '    go(); // later' : l));
    expect(relocate(doc, typedInside, edit, true)).toMatchObject({ ok: false, finding: { kind: 'stale' } });
    const joinedAbove = ['class A { run() { go(); } ', ...doc.slice(4)];
    expect(relocate(doc, joinedAbove, edit, true)).toMatchObject({ ok: true, value: { start: 2, end: 4 } });
  });
});

describe('scope', () => {
  const e = { index: 1, start: 2, end: 4, lines: [], old: [] };
  it('refuses an edit outside the allowed lines', () => {
    expect(checkScope(e, { start: 2, end: 4 }, true).ok).toBe(true);
    expect(checkScope(e, { start: 3, end: 9 }, false)).toMatchObject({ ok: false, finding: { kind: 'outOfScope', message: expect.stringMatching(/^Edit 2 changes lines 3–4, outside the selection \(lines 4–9\)/), line: 2 } });
  });

  it('names the document by no path, its file name or a path its URI ends with', () => {
    const uri = 'file:///home/me/shop/src/cart%20view.ts';
    for (const path of [null, 'cart view.ts', 'src/cart view.ts', './src/cart view.ts', 'src\\cart view.ts']) expect(namesDocument(path, uri), String(path)).toBe(true);
    for (const path of ['view.ts', 'lib/cart view.ts', 'cart.ts']) expect(namesDocument(path, uri), path).toBe(false);
    expect(checkPath(0, 'other.ts', uri, true)).toMatchObject({ ok: false, finding: { kind: 'outOfScope', line: null } });
  });
});

describe('apply in memory (splice)', () => {
  const lines = (...spec: Array<[RegionLine['kind'], string]>) => spec.map(([kind, t]) => ({ kind, text: t, words: [] }));

  it('turns replaced context red and adds the new lines green, keeping equal lines as they are', () => {
    const region = regionLines(['context', 'context', 'context'], [[], [], []], ['a', 'let b = 1;', 'c']);
    const out = spliceEdit(region, 0, 2, ['a', 'let b = 2;']);
    expect(out.map((l) => [l.kind, l.text])).toEqual([
      ['context', 'a'],
      ['removed', 'let b = 1;'],
      ['added', 'let b = 2;'],
      ['context', 'c'],
    ]);
    expect(out[1].words).toEqual([{ start: 8, end: 9 }]);
    expect(out[2].words).toEqual([{ start: 8, end: 9 }]);
  });

  it('on a pending proposal, drops green lines it replaces and never touches red ones', () => {
    const region = lines(['context', 'x'], ['removed', 'old'], ['added', 'new'], ['context', 'y']);
    const out = spliceEdit(region, 1, 3, ['newer']);
    expect(out.map((l) => [l.kind, l.text])).toEqual([
      ['context', 'x'],
      ['removed', 'old'],
      ['removed', 'y'],
      ['added', 'newer'],
    ]);
    expect(out.filter((l) => l.kind !== 'added').map((l) => l.text)).toEqual(['x', 'old', 'y']);
    expect(proposedSide(out)).toEqual(['x', 'newer']);
  });
});

describe("the formatter's text of a located proposal (replaceProposedSide)", () => {
  const line = (kind: RegionLine['kind'], text: string, words: RegionLine['words'] = []): RegionLine => ({ kind, text, words });

  it('replaces the green lines it re-indented, pairs their hunk again and leaves every other line as it was', () => {
    const untouched = [line('removed', 'const b = 1;', [{ start: 10, end: 11 }]), line('added', '  const b = 2;', [{ start: 12, end: 13 }])];
    const region = [line('context', 'function f() {'), line('removed', '  return a;'), line('added', 'return a + 1;'), line('context', '}'), ...untouched];
    const out = replaceProposedSide(region, ['function f() {', '  return a + 1;', '}', '  const b = 2;']);
    expect(out.map((l) => [l.kind, l.text])).toEqual([
      ['context', 'function f() {'],
      ['removed', '  return a;'],
      ['added', '  return a + 1;'],
      ['context', '}'],
      ['removed', 'const b = 1;'],
      ['added', '  const b = 2;'],
    ]);
    // The re-paired hunk tints "+ 1" on the green line; the other hunk keeps its marks as they were.
    expect(out[2].words).toEqual([{ start: 11, end: 14 }]);
    expect(out.slice(4)).toEqual(untouched);
    expect(out[4]).toBe(untouched[0]);
  });
});

describe('validate', () => {
  it('flags a hunk outside the selection that removes more than the threshold, net', () => {
    const kinds = [...Array(3).fill('context'), ...Array(12).fill('removed'), 'added', 'context'] as RegionLine['kind'][];
    const findings = validateProposal({ lines: kinds.map((kind) => ({ kind })), regionStart: 10, selection: { start: 0, end: 2 }, largeDeletionLines: 10, syntaxBefore: null, syntaxAfter: null });
    expect(findings).toEqual([expect.objectContaining({ kind: 'largeDeletion', line: 13, message: expect.stringMatching(/removes 11 lines/) })]);
    expect(validateProposal({ lines: kinds.map((kind) => ({ kind })), regionStart: 10, selection: { start: 0, end: 5 }, largeDeletionLines: 10, syntaxBefore: null, syntaxAfter: null })).toEqual([]);
  });

  it('flags more syntax errors than the original had, at the proposed line', () => {
    const kinds: RegionLine['kind'][] = ['context', 'removed', 'added', 'context'];
    // Proposed document: row 0 above, then the region's context, added, context lines (rows 1–3).
    const f = validateProposal({ lines: kinds.map((kind) => ({ kind })), regionStart: 1, selection: { start: 0, end: 3 }, largeDeletionLines: 10, syntaxBefore: [], syntaxAfter: [2] });
    expect(f).toEqual([expect.objectContaining({ kind: 'syntax', line: 3 })]);
    expect(validateProposal({ lines: [], regionStart: 0, selection: { start: 0, end: 0 }, largeDeletionLines: 1, syntaxBefore: [4], syntaxAfter: [7] })).toEqual([]);
  });
});
