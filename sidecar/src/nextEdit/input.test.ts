import { describe, expect, it } from 'vitest';
import type { EditRecord } from '../context/recentEdits.js';
import { MAX_PROMPT_EDITS, originalOf, promptInput } from './input.js';

const TEXT = ['a0', 'let total = 0;', 'total += 1;', 'log(count);', 'a4', 'a5', ''];
const doc = { uri: 'file:///p/x.ts', lineCount: TEXT.length, lines: (from: number, to: number) => TEXT.slice(from, to) };
const rename: EditRecord = { uri: doc.uri, start: 1, before: ['let count = 0;', 'count += 1;'], after: ['let total = 0;', 'total += 1;'] };

describe('promptInput', () => {
  it('takes the window, the edits oldest first, and the editable lines before the latest edit here', () => {
    const other: EditRecord = { uri: 'file:///p/y.ts', start: 0, before: ['x'], after: ['y'] };
    const input = promptInput(doc, { above: 1, below: 2, context: 1 }, { line: 2, character: 0 }, [rename, other], (uri) => uri.slice('file:///p/'.length), 'typescript');
    expect(input).toEqual({
      path: 'x.ts',
      languageId: 'typescript',
      lines: ['a0', 'let total = 0;', 'total += 1;', 'log(count);', 'a4', 'a5'],
      first: 0,
      editable: { start: 1, end: 5 },
      cursor: { line: 2, character: 0 },
      edits: [
        { path: 'y.ts', before: ['x'], after: ['y'], diff: '@@ -1,1 +1,1 @@\n-x\n+y' },
        { path: 'x.ts', before: ['let count = 0;', 'count += 1;'], after: ['let total = 0;', 'total += 1;'], diff: '@@ -2,2 +2,2 @@\n-let count = 0;\n-count += 1;\n+let total = 0;\n+total += 1;' },
      ],
      original: ['let count = 0;', 'count += 1;', 'log(count);', 'a4'],
    });
  });
  it('shows at most the latest few edits and skips those that undid themselves', () => {
    const records: EditRecord[] = Array.from({ length: MAX_PROMPT_EDITS + 3 }, (_, i) => ({ uri: `file:///p/f${i}.ts`, start: 0, before: [`${i}`], after: i === 0 ? ['0'] : [`${i}!`] }));
    const input = promptInput(doc, { above: 1, below: 1, context: 0 }, { line: 4, character: 0 }, records, (uri) => uri, 'ts');
    expect(input.edits.map((e) => e.before[0])).toEqual(['5', '4', '3', '2', '1']);
  });
});

describe('originalOf', () => {
  it('leaves the lines as they are when the change is not inside them', () => {
    expect(originalOf(['x', 'y'], 10, rename)).toEqual(['x', 'y']);
  });
});
