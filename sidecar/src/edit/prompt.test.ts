import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { block, EDIT_CONTEXT_CHARS, EDIT_CONTEXT_LINES, fitContext } from './prompt.js';

describe('fitContext', () => {
  it('drops whole lines farthest from the selection until the side fits', () => {
    const long = Array.from({ length: EDIT_CONTEXT_LINES }, (_, i) => `${i}`.padEnd(299, 'x'));
    const above = fitContext(long, 'above');
    const below = fitContext(long, 'below');
    expect(above.length).toBe(20);
    expect(above.at(-1)).toBe(long.at(-1));
    expect(below[0]).toBe(long[0]);
    expect(below.length).toBe(20);
  });

  it('never cuts a line and never exceeds the cap (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 900 }), { maxLength: EDIT_CONTEXT_LINES }), fc.constantFrom('above' as const, 'below' as const), (lines, side) => {
        const kept = fitContext(lines, side);
        expect(kept.join('\n').length).toBeLessThanOrEqual(EDIT_CONTEXT_CHARS);
        const expected = side === 'above' ? lines.slice(lines.length - kept.length) : lines.slice(0, kept.length);
        expect(kept).toEqual(expected);
        const next = side === 'above' ? lines[lines.length - kept.length - 1] : lines[kept.length];
        if (next !== undefined) expect(kept.join('\n').length + next.length + (kept.length > 0 ? 1 : 0)).toBeGreaterThan(EDIT_CONTEXT_CHARS);
      }),
    );
  });

  it('drops a single nearest line that alone is over the cap', () => {
    expect(fitContext(['a', 'y'.repeat(EDIT_CONTEXT_CHARS + 1)], 'above')).toEqual([]);
  });
});

describe('block', () => {
  it('fences code with a fence longer than any of its own, so a Markdown file cannot close it', () => {
    expect(block('Code:', 'ts', ['a', 'b'])).toBe('Code:\n```ts\na\nb\n```');
    expect(block('Doc:', 'markdown', ['# T', '```sh', 'x', '````'])).toBe('Doc:\n`````markdown\n# T\n```sh\nx\n````\n`````');
  });
});
