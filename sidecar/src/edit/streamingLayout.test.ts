import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { layoutDiff } from './layout.js';
import { StreamingLayout } from './streamingLayout.js';

function chunk(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  return [...points, text.length].map((p) => text.slice(0, p));
}

describe('StreamingLayout', () => {
  const base = ['function f(a) {', '  const x = a + 1;', '  return x;', '}', ''];
  const reply = 'function f(a) {\n  const y = a + 2;\n  log(y);\n  return y;\n}\n';

  it('matches a full streaming re-diff after every character', () => {
    const s = new StreamingLayout(base);
    for (let i = 0; i <= reply.length; i++) {
      expect(s.update(reply.slice(0, i))).toEqual(layoutDiff(base, reply.slice(0, i), { streaming: true }));
    }
  });

  it('keeps unchanged line objects when a chunk only extends the partial line', () => {
    const s = new StreamingLayout(base);
    const before = s.update('function f(a) {\n  const y');
    const after = s.update('function f(a) {\n  const y = a');
    expect(after.lines.length).toBe(before.lines.length);
    after.lines.slice(0, -1).forEach((line, i) => expect(line).toBe(before.lines[i]));
    expect(after.lines.at(-1)).not.toBe(before.lines.at(-1));
    expect(after.words).toBe(before.words);
  });

  it('reuses the line objects that did not change when a line completes', () => {
    const s = new StreamingLayout(base);
    const before = s.update('function f(a) {\n  const y = a + 2;\n');
    const after = s.update('function f(a) {\n  const y = a + 2;\n  log(y);\n');
    // Context, the unreached removed lines and the first added line stay; one line is new.
    expect(after.lines).toHaveLength(before.lines.length + 1);
    before.lines.forEach((line, i) => expect(after.lines[i]).toBe(line));
    expect(after.lines.at(-1)).toEqual({ kind: 'added', text: '  log(y);' });
  });

  it('starts over when the text does not extend the previous one', () => {
    const s = new StreamingLayout(base);
    s.update('function g() {\n  nope\n');
    expect(s.update('function f(a) {\n')).toEqual(layoutDiff(base, 'function f(a) {\n', { streaming: true }));
  });

  it('property: after every chunk, equals layoutDiff(streaming), also across the cell budget', () => {
    const line = fc.constantFrom('a', 'b', 'c', '}', '', 'x = 1', 'x = 2', 'let y;');
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 20, size: 'max' }),
        fc.array(line, { maxLength: 20, size: 'max' }),
        fc.array(fc.nat(400), { maxLength: 12 }),
        fc.constantFrom(undefined, 40, 120),
        (baseline, proposal, cuts, cellBudget) => {
          const s = new StreamingLayout(baseline, { cellBudget });
          for (const text of chunk(proposal.join('\n'), cuts)) {
            expect(s.update(text)).toEqual(layoutDiff(baseline, text, { streaming: true, cellBudget }));
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('crosses the real cell budget on a big region and still matches', () => {
    const baseline = Array.from({ length: 2200 }, (_, i) => `line ${i % 97} ${i % 13}`);
    const proposal = baseline.map((l, i) => (i % 50 === 7 ? `${l} changed` : l));
    proposal[0] = 'header changed';
    const text = proposal.join('\n');
    const s = new StreamingLayout(baseline);
    // Past line ~1817 the (2200+1)·(m+1) table exceeds the budget: check before and after.
    const stops = [1500, 1900, 2200].map((k) => proposal.slice(0, k).join('\n').length + 3);
    let last = 0;
    for (const stop of stops) {
      for (let p = last; p < stop; p += 4000) s.update(text.slice(0, p));
      last = stop;
      expect(s.update(text.slice(0, stop))).toEqual(layoutDiff(baseline, text.slice(0, stop), { streaming: true }));
    }
  });
});
