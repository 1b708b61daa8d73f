import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { takeFormatted } from './formatted.js';

describe('takeFormatted', () => {
  it("re-indents the proposal's lines and leaves the user's lines as they were", () => {
    const copy = ['function total(items) {', '   let sum = 0;', 'for (const item of items) sum += item.price;', '    return sum;', '}'];
    // The formatter re-indents every line of the body; only line 2 is the proposal's.
    const formatted = ['function total(items) {', '  let sum = 0;', '  for (const item of items) sum += item.price;', '  return sum;', '}'];
    const out = takeFormatted(copy, new Set([2]), formatted);
    expect(out.lines).toEqual(['function total(items) {', '   let sum = 0;', '  for (const item of items) sum += item.price;', '    return sum;', '}']);
    expect([...out.changed]).toEqual([2]);
    expect(out.taken).toBe(1);
  });

  it("takes a proposal's line the formatter split, and counts the new rows as the proposal's", () => {
    const copy = ['const a = 1;', 'const point = {x: 1, y: 2};', 'const b = 2;'];
    const formatted = ['const a = 1;', 'const point = {', '  x: 1,', '  y: 2,', '};', 'const b = 2;'];
    const out = takeFormatted(copy, new Set([1]), formatted);
    expect(out.lines).toEqual(formatted);
    expect([...out.changed].sort()).toEqual([1, 2, 3, 4]);
  });

  it("keeps a stretch the formatter rewrote when a user's line is in it", () => {
    // The formatter joins the user's line 0 with the proposal's line 1.
    const copy = ['const total =', '  a + b;', 'next();'];
    const formatted = ['const total = a + b;', 'next();'];
    const out = takeFormatted(copy, new Set([1]), formatted);
    expect(out.lines).toEqual(copy);
    expect(out.taken).toBe(0);
    expect([...out.changed]).toEqual([1]);
  });

  it('takes a line the formatter inserts between two of the proposal’s lines, not one beside a user’s line', () => {
    const copy = ['user();', 'import x from "x";', 'run(x);', 'user2();'];
    const formatted = ['user();', '', 'import x from "x";', '', 'run(x);', 'user2();'];
    const out = takeFormatted(copy, new Set([1, 2]), formatted);
    expect(out.lines).toEqual(['user();', 'import x from "x";', '', 'run(x);', 'user2();']);
    expect([...out.changed].sort()).toEqual([1, 2, 3]);
  });

  it("drops a blank line the formatter removes from the proposal's lines", () => {
    const copy = ['a();', '', '', 'b();'];
    const formatted = ['a();', '', 'b();'];
    expect(takeFormatted(copy, new Set([1, 2]), formatted).lines).toEqual(['a();', '', 'b();']);
    // The same blank lines as the user's: kept.
    expect(takeFormatted(copy, new Set([3]), formatted).lines).toEqual(copy);
  });

  it('changes nothing when the formatter leaves the proposal as it is', () => {
    const copy = ['if (x) {', '  y();', '}'];
    const out = takeFormatted(copy, new Set([1]), [...copy]);
    expect(out).toEqual({ lines: copy, changed: new Set([1]), taken: 0 });
  });

  it("never changes, adds or drops a line that is not the proposal's, whatever the formatter returns", () => {
    const line = fc.constantFrom('a', 'b', '  a', 'a;', '', '{', '}', ' b ');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.array(line, { maxLength: 14 }), fc.array(fc.boolean(), { maxLength: 12 }), (copy, formatted, flags) => {
        const changed = new Set(copy.flatMap((_, i) => (flags[i] ? [i] : [])));
        const out = takeFormatted(copy, changed, formatted);
        const users = (lines: readonly string[], rows: ReadonlySet<number>) => lines.filter((_, i) => !rows.has(i));
        expect(users(out.lines, out.changed)).toEqual(users(copy, changed));
        expect([...out.changed].every((i) => i < out.lines.length)).toBe(true);
      }),
    );
  });
});
