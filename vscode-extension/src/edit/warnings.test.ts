import { describe, expect, it } from 'vitest';
import type { EditWarning, EditWarningKind, WarningFix } from '@redline/shared-protocol';
import { afterFix, duplicatesOf, fixRefusal, fixesOn, proposalFirstLine, severityOf, shownWarnings, type ReportedWarnings } from './warnings';

const importFix: WarningFix = {
  title: 'Add import { returnPolicy } from "@/returns/returnPolicy"',
  edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: 'import { returnPolicy } from "@/returns/returnPolicy";\n' }],
};

describe('severityOf', () => {
  it('makes problems warnings and reports of what happened information', () => {
    const problems: EditWarningKind[] = ['syntax', 'largeDeletion', 'unknownName', 'lineRange', 'outOfScope', 'notFound', 'ambiguous', 'overlap', 'stale', 'malformed'];
    for (const kind of problems) expect(severityOf(kind), kind).toBe('warning');
    expect(severityOf('addedImport')).toBe('information');
    expect(severityOf('repaired')).toBe('information');
  });
});

describe('proposalFirstLine', () => {
  it('is the first added line wherever it is in the list, else the first hunk, else none', () => {
    expect(proposalFirstLine([9, 4, 7], [{ start: 2, end: 3, removed: 1, added: 0 }])).toBe(4);
    expect(proposalFirstLine([], [{ start: 12, end: 14, removed: 2, added: 0 }, { start: 5, end: 6, removed: 1, added: 0 }])).toBe(5);
    expect(proposalFirstLine([], [])).toBeNull();
  });
});

describe('shownWarnings', () => {
  const warnings: EditWarning[] = [
    { kind: 'unknownName', message: '`returnPolicy` is not declared or imported.', line: 14, fix: importFix },
    { kind: 'repaired', message: 'The first reply had problems; this is the second.', line: null },
    { kind: 'syntax', message: 'Syntax error.', line: 80 },
  ];

  it('puts each on its own line, one without a line on the proposal\u2019s first, clamped into the document', () => {
    const shown = shownWarnings(warnings, 10, 40);
    expect(shown.map((w) => [w.index, w.line, w.severity])).toEqual([
      [0, 14, 'warning'],
      [1, 10, 'information'],
      [2, 39, 'warning'],
    ]);
    expect(shown[0]!.fix).toBe(importFix);
    expect(shown[1]!.fix).toBeUndefined();
  });

  it('uses the first line when the proposal has none, and offers no fix without edits', () => {
    const shown = shownWarnings([{ kind: 'unknownName', message: 'x', line: null, fix: { title: 'nothing', edits: [] } }], null, 5);
    expect(shown).toEqual([{ index: 0, kind: 'unknownName', line: 0, message: 'x', severity: 'warning' }]);
  });

  it('shows nothing for no warnings', () => {
    expect(shownWarnings([], 3, 10)).toEqual([]);
  });

  it('keeps a name\'s columns while the finding stays on their line', () => {
    const range = { start: { line: 4, character: 9 }, end: { line: 4, character: 21 } };
    expect(shownWarnings([{ kind: 'unknownName', message: 'x', line: 4, range }], null, 10)[0]!.columns).toEqual({ start: 9, end: 21 });
    // Clamped into a shorter document, the finding is on another line: the whole line.
    expect(shownWarnings([{ kind: 'unknownName', message: 'x', line: 4, range }], null, 3)[0]!.columns).toBeUndefined();
  });
});

describe('duplicatesOf', () => {
  const [finding] = shownWarnings([{ kind: 'unknownName', message: '`roundToCents` is not defined or imported.', line: 6, range: { start: { line: 6, character: 29 }, end: { line: 6, character: 41 } } }], null, 20);
  it('is another tool\'s report of the same name over the same columns', () => {
    const cannotFind = { line: 6, start: 29, end: 41, message: "Cannot find name 'roundToCents'." };
    expect(duplicatesOf(finding!, 'roundToCents', [cannotFind, { line: 6, start: 2, end: 50, message: 'Unreachable code detected.' }])).toEqual([cannotFind]);
  });
  it('is nothing on another line, over other columns, about another name, or for a finding of a whole line', () => {
    const others = [
      { line: 7, start: 29, end: 41, message: "Cannot find name 'roundToCents'." },
      { line: 6, start: 0, end: 5, message: "Cannot find name 'roundToCents'." },
      { line: 6, start: 29, end: 41, message: "Cannot find name 'total'." },
    ];
    expect(duplicatesOf(finding!, 'roundToCents', others)).toEqual([]);
    const [wholeLine] = shownWarnings([{ kind: 'unknownName', message: 'x', line: 6 }], null, 20);
    expect(duplicatesOf(wholeLine!, 'roundToCents', [{ line: 6, start: 29, end: 41, message: "Cannot find name 'roundToCents'." }])).toEqual([]);
  });
});

describe('fixesOn', () => {
  const shown = shownWarnings(
    [
      { kind: 'unknownName', message: 'a', line: 3, fix: importFix },
      { kind: 'unknownName', message: 'b', line: 5 },
      { kind: 'unknownName', message: 'c', line: 7, fix: importFix },
    ],
    null,
    20,
  );

  it('offers the fixes of the warnings on the lines asked about, and only those', () => {
    expect(fixesOn(shown, 3, 3).map((w) => w.message)).toEqual(['a']);
    expect(fixesOn(shown, 4, 6)).toEqual([]);
    expect(fixesOn(shown, 0, 10).map((w) => w.message)).toEqual(['a', 'c']);
  });
});

describe('fixRefusal', () => {
  const reported: ReportedWarnings = { uri: 'file:///a.ts', version: 7, shown: shownWarnings([{ kind: 'repaired', message: 'r', line: null }, { kind: 'unknownName', message: 'u', line: 2, fix: importFix }], 1, 10) };

  it('lets a fix through while the document is at the version its status described', () => {
    expect(fixRefusal(reported, 1, 7)).toBeNull();
  });

  it('refuses a fix once the document moved on, saying why before what to do', () => {
    const refusal = fixRefusal(reported, 1, 8);
    expect(refusal).toMatch(/^the document changed after this fix was proposed/);
    expect(refusal).toContain('nothing was changed');
  });

  it('refuses a fix of an ended session, a closed document, or a warning without one', () => {
    expect(fixRefusal(undefined, 1, 7)).toMatch(/no longer open/);
    expect(fixRefusal(reported, 1, undefined)).toMatch(/no longer open/);
    expect(fixRefusal(reported, 0, 7)).toMatch(/no longer offered/);
    expect(fixRefusal(reported, 5, 7)).toMatch(/no longer offered/);
  });
});

describe('afterFix', () => {
  it('drops the fixed warning and moves the others below the inserted import down, those above staying', () => {
    const shown = shownWarnings(
      [
        { kind: 'syntax', message: 'above', line: 1 },
        { kind: 'unknownName', message: 'fixed', line: 9, fix: importFix },
        { kind: 'largeDeletion', message: 'below', line: 12 },
      ],
      null,
      30,
    );
    const twoLines = { range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, newText: 'import a from "a";\nimport b from "b";\n' };
    const dropOne = { range: { start: { line: 10, character: 0 }, end: { line: 11, character: 0 } }, newText: '' };
    expect(afterFix(shown, 1, [twoLines, dropOne]).map((w) => [w.message, w.line])).toEqual([
      ['above', 1],
      ['below', 13],
    ]);
  });

  it('keeps the columns of a name whose line the import only moved down', () => {
    const name = { start: { line: 9, character: 4 }, end: { line: 9, character: 10 } };
    const shown = shownWarnings([{ kind: 'unknownName', message: 'fixed', line: 2, fix: importFix }, { kind: 'unknownName', message: 'other', line: 9, range: name }], null, 30);
    const oneLine = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: 'import a from "a";\n' };
    expect(afterFix(shown, 0, [oneLine]).map((w) => [w.line, w.columns])).toEqual([[10, { start: 4, end: 10 }]]);
    const retyped = { range: { start: { line: 9, character: 0 }, end: { line: 9, character: 3 } }, newText: 'let' };
    expect(afterFix(shown, 0, [retyped]).map((w) => [w.line, w.columns])).toEqual([[9, undefined]]);
  });
});
