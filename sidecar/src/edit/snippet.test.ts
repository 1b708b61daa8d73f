import { describe, expect, it } from 'vitest';
import { isElisionLine, locateSnippet } from './snippet.js';

const file = [
  'import { a } from "a";', // 0
  '', // 1
  'function first() {', // 2
  '  return 1;', // 3
  '}', // 4
  '', // 5
  'function second(x) {', // 6
  '  const y = x * 2;', // 7
  '  return y;', // 8
  '}', // 9
  '', // 10
  'function third() {', // 11
  '  return 3;', // 12
  '}', // 13
];

describe('isElisionLine', () => {
  it('recognises placeholder comments in several syntaxes', () => {
    for (const l of ['// ...', '  # ...', '/* ... */', '...', '…', '// rest of code', '<!-- ... -->', '// ... existing code ...', '# existing code']) {
      expect(isElisionLine(l), l).toBe(true);
    }
  });

  it('keeps real code and real comments', () => {
    for (const l of ['return x;', '// compute the total', 'foo(...args);', '#include <stdio.h>', '# restore defaults']) {
      expect(isElisionLine(l), l).toBe(false);
    }
  });
});

describe('locateSnippet', () => {
  it('finds the stretch a snippet with elisions repeats, ignoring indentation', () => {
    const snippet = 'function second(x) {\n  // ... existing code ...\n    return y + 1;\n}\n';
    expect(locateSnippet(file, snippet)).toEqual({ start: 6, end: 10 });
  });

  it('takes the earliest closing line rather than the file end', () => {
    expect(locateSnippet(file, 'function first() {\n  return 10;\n}')).toEqual({ start: 2, end: 5 });
  });

  it('prefers the earliest occurrence of a repeated stretch', () => {
    const twice = [...file, '  return 1;', '}'];
    expect(locateSnippet(twice, '  return 1;\n}')).toEqual({ start: 3, end: 5 });
  });

  it('returns null when fewer than half of the meaningful lines are in the file', () => {
    expect(locateSnippet(file, 'function fourth() {\n  // ...\n  doIt();\n  more();\n}')).toBeNull();
    expect(locateSnippet(file, '// ...\n\n')).toBeNull();
  });

  it('accepts exactly half', () => {
    expect(locateSnippet(file, 'function third() {\n  return 4;')).toEqual({ start: 11, end: 12 });
  });
});
