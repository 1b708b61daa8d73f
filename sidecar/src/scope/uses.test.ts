import { describe, expect, it } from 'vitest';
import { parseText } from './parse.js';
import { scopeRulesFor } from './scopeRules.js';
import { usesInScope } from './uses.js';

async function uses(languageId: string, lines: string[], at: { row: number; column: number }, name: string): Promise<number[]> {
  const tree = (await parseText(languageId, lines.join('\n')))!;
  try {
    return usesInScope(tree.rootNode, at, name, scopeRulesFor(languageId)!);
  } finally {
    tree.delete();
  }
}

describe('usesInScope', () => {
  const TS = [
    'export function summarize(total: number[], label: string) {', // 0: `count` renamed to `total` here
    '  let sum = 0;',
    '  for (const value of count) sum += value;',
    '  const o = { count };',
    '  o.count = 1; // count in a comment',
    "  log('count', sum);",
    '  return count.length;',
    '}',
    'function other(count: number) {',
    '  return count;',
    '}',
  ];
  it('finds the old name\'s uses in the renamed parameter\'s function, not in strings, comments, members or another function', async () => {
    expect(await uses('typescript', TS, { row: 0, column: 26 }, 'count')).toEqual([2, 3, 6]);
  });
  it('at top level, the whole file', async () => {
    expect(await uses('typescript', ['const total = 1;', 'f(count);', 'function g() { return count; }'], { row: 0, column: 6 }, 'count')).toEqual([1, 2]);
  });
  it('reads other grammars the same way (Python, Java, Kotlin, Go, Rust)', async () => {
    expect(await uses('python', ['def f(total):', '    x.count = count', '    return count', 'count = 2'], { row: 0, column: 6 }, 'count')).toEqual([1, 2]);
    expect(await uses('java', ['class A {', '  int f(int total) {', '    return this.count + count;', '  }', '}'], { row: 1, column: 12 }, 'count')).toEqual([2]);
    expect(await uses('kotlin', ['fun f(total: Int): Int {', '    val y = x.count', '    return count', '}'], { row: 0, column: 6 }, 'count')).toEqual([2]);
    expect(await uses('go', ['func f(total int) int {', '\treturn x.count + count', '}'], { row: 0, column: 7 }, 'count')).toEqual([1]);
    expect(await uses('rust', ['fn f(total: i32) -> i32 {', '    x.count + count', '}'], { row: 0, column: 5 }, 'count')).toEqual([1]);
  });
});
