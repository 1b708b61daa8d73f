import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { layoutDiff, proposalLines, splitProposal, type Layout } from './layout.js';

const picture = (l: Layout) => l.lines.map((x) => `${x.kind === 'context' ? ' ' : x.kind === 'removed' ? '-' : '+'}${x.text}`);

describe('splitProposal', () => {
  it('separates the unfinished last line', () => {
    expect(splitProposal('a\nb')).toEqual({ complete: ['a'], partial: 'b' });
    expect(splitProposal('a\n')).toEqual({ complete: ['a'], partial: '' });
    expect(splitProposal('')).toEqual({ complete: [], partial: '' });
    expect(proposalLines('a\nb\n')).toEqual(['a', 'b']);
  });
});

describe('layoutDiff', () => {
  it('shows equal lines as context and each hunk as removals before additions', () => {
    const l = layoutDiff(['a', 'b', 'c'], 'a\nB\nX\nc\n');
    expect(picture(l)).toEqual([' a', '-b', '+B', '+X', ' c']);
    expect(l.streamingLine).toBeNull();
  });

  it('does not turn a trailing newline into an extra empty line', () => {
    expect(picture(layoutDiff(['x', 'y'], 'x\ny\n'))).toEqual([' x', ' y']);
    expect(picture(layoutDiff(['x', 'y'], 'x\ny'))).toEqual([' x', ' y']);
  });

  it('maps word spans to layout lines', () => {
    const l = layoutDiff(['keep', 'const x = 1;'], 'keep\nconst x = 2;');
    expect(l.words).toEqual([
      { line: 1, start: 10, end: 11 },
      { line: 2, start: 10, end: 11 },
    ]);
  });

  it('marks both lines of a pair that differs only in whitespace, without word spans', () => {
    const l = layoutDiff(['if (a) {', '\treturn a;', '}'], 'if (a) {\n    return a;\n}\n');
    expect(l.lines.filter((x) => x.whitespace).map((x) => [x.kind, x.whitespace])).toEqual([
      ['removed', 'indentation'],
      ['added', 'indentation'],
    ]);
    expect(l.words).toEqual([]);
    const inner = layoutDiff(['x = a+b'], 'x = a + b');
    expect(inner.lines.map((x) => x.whitespace)).toEqual(['whitespace', 'whitespace']);
  });

  it('property: context+removed is the baseline, context+added is the proposal', () => {
    const line = fc.constantFrom('a', 'b', 'c', '}', '', 'x = 1', 'x = 2', '  x = 1');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 25 }), fc.array(line, { maxLength: 25 }), (base, prop) => {
        const text = prop.join('\n');
        const l = layoutDiff(base, text);
        expect(l.lines.filter((x) => x.kind !== 'added').map((x) => x.text)).toEqual(base);
        expect(l.lines.filter((x) => x.kind !== 'removed').map((x) => x.text)).toEqual(proposalLines(text));
        for (const w of l.words) {
          expect(l.lines[w.line].kind).not.toBe('context');
          expect(0 <= w.start && w.start < w.end && w.end <= l.lines[w.line].text.length).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
