import { describe, expect, it } from 'vitest';
import { firstNonBlankLine, indentWidth, initialLineState, judgeLine, type Hole } from './stopRules.js';

const hole: Hole = { multiline: true, lineBefore: '  if (ok) {', lineAfter: '', suffix: '\n  }\n', maxLines: 40 };

describe('judgeLine', () => {
  it('counts brackets opened on the cursor line before the cursor as closable', () => {
    const state = initialLineState(hole);
    expect(state.inherited).toBe(1);
    const r = judgeLine(hole, state, '    go(); }', true);
    expect(r.verdict).toEqual({ keep: true, end: undefined });
    expect(r.state.inherited).toBe(0);
  });

  it('tracks brackets the completion opened itself', () => {
    const r = judgeLine(hole, initialLineState(hole), 'call(a, [', true);
    expect(r.state.own).toBe(2);
  });

  it('never ends single-line mode before the line is terminated', () => {
    const single = { ...hole, multiline: false };
    expect(judgeLine(single, initialLineState(single), 'x', false).verdict).toEqual({ keep: true, end: undefined });
    expect(judgeLine(single, initialLineState(single), 'x', true).verdict).toEqual({ keep: true, end: 'end of line' });
  });

  it('does not stop on an empty first line (the rest of the cursor line) without code after the cursor', () => {
    expect(judgeLine(hole, initialLineState(hole), '', true).verdict.keep).toBe(true);
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
