import { describe, expect, it } from 'vitest';
import { TextBuffer } from '@redline/shared-protocol';
import { paintRegion } from './paint.js';

const buffer = new TextBuffer('a\nb\nold line\nnew line\nc\nd\ne\n');
const decorations = {
  runs: [
    { start: 2, count: 1, kind: 'removed' as const },
    { start: 3, count: 1, kind: 'added' as const },
  ],
  words: [{ line: 3, start: 0, end: 3, kind: 'added' as const }],
  streamingLine: null,
};

describe('paintRegion', () => {
  it('shows the diff lines with signs and two context lines around, plain when not a terminal', () => {
    expect(paintRegion(buffer, decorations, false)).toEqual(['1   a', '2   b', '3 - old line', '4 + new line', '5   c', '6   d']);
  });

  it('tints lines red and green and the changed words harder', () => {
    const [, , removed, added] = paintRegion(buffer, decorations, true);
    expect(removed).toContain('\x1b[31m');
    expect(added).toContain('\x1b[32m');
    expect(added).toContain('\x1b[1;30;42mnew\x1b[0m');
  });

  it('paints nothing without marks', () => {
    expect(paintRegion(buffer, { runs: [], words: [], streamingLine: null }, true)).toEqual([]);
  });
});
