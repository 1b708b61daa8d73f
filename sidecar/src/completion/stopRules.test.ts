import { describe, expect, it } from 'vitest';
import { firstNonBlankLine, indentWidth, initialLineState, judgeLine, withoutDoubledSpace, type Hole } from './stopRules.js';

const hole: Hole = {
  multiline: true,
  languageId: 'typescript',
  lineBefore: '  if (ok) {',
  lineAfter: '',
  suffix: '\n  }\n',
  brackets: { inherited: 1, lacking: 0 },
  maxLines: 40,
};

describe('judgeLine', () => {
  it('counts brackets opened on the cursor line before the cursor as closable', () => {
    const state = initialLineState(hole);
    expect(state.inherited).toBe(1);
    const r = judgeLine(hole, state, '    go(); }', true);
    expect(r.verdict).toEqual({ line: '    go(); }', end: undefined });
    expect(r.state.inherited).toBe(0);
  });

  it('tracks brackets the completion opened itself', () => {
    const r = judgeLine(hole, initialLineState(hole), 'call(a, [', true);
    expect(r.state.own).toBe(2);
  });

  it('never ends single-line mode before the line is terminated', () => {
    const single = { ...hole, multiline: false };
    expect(judgeLine(single, initialLineState(single), 'x', false).verdict).toEqual({ line: 'x', end: undefined });
    expect(judgeLine(single, initialLineState(single), 'x', true).verdict).toEqual({ line: 'x', end: 'end of line' });
  });

  it('does not stop on an empty first line (the rest of the cursor line) without code after the cursor', () => {
    expect(judgeLine(hole, initialLineState(hole), '', true).verdict.line).toBe('');
  });

  it('lets a closer the file lacks through the outer-bracket and dedent rules, once per lacking closer', () => {
    const lacking: Hole = { ...hole, lineBefore: '    ', suffix: '\n', brackets: { inherited: 0, lacking: 2 } };
    let state = judgeLine(lacking, initialLineState(lacking), 'x();', true).state;
    const inner = judgeLine(lacking, state, '  }', true);
    expect(inner.verdict).toEqual({ line: '  }', end: undefined });
    expect(inner.state).toMatchObject({ lacking: 1, indent: 2 });
    state = judgeLine(lacking, inner.state, '  y();', true).state;
    expect(judgeLine(lacking, state, '}', true).verdict).toEqual({ line: '}', end: 'block closed' });
    expect(judgeLine(lacking, state, '}}', true).verdict.end).toBe('outer bracket');
    expect(judgeLine(lacking, state, 'z();', true).verdict.end).toBe('dedent');
  });
});

describe('withoutDoubledSpace', () => {
  it('drops the reply’s leading whitespace only after whitespace', () => {
    expect(withoutDoubledSpace('return ', ' this;')).toBe('this;');
    expect(withoutDoubledSpace('\t', '\treturn v')).toBe('return v');
    expect(withoutDoubledSpace('foo(', ' a')).toBe(' a');
    expect(withoutDoubledSpace('', '  x')).toBe('  x');
  });
});

describe('helpers', () => {
  it('measures indentation with tabs as four columns', () => {
    expect(indentWidth('\t  x')).toBe(6);
    expect(indentWidth('x')).toBe(0);
  });

  it('finds the first non-blank line', () => {
    expect(firstNonBlankLine('\n  \n  }\n')).toBe('  }');
    expect(firstNonBlankLine('\n')).toBeUndefined();
  });
});
