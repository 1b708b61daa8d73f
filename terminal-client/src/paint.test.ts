import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { TextBuffer } from '@redline/shared-protocol';
import { fitToScreen, paintHunk, paintRegion } from './paint.js';
import type { UnifiedHunk } from './unifiedDiff.js';

const buffer = new TextBuffer('a\nb\nold line\nnew line\nc\nd\ne\n');
const decorations = {
  runs: [
    { start: 2, count: 1, kind: 'removed' as const },
    { start: 3, count: 1, kind: 'added' as const },
  ],
  words: [{ line: 3, start: 0, end: 3, kind: 'added' as const }],
  whitespace: [],
  streamingLine: null,
};
const noMarks = { runs: [], words: [], whitespace: [], streamingLine: null };
const strip = (s: string) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

describe('paintRegion', () => {
  it('shows the diff lines with signs and two context lines around, plain without colour', () => {
    expect(paintRegion(buffer, decorations, false)).toEqual(['1   a', '2   b', '3 - old line', '4 + new line', '5   c', '6   d']);
  });

  it('tints lines red and green and the changed words harder', () => {
    const [, , removed, added] = paintRegion(buffer, decorations, true);
    expect(removed).toContain('\x1b[31m');
    expect(added).toContain('\x1b[32m');
    expect(added).toContain('\x1b[1;30;42mnew\x1b[0m');
  });

  it('paints nothing without marks', () => {
    expect(paintRegion(buffer, noMarks, true)).toEqual([]);
  });

  it('makes whitespace-only changes visible: tabs and trailing blanks in changed lines', () => {
    const ws = new TextBuffer('\tx = 1  \n    x = 1\n\tkeep\n');
    const marks = { runs: [{ start: 0, count: 1, kind: 'removed' as const }, { start: 1, count: 1, kind: 'added' as const }], words: [], whitespace: [], streamingLine: null };
    expect(paintRegion(ws, marks, false)).toEqual(['1 - →   x = 1··', '2 +     x = 1', '3       keep']);
  });

  it('labels a whitespace-only pair on its green line, and dims unreached original lines with ~', () => {
    const ws = new TextBuffer('\tx = 1\n    x = 1\nlater\n');
    const marks = {
      runs: [
        { start: 0, count: 1, kind: 'removed' as const },
        { start: 1, count: 1, kind: 'added' as const },
        { start: 2, count: 1, kind: 'unreached' as const },
      ],
      words: [],
      whitespace: [
        { line: 0, kind: 'removed' as const, change: 'indentation' as const },
        { line: 1, kind: 'added' as const, change: 'indentation' as const },
      ],
      streamingLine: null,
    };
    expect(paintRegion(ws, marks, false)).toEqual(['1 - →   x = 1', '2 +     x = 1  (indentation only)', '3 ~ later']);
    expect(paintRegion(ws, marks, true)[2]).toBe('\x1b[2;3m3 ~ later\x1b[0m');
  });

  it('never lets control characters from the file reach the terminal', () => {
    const evil = new TextBuffer('\x1b[2Jboom\x08x\x07\n');
    const marks = { runs: [{ start: 0, count: 1, kind: 'added' as const }], words: [], whitespace: [], streamingLine: null };
    expect(paintRegion(evil, marks, false)[0]).toBe('1 + ^[[2Jboom^Hx^G');
  });
});

describe('paintHunk', () => {
  const hunk: UnifiedHunk = {
    oldStart: 2,
    oldCount: 2,
    newStart: 2,
    newCount: 2,
    lines: [
      { kind: 'context', text: 'b', line: 1 },
      { kind: 'removed', text: 'old line', line: 2, noEol: false },
      { kind: 'added', text: 'new line', line: 3, noEol: true },
    ],
  };

  it('names a whitespace-only hunk after its header, where git apply ignores it', () => {
    const spaced = {
      ...noMarks,
      whitespace: [
        { line: 2, kind: 'removed' as const, change: 'indentation' as const },
        { line: 3, kind: 'added' as const, change: 'indentation' as const },
      ],
    };
    expect(paintHunk(hunk, spaced, false)[0]).toBe('@@ -2,2 +2,2 @@ indentation only');
    expect(paintHunk(hunk, { ...spaced, whitespace: spaced.whitespace.slice(1) }, false)[0]).toBe('@@ -2,2 +2,2 @@');
  });

  it('prints a git-style hunk with its header', () => {
    expect(paintHunk(hunk, decorations, false)).toEqual(['@@ -2,2 +2,2 @@', ' b', '-old line', '+new line', '\\ No newline at end of file']);
    const colored = paintHunk(hunk, decorations, true);
    expect(colored[0]).toBe('\x1b[36m@@ -2,2 +2,2 @@\x1b[0m');
    expect(colored[3]).toContain('\x1b[1;30;42mnew\x1b[0m');
  });
});

describe('fitToScreen', () => {
  const body = Array.from({ length: 30 }, (_, i) => `\x1b[32m${i + 1} + ${'x'.repeat(i)}\x1b[0m`);

  it('keeps the frame one line shorter than the terminal, the bottom of a taller body kept', () => {
    const frame = fitToScreen(body, 'status', 10, 200);
    expect(frame).toHaveLength(9);
    expect(strip(frame[0])).toBe('… 23 more lines above');
    expect(strip(frame[7])).toBe(`30 + ${'x'.repeat(29)}`);
    expect(frame[8]).toBe('status');
    expect(fitToScreen(body.slice(0, 3), 'status', 10, 200)).toEqual([...body.slice(0, 3), 'status']);
  });

  it('cuts lines to the terminal width, wide characters counted as two', () => {
    const frame = fitToScreen([...body, '漢字漢字漢字漢字漢字漢字'], 's', 6, 12);
    for (const line of frame) expect(stringWidth(strip(line))).toBeLessThanOrEqual(12);
    expect(strip(frame[frame.length - 2]).endsWith('…')).toBe(true);
  });
});
