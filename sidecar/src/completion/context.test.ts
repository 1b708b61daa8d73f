import { describe, expect, it } from 'vitest';
import { extractContext, withItem } from './context.js';

describe('extractContext', () => {
  const text = 'l0\nl1\nl2 ab|cd\nl3\nl4\n';
  const at = text.indexOf('|');

  it('splits at the cursor with whole lines either side', () => {
    const ctx = extractContext(text, at);
    expect(ctx).toEqual({ prefix: 'l0\nl1\nl2 ab', suffix: '|cd\nl3\nl4\n', prefixAtFileStart: true, lineBefore: 'l2 ab', lineAfter: '|cd' });
  });

  it('keeps a window of lines and says when the prefix was cut', () => {
    const ctx = extractContext(text, at, 1);
    expect(ctx.prefix).toBe('l1\nl2 ab');
    expect(ctx.suffix).toBe('|cd\nl3');
    expect(ctx.prefixAtFileStart).toBe(false);
  });

  it('handles the start and the end of a file', () => {
    expect(extractContext('abc', 0)).toMatchObject({ prefix: '', suffix: 'abc', prefixAtFileStart: true, lineBefore: '', lineAfter: 'abc' });
    expect(extractContext('abc', 3)).toMatchObject({ prefix: 'abc', suffix: '', lineAfter: '' });
  });

  it('keeps whitespace exactly', () => {
    expect(extractContext('  x\r\n\t', 5)).toMatchObject({ prefix: '  x\r\n', lineBefore: '', suffix: '\t' });
  });
});

describe('withItem', () => {
  it('rebuilds prefix and suffix as if the highlighted item had been typed', () => {
    const typed = withItem('console.lo);\nnext', 8, 10, 'log');
    expect(typed).toEqual({ text: 'console.log);\nnext', offset: 11 });
    const ctx = extractContext(typed.text, typed.offset);
    expect(ctx.prefix).toBe('console.log');
    expect(ctx.suffix).toBe(');\nnext');
    expect(ctx.lineAfter).toBe(');');
  });
});
