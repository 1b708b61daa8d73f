import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { layoutDiff, splitProposal, type Layout } from './layout.js';

const picture = (l: Layout) => l.lines.map((x) => `${x.kind === 'context' ? ' ' : x.kind === 'removed' ? '-' : '+'}${x.text}`);

describe('splitProposal', () => {
  it('separates the unfinished last line', () => {
    expect(splitProposal('a\nb')).toEqual({ complete: ['a'], partial: 'b' });
    expect(splitProposal('a\n')).toEqual({ complete: ['a'], partial: '' });
    expect(splitProposal('')).toEqual({ complete: [], partial: '' });
  });
});

describe('layoutDiff', () => {
  it('shows equal lines as context and each hunk as removals before additions', () => {
    const l = layoutDiff(['a', 'b', 'c'], 'a\nB\nX\nc\n', { streaming: false });
    expect(picture(l)).toEqual([' a', '-b', '+B', '+X', ' c']);
    expect(l.streamingLine).toBeNull();
  });

  it('does not turn a trailing newline into an extra empty line', () => {
    expect(picture(layoutDiff(['x', 'y'], 'x\ny\n', { streaming: false }))).toEqual([' x', ' y']);
    expect(picture(layoutDiff(['x', 'y'], 'x\ny', { streaming: false }))).toEqual([' x', ' y']);
  });

  it('maps word spans to layout lines', () => {
    const l = layoutDiff(['keep', 'const x = 1;'], 'keep\nconst x = 2;', { streaming: false });
    expect(l.words).toEqual([
      { line: 1, start: 10, end: 11 },
      { line: 2, start: 10, end: 11 },
    ]);
  });

  it('streaming: the partial line sits at the bottom, below unreached removed lines, unpaired', () => {
    const base = ['function f() {', '  return 1;', '}', 'f();'];
    const l = layoutDiff(base, 'function f() {\n  return 2;\n  return 1', { streaming: true });
    expect(picture(l)).toEqual([' function f() {', '-  return 1;', '-}', '-f();', '+  return 2;', '+  return 1']);
    expect(l.streamingLine).toBe(5);
    expect(l.words.some((w) => w.line === 5)).toBe(false);
  });

  it('streaming: an empty partial line is not shown', () => {
    const l = layoutDiff(['a', 'b'], 'a\n', { streaming: true });
    expect(picture(l)).toEqual([' a', '-b']);
    expect(l.streamingLine).toBeNull();
  });

  it('streaming: no suffix trim, so a reply tail equal to the original end is not pinned there', () => {
    const l = layoutDiff(['a', '}', 'b', '}'], 'x\n}\n', { streaming: true });
    expect(picture(l)).toEqual(['-a', '+x', ' }', '-b', '-}']);
  });

  it('property: context+removed is the baseline, context+added is the proposal', () => {
    const line = fc.constantFrom('a', 'b', 'c', '}', '', 'x = 1', 'x = 2');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 25 }), fc.array(line, { maxLength: 25 }), fc.string({ maxLength: 4 }), fc.boolean(), (base, prop, tail, streaming) => {
        const text = prop.join('\n') + (tail.includes('\n') ? '' : `\n${tail}`);
        const l = layoutDiff(base, text, { streaming, cellBudget: streaming ? 60 : undefined });
        const { complete, partial } = splitProposal(text);
        const proposal = partial === '' ? complete : [...complete, partial];
        expect(l.lines.filter((x) => x.kind !== 'added').map((x) => x.text)).toEqual(base);
        expect(l.lines.filter((x) => x.kind !== 'removed').map((x) => x.text)).toEqual(proposal);
        for (const w of l.words) {
          expect(l.lines[w.line].kind).not.toBe('context');
          expect(0 <= w.start && w.start < w.end && w.end <= l.lines[w.line].text.length).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
