import { describe, expect, it } from 'vitest';
import type { EditRecord } from '../context/recentEdits.js';
import { fileText, originalOf, promptInput, withContext, type PromptSources } from './input.js';

const TEXT = ['a0', 'let total = 0;', 'total += 1;', 'log(count);', 'a4', 'a5', ''];
const lines = (text: readonly string[], uri = 'file:///p/x.ts') => ({ uri, lineCount: text.length, lines: (from: number, to: number) => text.slice(from, to) });
const doc = lines(TEXT);
const rename: EditRecord = { uri: doc.uri, start: 1, before: ['let count = 0;', 'count += 1;'], after: ['let total = 0;', 'total += 1;'] };

function sources(overrides: Partial<PromptSources> = {}): PromptSources {
  return {
    doc,
    text: () => TEXT.join('\n'),
    window: { first: 0, end: 6, editable: { start: 1, end: 5 } },
    cursor: { line: 2, character: 0 },
    records: [rename],
    documentOf: () => undefined,
    pathOf: (uri) => uri.slice('file:///p/'.length),
    languageId: 'typescript',
    definitions: [],
    ...overrides,
  };
}

describe('promptInput', () => {
  it('takes the window, the edits oldest first with their context lines, and the editable lines before the latest edit here', () => {
    const other: EditRecord = { uri: 'file:///p/y.ts', start: 0, before: ['x'], after: ['y'] };
    const input = promptInput({ edits: { context: 1, max: 5 } }, sources({ records: [rename, other], documentOf: (uri) => (uri === 'file:///p/y.ts' ? lines(['y', 'z'], uri) : undefined) }));
    expect(input).toEqual({
      path: 'x.ts',
      languageId: 'typescript',
      lines: ['a0', 'let total = 0;', 'total += 1;', 'log(count);', 'a4', 'a5'],
      first: 0,
      editable: { start: 1, end: 5 },
      cursor: { line: 2, character: 0 },
      edits: [
        { path: 'y.ts', line: 0, before: ['x', 'z'], after: ['y', 'z'], diff: '@@ -1,2 +1,2 @@\n-x\n+y\n z' },
        {
          path: 'x.ts',
          line: 0,
          before: ['a0', 'let count = 0;', 'count += 1;', 'log(count);'],
          after: ['a0', 'let total = 0;', 'total += 1;', 'log(count);'],
          diff: '@@ -1,4 +1,4 @@\n a0\n-let count = 0;\n-count += 1;\n+let total = 0;\n+total += 1;\n log(count);',
        },
      ],
      original: ['let count = 0;', 'count += 1;', 'log(count);', 'a4'],
      definitions: [],
      file: null,
    });
  });
  it('shows at most the family’s number of latest edits and skips those that undid themselves', () => {
    const records: EditRecord[] = Array.from({ length: 8 }, (_, i) => ({ uri: `file:///p/f${i}.ts`, start: 0, before: [`${i}`], after: i === 0 ? ['0'] : [`${i}!`] }));
    const input = promptInput({ edits: { context: 3, max: 5 } }, sources({ records }));
    expect(input.edits.map((e) => e.before[0])).toEqual(['5', '4', '3', '2', '1']);
  });
  it('cuts definitions to a few of a few lines each, and gives the file only to a family that reads it', () => {
    const long = Array.from({ length: 40 }, (_, i) => `l${i}`).join('\n');
    const input = promptInput({ edits: { context: 0, max: 5 }, wholeFile: true }, sources({ definitions: [1, 2, 3, 4].map((n) => ({ path: `d${n}.ts`, text: long })) }));
    expect(input.definitions.map((d) => [d.path, d.text.split('\n').length])).toEqual([
      ['d1.ts', 25],
      ['d2.ts', 25],
      ['d3.ts', 25],
    ]);
    expect(input.file).toBe(TEXT.join('\n'));
    expect(promptInput({ edits: { context: 0, max: 5 } }, sources()).file).toBeNull();
  });
});

describe('withContext', () => {
  it('takes the context lines around the change from the document, none past its ends nor its empty last line', () => {
    const tail: EditRecord = { uri: doc.uri, start: 5, before: ['a5!'], after: ['a5'] };
    expect(withContext(tail, 3, doc)).toEqual({ line: 2, before: ['total += 1;', 'log(count);', 'a4', 'a5!'], after: ['total += 1;', 'log(count);', 'a4', 'a5'], diff: '@@ -3,4 +3,4 @@\n total += 1;\n log(count);\n a4\n-a5!\n+a5' });
    // An insertion: no old lines, its context on both sides.
    const insertion: EditRecord = { uri: doc.uri, start: 3, before: [], after: ['log(count);'] };
    expect(withContext(insertion, 1, doc)?.diff).toBe('@@ -3,2 +3,3 @@\n total += 1;\n+log(count);\n a4');
    expect(withContext(insertion, 1, undefined)?.diff).toBe('@@ -4,0 +4,1 @@\n+log(count);');
  });
  it('shows at most 8 changed lines a side, saying how many more there are', () => {
    const big: EditRecord = { uri: doc.uri, start: 0, before: [], after: Array.from({ length: 12 }, (_, i) => `n${i}`) };
    expect(withContext(big, 0, undefined)?.after).toEqual([...Array.from({ length: 8 }, (_, i) => `n${i}`), '… (4 more lines)']);
  });
});

describe('originalOf', () => {
  it('leaves the lines as they are when the change is not inside them', () => {
    expect(originalOf(['x', 'y'], 10, rename)).toEqual(['x', 'y']);
  });
});

describe('fileText', () => {
  it("is the whole text up to 800 lines, else the 300-line chunk at a multiple of 150 whose middle is nearest the cursor, as Sweep's server cuts it", () => {
    const short = Array.from({ length: 800 }, (_, i) => `l${i}`);
    expect(fileText(lines([...short, '']), () => 'whole', 10)).toBe('whole');
    const long = Array.from({ length: 2000 }, (_, i) => `l${i}`);
    const chunk = (cursor: number) => fileText(lines(long), () => 'whole', cursor).split('\n');
    expect(chunk(10)[0]).toBe('l0');
    expect(chunk(10)).toHaveLength(300);
    // (1000 - 150) / 150 = 5.67 → 6 → line 900; (375 - 150) / 150 = 1.5 → 2 (halves to even) → 300; 2.5 → 2.
    expect(chunk(1000)[0]).toBe('l900');
    expect(chunk(375)[0]).toBe('l300');
    expect(chunk(525)[0]).toBe('l300');
    expect(chunk(1990)).toHaveLength(300 - 100);
  });
});
