import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeLine } from './mergeLine.js';

describe('mergeLine', () => {
  it('puts typing at the end of a line the stream then re-indents onto the new indentation', () => {
    expect(mergeLine('  ONE = 1', '  ONE = 1 // mine', '      ONE = 1')).toBe('      ONE = 1 // mine');
    expect(mergeLine('      x', 'y      x', '  x')).toBe('y  x');
  });

  it("keeps the stream's continuation of an unfinished line before the user's text typed at its end", () => {
    expect(mergeLine('  p3 al', '  p3 al;', '  p3 alpha beta')).toBe('  p3 alpha beta;');
    expect(mergeLine('  p3 al', '  p3/*m*/ al', '  p3 alpha')).toBe('  p3/*m*/ alpha');
  });

  it('refuses when both changed the same characters', () => {
    expect(mergeLine('Sure, here it is:', 'Sure, here/*m*/ it is:', '  p0 alpha')).toBeNull();
    expect(mergeLine('abc', 'aXc', 'aYc')).toBeNull();
  });

  it("returns one side when the other did not change, and never loses the user's text when it merges", () => {
    const text = fc.string({ maxLength: 8, unit: fc.constantFrom('a', 'b', ' ', 'x') });
    fc.assert(
      fc.property(text, text, text, fc.nat(8), (head, tail, inserted, at) => {
        const base = head + tail;
        expect(mergeLine(base, base, inserted)).toBe(inserted);
        expect(mergeLine(base, inserted, base)).toBe(inserted);
        // The stream grows the line at its end; the user inserts "#" somewhere: the merge keeps both.
        const p = Math.min(at, base.length);
        const mine = base.slice(0, p) + '#' + base.slice(p);
        const merged = mergeLine(base, mine, base + inserted);
        expect(merged).not.toBeNull();
        expect(merged!.replace('#', '')).toBe(base + inserted);
      }),
    );
  });
});
