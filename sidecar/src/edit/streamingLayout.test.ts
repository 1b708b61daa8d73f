import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { myersDiff } from './diff.js';
import { proposalLines, type Layout } from './layout.js';
import { StreamingLayout } from './streamingLayout.js';

function chunk(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  return [...points, text.length].map((p) => text.slice(0, p));
}

const sign = { context: ' ', removed: '-', added: '+', unreached: '?' } as const;
const picture = (l: Layout) => l.lines.map((x, i) => `${i === l.streamingLine ? '>' : sign[x.kind]}${x.text}`);
/** The lines above the stream's head: everything but the unfinished line and the unreached lines. */
const settled = (l: Layout) => l.lines.slice(0, l.streamingLine ?? l.lines.findIndex((x) => x.kind === 'unreached') >>> 0).filter((x) => x.kind !== 'unreached');
const edits = (a: string[], b: string[]) => myersDiff(a, b).reduce((n, h) => n + h.aEnd - h.aStart + h.bEnd - h.bStart, 0);

describe('StreamingLayout', () => {
  const base = ['function f(a) {', '  const x = a + 1;', '  return x;', '}', ''];
  const reply = 'function f(a) {\n  const y = a + 2;\n  log(y);\n  return y;\n}\n';

  it('grows at the head: new lines above the unreached original lines, which turn red once passed', () => {
    const s = new StreamingLayout(base);
    expect(picture(s.update('function f(a) {\n  const y = a'))).toEqual([' function f(a) {', '>  const y = a', '?  const x = a + 1;', '?  return x;', '?}', '?']);
    // A finished line much like the next original line rewrites it: the original turns red above it.
    expect(picture(s.update('function f(a) {\n  const y = a + 2;\n  log(y);\n'))).toEqual([
      ' function f(a) {',
      '-  const x = a + 1;',
      '+  const y = a + 2;',
      '+  log(y);',
      '?  return x;',
      '?}',
      '?',
    ]);
    expect(picture(s.update(reply))).toEqual([' function f(a) {', '-  const x = a + 1;', '+  const y = a + 2;', '+  log(y);', '-  return x;', '+  return y;', ' }', '?']);
  });

  it('a brace or blank line does not jump to an equal line further down', () => {
    const s = new StreamingLayout(['run();', '}', '', 'done();']);
    // The brace closes a block the stream added, the blank line equals any blank line.
    expect(picture(s.update('if (b) {\n}\n\n'))).toEqual(['+if (b) {', '+}', '+', '?run();', '?}', '?', '?done();']);
    // ...unless it closes a block the stream kept, over a few lines nested deeper: the block lost its end.
    const kept = new StreamingLayout(['if (a) {', '  run();', '  stop();', '}', 'done();']);
    expect(picture(kept.update('if (a) {\n  go();\n}\n'))).toEqual([' if (a) {', '+  go();', '-  run();', '-  stop();', ' }', '?done();']);
  });

  it('a line worth the jump passes the original lines above its equal; they turn red where they stand', () => {
    const s = new StreamingLayout(['a();', 'old();', 'call(alpha);', 'keep();', 'end();']);
    const l = s.update('a();\ncall(beta, 2);\nkeep();\n');
    expect(picture(l)).toEqual([' a();', '+call(beta, 2);', '-old();', '-call(alpha);', ' keep();', '?end();']);
    // The closed hunk's words are paired once, when a context line closes it.
    expect(new Set(l.words.map((w) => l.lines[w.line].kind))).toEqual(new Set(['added', 'removed']));
  });

  it('a long jump waits for lines in step with the original before it is taken', () => {
    const base = ['head();', ...Array.from({ length: 8 }, (_, i) => `moved${i}();`), 'tail1();', 'tail2();', 'tail3();', 'tail4();'];
    const s = new StreamingLayout(base);
    // tail1 is 9 lines below the head: not at once, and not after one line in step.
    expect(picture(s.update('head();\ntail1();\n')).filter((l) => l.startsWith('-'))).toEqual([]);
    // Three lines in step make the twelve-line jump worth it; those three were shown added, and stay so.
    const later = s.update('head();\ntail1();\ntail2();\ntail3();\ntail4();\n');
    expect(picture(later).slice(-2)).toEqual(['-tail3();', ' tail4();']);
    expect(picture(later).filter((l) => l.startsWith('+'))).toEqual(['+tail1();', '+tail2();', '+tail3();']);
    // The settle finds the shortest diff: only the moved lines are removed.
    expect(picture(s.settle('head();\ntail1();\ntail2();\ntail3();\ntail4();\n')).filter((l) => !l.startsWith(' '))).toHaveLength(8);
  });

  it('reads a new line as the next original line rewritten when the two share words, not punctuation; a header needs more than half of them', () => {
    const s = new StreamingLayout(['  total += line.price * line.quantity;', '}']);
    expect(picture(s.update('  total += lineAmount(line);\n'))).toEqual(['-  total += line.price * line.quantity;', '+  total += lineAmount(line);', '?}']);
    const call = new StreamingLayout(['  b();', '}']);
    expect(picture(call.update('  c(d);\n'))).toEqual(['+  c(d);', '?  b();', '?}']);
    // A helper's header above the original's: keywords and types alike, another name.
    const header = new StreamingLayout(['    def render(self, orders):', '        lines = []']);
    expect(picture(header.update('    def _order_total(self, order):\n'))).toEqual(['+    def _order_total(self, order):', '?    def render(self, orders):', '?        lines = []']);
    const renamed = new StreamingLayout(['export function formatDate(date: Date): string {', '}']);
    expect(picture(renamed.update('export function formatDay(date: Date): string {\n'))[0]).toBe('-export function formatDate(date: Date): string {');
  });

  it('settles a hunk the stream showed added above removed to removed above added, once', () => {
    const s = new StreamingLayout(['a();', 'old(1);', 'keep();']);
    // Nothing tells the stream that the new line replaces old(1); until keep() arrives.
    expect(picture(s.update('a();\nfresh(2);\nkeep();\n'))).toEqual([' a();', '+fresh(2);', '-old(1);', ' keep();']);
    expect(picture(s.settle('a();\nfresh(2);\nkeep();\n'))).toEqual([' a();', '-old(1);', '+fresh(2);', ' keep();']);
  });

  it('settles to a shortest diff that keeps what the stream showed', () => {
    const s = new StreamingLayout(base);
    for (const text of chunk(reply, [3, 9, 20, 31, 40, 47])) s.update(text);
    const final = s.settle(reply);
    // The stream's alignment is already a shortest one: the settle turns the unreached line red and
    // puts the hunk's removed lines above its added ones.
    expect(picture(final)).toEqual([' function f(a) {', '-  const x = a + 1;', '-  return x;', '+  const y = a + 2;', '+  log(y);', '+  return y;', ' }', '-']);
    expect(final.lines.filter((l) => l.kind !== 'context')).toHaveLength(edits(base, proposalLines(reply)));
  });

  it('settles a hunk the stream could not split by diffing it within itself, keeping every pair the stream showed', () => {
    const s = new StreamingLayout(['a();', 'old();', '}', 'keep();']);
    // The brace cannot jump over old() (it closes no block the stream kept), so it is added; keep() then passes both.
    expect(picture(s.update('a();\n}\nkeep();\n'))).toEqual([' a();', '+}', '-old();', '-}', ' keep();']);
    expect(picture(s.settle('a();\n}\nkeep();\n'))).toEqual([' a();', '-old();', ' }', ' keep();']);
  });

  it('keeps unchanged line objects when a chunk only extends the partial line', () => {
    const s = new StreamingLayout(base);
    const before = s.update('function f(a) {\n  const y');
    const after = s.update('function f(a) {\n  const y = a');
    expect(after.lines.length).toBe(before.lines.length);
    after.lines.forEach((line, i) => (i === after.streamingLine ? expect(line).not.toBe(before.lines[i]) : expect(line).toBe(before.lines[i])));
    expect(after.words).toBe(before.words);
  });

  it('starts over when the text does not extend the previous one', () => {
    const s = new StreamingLayout(base);
    s.update('function g() {\n  nope\n');
    expect(picture(s.update('function f(a) {\n'))).toEqual([' function f(a) {', '?  const x = a + 1;', '?  return x;', '?}', '?']);
  });

  it('property: every chunk keeps the lines above the head as they were, both sides intact; settle is a shortest diff, each hunk removed above added', () => {
    const line = fc.constantFrom('a();', 'b();', 'c();', '}', '', 'x = 1;', 'x = 2;', 'let y;');
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 20, size: 'max' }),
        fc.array(line, { maxLength: 20, size: 'max' }),
        fc.array(fc.nat(400), { maxLength: 12 }),
        (baseline, proposal, cuts) => {
          const s = new StreamingLayout(baseline);
          const text = proposal.join('\n');
          let prev: Layout | null = null;
          for (const sofar of chunk(text, cuts)) {
            const l = s.update(sofar);
            const firstUnreached = l.lines.findIndex((x) => x.kind === 'unreached');
            if (firstUnreached >= 0) expect(l.lines.slice(firstUnreached).every((x) => x.kind === 'unreached')).toBe(true);
            expect(l.lines.filter((x) => x.kind !== 'added').map((x) => x.text)).toEqual(baseline);
            const parts = sofar.split('\n');
            if (parts[parts.length - 1] === '') parts.pop();
            expect(l.lines.filter((x) => x.kind === 'context' || x.kind === 'added').map((x) => x.text)).toEqual(parts);
            if (prev) expect(settled(l).slice(0, settled(prev).length)).toEqual(settled(prev));
            prev = l;
          }
          const final = s.settle(text);
          expect(final.lines.filter((x) => x.kind !== 'added').map((x) => x.text)).toEqual(baseline);
          expect(final.lines.filter((x) => x.kind !== 'removed').map((x) => x.text)).toEqual(proposalLines(text));
          expect(final.lines.filter((x) => x.kind !== 'context')).toHaveLength(edits(baseline, proposalLines(text)));
          expect(final.lines.map((x) => x.kind[0]).join('')).not.toMatch(/ar/);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('property: a final text that does not extend the streamed one still settles to both sides intact and a shortest diff', () => {
    const line = fc.constantFrom('a();', 'b();', '}', '', 'x = 1;', 'x = 2;');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.array(line, { maxLength: 12 }), fc.array(line, { maxLength: 12 }), (baseline, streamed, final) => {
        const s = new StreamingLayout(baseline);
        for (const sofar of chunk(streamed.join('\n') + '\n', [3, 9, 20])) s.push(sofar);
        const text = final.join('\n') + '\n';
        const l = s.settle(text);
        expect(l.lines.filter((x) => x.kind !== 'added').map((x) => x.text)).toEqual(baseline);
        expect(l.lines.filter((x) => x.kind !== 'removed').map((x) => x.text)).toEqual(proposalLines(text));
        expect(l.lines.filter((x) => x.kind !== 'context')).toHaveLength(edits(baseline, proposalLines(text)));
      }),
      { numRuns: 400 },
    );
  });
});
