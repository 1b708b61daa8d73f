import { describe, expect, it } from 'vitest';
import { CHAT_START, filterChatLine, linesAbove, wordFragment } from './chatReply.js';

/** Runs whole reply lines through the filter the way the stream does. */
function filterAll(lineBefore: string, reply: string[], above: string[] = []): { lines: string[]; end?: string } {
  let state = CHAT_START;
  const lines: string[] = [];
  for (const line of reply) {
    const r = filterChatLine({ lineBefore, above }, state, line);
    state = r.state;
    lines.push(...r.lines);
    if (r.end) return { lines, end: r.end };
  }
  return { lines };
}

describe('wordFragment', () => {
  it('is the word being typed before the cursor', () => {
    expect(wordFragment('  const res = aw')).toBe('aw');
    expect(wordFragment('  call(')).toBe('');
  });
});

describe('filterChatLine', () => {
  it('drops the opening fence and ends at the closing fence', () => {
    expect(filterAll('  ', ['```typescript', 'return 1;', '}', '```', 'Explanation'])).toEqual({ lines: ['return 1;', '}'], end: 'closing fence' });
  });

  it('takes an unfenced reply as is', () => {
    expect(filterAll('x = ', ['compute()'])).toEqual({ lines: ['compute()'] });
  });

  it('strips a restarted cursor line', () => {
    expect(filterAll('  const res = aw', ['```ts', '  const res = await fetch(url);', '```'])).toEqual({
      lines: ['ait fetch(url);'],
      end: 'closing fence',
    });
    expect(filterAll('    const res = aw', ['const res = await fetch(url);'])).toEqual({ lines: ['ait fetch(url);'] });
  });

  it('strips a repeated word fragment', () => {
    expect(filterAll('  const res = aw', ['```', 'await fetch(url);'])).toEqual({ lines: ['ait fetch(url);'] });
  });

  it('discards a reply that ignored the word fragment', () => {
    expect(filterAll('  const res = aw', ['```', 'fetch(url);', 'more'])).toEqual({ lines: [], end: 'ignored fragment' });
  });

  it('puts a block body on its own line after an opener', () => {
    expect(filterAll('function f() {', ['```js', '  return 1;', '}', '```'])).toEqual({ lines: ['', '  return 1;', '}'], end: 'closing fence' });
  });

  it('skips blank lines before the code but keeps them inside it', () => {
    expect(filterAll('', ['', '```py', '', 'a = 1', '', 'b = 2', '```'])).toEqual({ lines: ['a = 1', '', 'b = 2'], end: 'closing fence' });
  });

  it('drops lines that repeat the lines above the cursor, up to the cursor line', () => {
    const above = ['function sum(xs) {'];
    expect(filterAll('  ', ['```js', 'function sum(xs) {', '  return total(xs);', '}', '```'], above)).toEqual({ lines: ['return total(xs);', '}'], end: 'closing fence' });
    const two = ['class A {', '  m() {'];
    expect(filterAll('    ', ['class A {', '  m() {', '    go();'], two)).toEqual({ lines: ['go();'] });
  });

  it('keeps lines that only began like the lines above, once the reply departs from them', () => {
    const above = ['def f(items):', '    total = 0'];
    expect(filterAll('    ', ['def f(items):', '    count = len(items)'], above)).toEqual({ lines: ['def f(items):', '    count = len(items)'] });
  });

  it('shows nothing for a reply that only repeats the lines above', () => {
    expect(filterAll('', ['```', 'x = 1', '```'], ['x = 1'])).toEqual({ lines: [], end: 'closing fence' });
  });
});

describe('linesAbove', () => {
  it('is the prompt prefix without the cursor line, at most 20 lines', () => {
    expect(linesAbove('a\nb\n  c')).toEqual(['a', 'b']);
    expect(linesAbove(Array.from({ length: 30 }, (_, i) => `l${i}`).join('\n'))).toHaveLength(20);
  });
});

