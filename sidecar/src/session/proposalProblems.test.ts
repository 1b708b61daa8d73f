import { describe, expect, it } from 'vitest';
import type { CopyProblem } from '@redline/shared-protocol';
import { addedProblems, MAX_EDITOR_PROBLEMS, problemFindings, problemMessage, rowRanges } from './proposalProblems.js';

const at = (line: number, character = 0, length = 3) => ({ start: { line, character }, end: { line, character: character + length } });
const ts = (line: number, message: string, extra: Partial<CopyProblem> = {}): CopyProblem => ({ range: at(line), severity: 1, source: 'ts', code: 2304, message, ...extra });

describe('addedProblems', () => {
  it('keeps a problem of the proposal’s lines that the original did not have', () => {
    const out = addedProblems([], [ts(4, "Cannot find name 'sendReceipt'.")], new Set([4, 5]));
    expect(out.map((d) => d.message)).toEqual(["Cannot find name 'sendReceipt'."]);
  });

  it('drops a problem the original had, though the proposal moved it to another line', () => {
    const old = ts(2, "Cannot find name 'db'.");
    expect(addedProblems([old], [{ ...old, range: at(6) }], new Set([6]))).toEqual([]);
  });

  it('counts problems of a kind: one more in the proposal is one new, on the proposal’s lines', () => {
    const m = "Cannot find name 'x'.";
    const out = addedProblems([ts(1, m), ts(3, m)], [ts(1, m), ts(5, m), ts(7, m)], new Set([5, 7]));
    expect(out.map((d) => d.range.start.line)).toEqual([5]);
  });

  it('ignores problems on lines the proposal did not change, and information and hints', () => {
    const after = [ts(0, 'on a user line'), ts(3, 'unused', { severity: 4 }), ts(3, 'info', { severity: 3 }), ts(3, 'a warning', { severity: 2 })];
    expect(addedProblems([], after, new Set([3])).map((d) => d.message)).toEqual(['a warning']);
  });
});

describe('problemFindings', () => {
  const placement = { line: (row: number) => row + 2, regionStart: 3, unknownNames: [] };

  it('puts each new problem on its document line, with who found it', () => {
    expect(problemFindings([ts(4, "Cannot find name 'sendReceipt'.")], placement).warnings).toEqual([
      { kind: 'editorProblem', message: "New problem (ts 2304): Cannot find name 'sendReceipt'.", line: 6 },
    ]);
    expect(problemMessage({ range: at(0), message: 'Unresolved reference: foo' })).toBe('New problem: Unresolved reference: foo');
  });

  it('says a name the session’s own check reported on the same row once: the session’s when it knows the import, else the editor’s', () => {
    const problems = [ts(4, "Cannot find name 'returnPolicy'."), ts(4, "Cannot find name 'other'."), ts(6, "Cannot find name 'third'.")];
    const unknownNames = [
      { name: 'returnPolicy', row: 4, fixed: true },
      { name: 'other', row: 4, fixed: false },
      // The same name on another row is another finding.
      { name: 'third', row: 5, fixed: false },
    ];
    const out = problemFindings(problems, { ...placement, unknownNames });
    expect(out.warnings.map((w) => w.message)).toEqual(["New problem (ts 2304): Cannot find name 'other'.", "New problem (ts 2304): Cannot find name 'third'."]);
    expect([...out.replaces]).toEqual([1]);
  });

  it('offers a fix within one line at the document’s line, and an edit above the region as it is', () => {
    const spelling = { title: "Change spelling to 'sendReceipts'", edits: [{ range: at(4, 2, 11), newText: 'sendReceipts' }] };
    const importFix = { title: 'Add import', edits: [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, newText: 'import { a } from "./a";\n' }] };
    const [one, two] = problemFindings([ts(4, 'a', { fixes: [spelling] }), ts(5, 'b', { fixes: [importFix] })], placement).warnings;
    expect(one.fix).toEqual({ title: spelling.title, edits: [{ range: at(6, 2, 11), newText: 'sendReceipts' }] });
    expect(two.fix).toEqual(importFix);
  });

  it('offers no fix that would split or join the proposal’s lines, and takes the next fix that fits', () => {
    const declare = { title: 'Add missing function', edits: [{ range: at(9, 0, 0), newText: '\nfunction x() {}\n' }] };
    const across = { title: 'Wrap', edits: [{ range: { start: { line: 4, character: 0 }, end: { line: 5, character: 1 } }, newText: 'y' }] };
    const small = { title: 'Rename', edits: [{ range: at(4, 0, 1), newText: 'z' }] };
    expect(problemFindings([ts(4, 'a', { fixes: [declare, across] })], placement).warnings[0].fix).toBeUndefined();
    expect(problemFindings([ts(4, 'a', { fixes: [declare, small] })], placement).warnings[0].fix?.title).toBe('Rename');
  });

  it(`lists at most ${MAX_EDITOR_PROBLEMS}`, () => {
    const many = Array.from({ length: MAX_EDITOR_PROBLEMS + 5 }, (_, i) => ts(i, `p${i}`));
    expect(problemFindings(many, placement).warnings).toHaveLength(MAX_EDITOR_PROBLEMS);
  });

  it('gives whole-line ranges of the rows, consecutive rows as one', () => {
    expect(rowRanges(new Set([5, 2, 3]), ['', '', 'ab', 'abc', '', 'x'])).toEqual([
      { start: { line: 2, character: 0 }, end: { line: 3, character: 3 } },
      { start: { line: 5, character: 0 }, end: { line: 5, character: 1 } },
    ]);
  });
});
