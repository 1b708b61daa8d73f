import { describe, expect, it } from 'vitest';
import type { Hunk } from '@redline/shared-protocol';
import type { SessionMarks } from '@redline/client/src/renderedDocument.js';
import { documentPaint, hunkAt, lensesFor, lineDeletions, minimalEdit, saveStep, setAsidePlan, shiftLine } from './marks';

describe('documentPaint', () => {
  it('expands runs into lines per kind and merges sessions', () => {
    const paint = documentPaint([
      {
        decorations: {
          from: 2,
          runs: [
            { start: 2, count: 2, kind: 'removed' },
            { start: 4, count: 3, kind: 'added' },
          ],
          words: [
            { line: 2, start: 4, end: 9, kind: 'removed' },
            { line: 4, start: 4, end: 11, kind: 'added' },
          ],
          whitespace: [],
          streamingLine: 6,
        },
        hunks: [],
      },
      { decorations: { from: 20, runs: [{ start: 20, count: 1, kind: 'added' }], words: [], whitespace: [], streamingLine: null }, hunks: [] },
    ]);
    expect(paint).toEqual({
      removedLines: [2, 3],
      addedLines: [4, 5, 6, 20],
      unreachedLines: [],
      removedWords: [{ line: 2, start: 4, end: 9, kind: 'removed' }],
      addedWords: [{ line: 4, start: 4, end: 11, kind: 'added' }],
      streamingLines: [6],
      whitespaceLabels: [],
    });
  });

  it('labels each added line whose pair differs only in whitespace, by what differs', () => {
    const paint = documentPaint([
      {
        decorations: {
          from: 0,
          runs: [
            { start: 3, count: 2, kind: 'removed' },
            { start: 5, count: 2, kind: 'added' },
            { start: 9, count: 1, kind: 'removed' },
            { start: 10, count: 1, kind: 'added' },
          ],
          words: [],
          whitespace: [
            { line: 3, kind: 'removed', change: 'indentation' },
            { line: 4, kind: 'removed', change: 'whitespace' },
            { line: 5, kind: 'added', change: 'indentation' },
            { line: 6, kind: 'added', change: 'whitespace' },
          ],
          streamingLine: null,
        },
        hunks: [{ start: 3, end: 7, removed: 2, added: 2, whitespaceOnly: 'whitespace' }],
      },
      {
        decorations: { from: 30, runs: [{ start: 30, count: 1, kind: 'removed' }, { start: 31, count: 1, kind: 'added' }], words: [], whitespace: [{ line: 31, kind: 'added', change: 'indentation' }], streamingLine: null },
        hunks: [],
      },
    ]);
    expect(paint.whitespaceLabels).toEqual([
      { line: 5, text: 'indentation only' },
      { line: 6, text: 'whitespace only' },
      { line: 31, text: 'indentation only' },
    ]);
    expect(paint.addedLines).toEqual([5, 6, 10, 31]);
  });

  it('shows the lines a stream has not reached as neither removed nor added', () => {
    const paint = documentPaint([
      {
        decorations: {
          from: 0,
          runs: [
            { start: 2, count: 1, kind: 'removed' },
            { start: 3, count: 2, kind: 'added' },
            { start: 6, count: 3, kind: 'unreached' },
          ],
          words: [],
          whitespace: [],
          streamingLine: 5,
        },
        hunks: [],
      },
    ]);
    expect([paint.removedLines, paint.addedLines, paint.unreachedLines]).toEqual([[2], [3, 4], [6, 7, 8]]);
  });
});

describe('lensesFor', () => {
  const two: Hunk[] = [
    { start: 12, end: 14, removed: 1, added: 1 },
    { start: 3, end: 6, removed: 2, added: 1 },
  ];

  it('puts Accept all / Reject all on a row of their own above the first hunk\'s Accept hunk / Reject hunk', () => {
    expect(lensesFor('edit-1', two, true).map((l) => [l.line, l.title, l.command, l.arguments])).toEqual([
      [2, 'Accept all', 'redline.acceptAll', ['edit-1']],
      [2, 'Reject all', 'redline.rejectAll', ['edit-1']],
      [3, 'Accept hunk', 'redline.acceptHunk', ['edit-1', 3]],
      [3, 'Reject hunk', 'redline.rejectHunk', ['edit-1', 3]],
      [12, 'Accept hunk', 'redline.acceptHunk', ['edit-1', 12]],
      [12, 'Reject hunk', 'redline.rejectHunk', ['edit-1', 12]],
    ]);
    // No two actions share a title: the whole proposal's and a hunk's never look alike.
    const titles = lensesFor('edit-1', two, true).map((l) => `${l.line}:${l.title}`);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('puts the whole proposal\'s row below the proposal when the first hunk starts on the first line, so no row holds both kinds', () => {
    const fromTop: Hunk[] = [
      { start: 0, end: 2, removed: 1, added: 1 },
      { start: 4, end: 6, removed: 1, added: 1 },
    ];
    const rows = (lineCount: number) => {
      const byLine = new Map<number, string[]>();
      for (const l of lensesFor('edit-1', fromTop, true, lineCount)) byLine.set(l.line, [...(byLine.get(l.line) ?? []), l.title]);
      return [...byLine.entries()].sort((a, b) => a[0] - b[0]);
    };
    expect(rows(9)).toEqual([
      [0, ['Accept hunk', 'Reject hunk']],
      [4, ['Accept hunk', 'Reject hunk']],
      [6, ['Accept all', 'Reject all']],
    ]);
    // No line after the proposal: the one row left is shared.
    expect(rows(6)[0]).toEqual([0, ['Accept all', 'Reject all', 'Accept hunk', 'Reject hunk']]);
  });

  it('offers only the all-verdicts for a single hunk, right above it, and nothing while streaming', () => {
    expect(lensesFor('edit-2', [two[0]], true).map((l) => [l.line, l.title])).toEqual([
      [12, 'Accept all'],
      [12, 'Reject all'],
    ]);
    expect(lensesFor('edit-2', two, false)).toEqual([]);
    expect(lensesFor('edit-2', [], true)).toEqual([]);
  });
});

describe('hunkAt', () => {
  it('finds the hunk whose lines hold the line, end exclusive', () => {
    const hunks: Hunk[] = [{ start: 3, end: 6, removed: 2, added: 1 }];
    expect(hunkAt(hunks, 5)).toBe(hunks[0]);
    expect(hunkAt(hunks, 6)).toBeUndefined();
  });
});

describe('setAsidePlan', () => {
  // A document as it shows a proposal: line 0 context, 1-2 removed, 3 added, 4 context, 5 removed, 6-7 added, 8 context.
  const lines = ['a', 'old b', 'old c', 'new bc', 'd', 'old e', 'new e1', 'new e2', 'f'];
  const hunks: Hunk[] = [
    { start: 1, end: 4, removed: 2, added: 1 },
    { start: 5, end: 8, removed: 1, added: 2 },
  ];
  const marks = (hunks: Hunk[], runs: SessionMarks['decorations']['runs']): SessionMarks => ({ decorations: { from: 0, runs, words: [], whitespace: [], streamingLine: null }, hunks });
  const settled = marks(hunks, [
    { start: 1, count: 2, kind: 'removed' },
    { start: 3, count: 1, kind: 'added' },
    { start: 5, count: 1, kind: 'removed' },
    { start: 6, count: 2, kind: 'added' },
  ]);

  it('covers the hunks plus the context line above: after reject those lines are the baseline, the snippet the proposed side', () => {
    const plan = setAsidePlan(settled, (l) => lines[l], lines.length)!;
    // After "reject all" the document is a, old b, old c, d, old e, f: lines 0..4 are the hunks' baseline.
    const afterReject = lines.filter((_, i) => ![3, 6, 7].includes(i));
    expect(afterReject.slice(plan.startLine, plan.endLine)).toEqual(['a', 'old b', 'old c', 'd', 'old e']);
    expect(plan.snippet).toBe(['a', 'new bc', 'd', 'new e1', 'new e2'].join('\n'));
  });

  it('reads each line\'s side from the runs, so added lines a stream left above the removed ones are the proposed side', () => {
    // 0 context, 1 added, 2 removed, 3 context.
    const streamed = ['a', 'new b', 'old b', 'c'];
    const plan = setAsidePlan(
      marks([{ start: 1, end: 3, removed: 1, added: 1 }], [
        { start: 1, count: 1, kind: 'added' },
        { start: 2, count: 1, kind: 'removed' },
      ]),
      (l) => streamed[l],
      streamed.length,
    )!;
    expect(plan).toEqual({ startLine: 0, endLine: 2, snippet: 'a\nnew b' });
  });

  it('takes the context line below when the hunk starts the file, so a pure insertion still selects a line', () => {
    const plan = setAsidePlan(marks([{ start: 0, end: 2, removed: 0, added: 2 }], [{ start: 0, count: 2, kind: 'added' }]), (l) => ['x1', 'x2', 'keep'][l], 3)!;
    expect(plan).toEqual({ startLine: 0, endLine: 1, snippet: 'x1\nx2\nkeep' });
  });

  it('has nothing to set aside without hunks', () => {
    expect(setAsidePlan(marks([], []), () => '', 3)).toBeNull();
  });
});

describe('saveStep', () => {
  // A document showing a proposal: 0 context, 1 removed, 2 added, 3 context.
  const lines = ['a', 'old b', 'new b', 'c'];
  const shown: SessionMarks = {
    decorations: { from: 0, runs: [{ start: 1, count: 1, kind: 'removed' }, { start: 2, count: 1, kind: 'added' }], words: [], whitespace: [], streamingLine: null },
    hunks: [{ start: 1, end: 3, removed: 1, added: 1 }],
  };
  const none: SessionMarks = { decorations: { from: 0, runs: [], words: [], whitespace: [], streamingLine: null }, hunks: [] };
  const read = (l: number) => lines[l];
  /** What the save guard's set-aside would show again: the proposed side of lines 0-1 after the baseline is back. */
  const fromMarks = { startLine: 0, endLine: 2, snippet: 'a\nnew b' };

  it('rejects a pending proposal and shows it again', () => {
    expect(saveStep({ pending: true, marks: shown }, undefined, read, lines.length)).toEqual({ request: 'redline/inlineEdit/reject', plan: fromMarks, stopped: false });
  });

  it('cancels a stream and tells the user: there is nothing complete to show again', () => {
    expect(saveStep({ pending: false, marks: shown }, undefined, read, lines.length)).toEqual({ request: 'redline/inlineEdit/cancel', plan: null, stopped: true });
  });

  it('sets aside a proposal being shown again before the sidecar said done, from what the document shows', () => {
    const earlier = { startLine: 0, endLine: 2, snippet: 'stale' };
    expect(saveStep({ pending: false, marks: shown }, earlier, read, lines.length)).toEqual({ request: 'redline/inlineEdit/cancel', plan: fromMarks, stopped: false });
  });

  it('keeps the plan of a proposal to be shown again whose render has not landed: the document holds its baseline', () => {
    const plan = { startLine: 0, endLine: 2, snippet: 'a\nnew b' };
    expect(saveStep({ pending: false, marks: none }, plan, () => 'a', 3)).toEqual({ request: 'redline/inlineEdit/cancel', plan, stopped: false });
  });
});

describe('shiftLine', () => {
  it('moves lines below a change by the lines it added or removed, keeps those above', () => {
    const insertTwo = { startLine: 4, endLine: 4, text: 'x\ny\nz' };
    expect(shiftLine(3, insertTwo)).toBe(3);
    expect(shiftLine(9, insertTwo)).toBe(11);
    const joinThree = { startLine: 2, endLine: 5, text: '' };
    expect(shiftLine(8, joinThree)).toBe(5);
  });

  it('keeps a line typed within and loses one a change replaced', () => {
    expect(shiftLine(4, { startLine: 4, endLine: 4, text: 'abc' })).toBe(4);
    expect(shiftLine(4, { startLine: 4, endLine: 4, text: 'a\r\nb' })).toBeNull();
    expect(shiftLine(3, { startLine: 2, endLine: 5, text: '' })).toBeNull();
  });
});

describe('lineDeletions', () => {
  const text = ['l0', 'l1', 'l2', 'l3', 'l4'];
  const apply = (edits: ReturnType<typeof lineDeletions>) => {
    // Applies edits (ranges of the original text) from the last to the first.
    let doc = text.join('\n');
    const offset = (line: number, ch: number) => text.slice(0, line).reduce((n, l) => n + l.length + 1, 0) + ch;
    for (const e of [...edits].reverse()) doc = doc.slice(0, offset(e.range.start.line, e.range.start.character)) + e.newText + doc.slice(offset(e.range.end.line, e.range.end.character));
    return doc;
  };

  it('deletes runs of whole lines with their breaks, the last line with the break before it', () => {
    expect(apply(lineDeletions([3, 1, 2], 5, (l) => text[l].length))).toBe('l0\nl4');
    expect(apply(lineDeletions([4, 0], 5, (l) => text[l].length))).toBe('l1\nl2\nl3');
    expect(apply(lineDeletions([0, 1, 2, 3, 4], 5, (l) => text[l].length))).toBe('');
    expect(lineDeletions([7], 5, (l) => text[l].length)).toEqual([]);
  });
});

describe('minimalEdit', () => {
  it('replaces only what differs between the common prefix and suffix', () => {
    const before = 'a\nb\nc\nd\n';
    const after = 'a\nB\nB2\nc\nd\n';
    const e = minimalEdit(before, after);
    expect(before.slice(0, e.start) + e.text + before.slice(e.end)).toBe(after);
    expect(e).toEqual({ start: 2, end: 3, text: 'B\nB2' });
    expect(minimalEdit('same', 'same')).toEqual({ start: 4, end: 4, text: '' });
    const grow = minimalEdit('aa', 'aaa');
    expect('aa'.slice(0, grow.start) + grow.text + 'aa'.slice(grow.end)).toBe('aaa');
  });
});
