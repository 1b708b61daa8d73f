import { describe, expect, it } from 'vitest';
import { scanLine, unmatchedOpens } from './brackets.js';

describe('scanLine', () => {
  it('reports opens and closes in order', () => {
    expect(scanLine('f(a[0]) {', { quote: null }).events).toEqual(['open', 'open', 'close', 'close', 'open']);
  });

  it('ignores brackets in string literals, including escaped quotes', () => {
    expect(scanLine(`x("(", '[', "\\"{")`, { quote: null }).events).toEqual(['open', 'close']);
  });

  it('ignores brackets after //', () => {
    expect(scanLine('a(b) // )))', { quote: null }).events).toEqual(['open', 'close']);
  });

  it('carries a backtick string to the next line but not a quote', () => {
    expect(scanLine('const t = `a {', { quote: null }).state.quote).toBe('`');
    expect(scanLine('} still text` + f(', { quote: '`' }).events).toEqual(['open']);
    expect(scanLine('x = "open', { quote: null }).state.quote).toBeNull();
  });
});

describe('unmatchedOpens', () => {
  it('counts brackets left open on a line', () => {
    expect(unmatchedOpens('if (a) {')).toBe(1);
    expect(unmatchedOpens('} else {')).toBe(1);
    expect(unmatchedOpens('call(a, [b')).toBe(2);
    expect(unmatchedOpens('done();')).toBe(0);
  });
});
