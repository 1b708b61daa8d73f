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

describe('mergeLine with typing in several places', () => {
  it("keeps the stream's continuation before typing at the end when the user also typed after the first word", () => {
    expect(mergeLine('  p0 alpha é ', '  p0/*m0*/ alpha é /*m1*/', '  p0 alpha é 1;')).toBe('  p0/*m0*/ alpha é 1;/*m1*/');
    expect(mergeLine('  p4 retu', '  p4/*m0*/ retu/*m1*/', '  p4 return sum')).toBe('  p4/*m0*/ return sum/*m1*/');
  });

  it('merges a re-indented line with typing at both ends of it', () => {
    expect(mergeLine('  x = 1', '#  x = 1;', '      x = 1')).toBe('#      x = 1;');
  });

  it('keeps every insertion of the user, wherever the stream grew the line', () => {
    const text = fc.string({ maxLength: 8, unit: fc.constantFrom('a', 'b', ' ', 'x') });
    fc.assert(
      fc.property(text, text, fc.nat(8), fc.nat(8), (base, grown, p, q) => {
        const [i, j] = [Math.min(p, q, base.length), Math.min(Math.max(p, q), base.length)];
        const mine = base.slice(0, i) + '#' + base.slice(i, j) + '%' + base.slice(j);
        const merged = mergeLine(base, mine, base + grown);
        expect(merged).not.toBeNull();
        expect(merged!.replace('#', '').replace('%', '')).toBe(base + grown);
        expect(merged!.indexOf('#')).toBeLessThan(merged!.indexOf('%'));
      }),
    );
  });
});
