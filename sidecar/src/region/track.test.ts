import { describe, expect, it } from 'vitest';
import { TextBuffer, type Range } from '@redline/shared-protocol';
import type { LineKind } from '../edit/lines.js';
import { classifyChange, replacedRange } from './track.js';

// Lines 0..9; the region is lines 3..6: context, removed, added, context.
const doc = new TextBuffer(Array.from({ length: 10 }, (_, i) => `line${i}`).join('\n') + '\n');
const kinds: LineKind[] = ['context', 'removed', 'added', 'context'];
const r = (sl: number, sc: number, el: number, ec: number): Range => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } });
const classify = (range: Range | undefined, text: string, streaming = false) =>
  classifyChange({ start: 3, kinds, streaming }, { replaced: range && replacedRange(doc, range), text });

describe('classifyChange', () => {
  it('a change above shifts every tracked line by the lines it added or removed', () => {
    expect(classify(r(0, 2, 0, 2), 'a\nb\n')).toEqual({ kind: 'shift', delta: 2 });
    expect(classify(r(0, 0, 2, 0), '')).toEqual({ kind: 'shift', delta: -2 });
    expect(classify(r(3, 0, 3, 0), 'new\n')).toEqual({ kind: 'shift', delta: 1 });
    expect(classify(r(2, 5, 2, 5), '\nx')).toEqual({ kind: 'shift', delta: 1 });
  });

  it('typing within a line above or below changes nothing; on a region line it is followed', () => {
    expect(classify(r(1, 0, 1, 2), 'zz')).toEqual({ kind: 'none' });
    expect(classify(r(8, 0, 8, 0), 'q')).toEqual({ kind: 'none' });
    expect(classify(r(5, 2, 5, 4), 'XY')).toEqual({ kind: 'typed', index: 2 });
    expect(classify(r(4, 0, 4, 0), 'x', true)).toEqual({ kind: 'typed', index: 1 });
  });

  it('a change below the region, even a multi-line one, changes nothing', () => {
    expect(classify(r(7, 0, 9, 0), '')).toEqual({ kind: 'none' });
    expect(classify(r(6, 5, 6, 5), '\nbelow')).toEqual({ kind: 'none' });
  });

  it('deleting or joining a tracked line breaks the region', () => {
    expect(classify(r(4, 0, 5, 0), '').kind).toBe('broken');
    expect(classify(r(4, 5, 5, 0), '').kind).toBe('broken');
    expect(classify(r(5, 2, 5, 2), '\n').kind).toBe('broken');
    expect(classify(r(2, 0, 4, 2), '').kind).toBe('broken');
    expect(classify(undefined, 'whole').kind).toBe('broken');
  });

  it('says which line a break took, in words a message can show', () => {
    expect(classify(r(4, 0, 5, 0), '')).toEqual({ kind: 'broken', reason: 'a removed line was deleted' });
    expect(classify(r(5, 2, 5, 2), '\n')).toEqual({ kind: 'broken', reason: 'an added line was joined or split' });
    expect(classify(r(4, 5, 5, 0), '')).toEqual({ kind: 'broken', reason: 'a removed line was joined or split' });
  });

  it('whole context lines may come and go inside a settled region, not while streaming', () => {
    expect(classify(r(4, 0, 4, 0), 'mine\n')).toEqual({ kind: 'insert', at: 1, count: 1 });
    expect(classify(r(5, 5, 5, 5), '\nmine')).toEqual({ kind: 'insert', at: 3, count: 1 });
    expect(classify(r(6, 0, 7, 0), '')).toEqual({ kind: 'delete', at: 3, count: 1 });
    expect(classify(r(4, 0, 4, 0), 'mine\n', true).kind).toBe('broken');
    expect(classify(r(6, 0, 7, 0), '', true).kind).toBe('broken');
  });

  it('takes a CRLF line break at a line end as a whole line inserted below', () => {
    expect(classify(r(5, 5, 5, 5), '\r\nmine')).toEqual({ kind: 'insert', at: 3, count: 1 });
    expect(classify(r(2, 5, 2, 5), '\r\nmine')).toEqual({ kind: 'shift', delta: 1 });
  });

  it('reads a character past the line end as the line end', () => {
    expect(classify(r(5, 99, 5, 99), '\nmine')).toEqual({ kind: 'insert', at: 3, count: 1 });
  });
});
