import { describe, expect, it } from 'vitest';
import { identifiers, jaccard, MIN_SIMILARITY, similarSnippets, windowsOf, WINDOW_LINES } from './similar.js';

const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i));

describe('similarSnippets', () => {
  const cart = [...lines(30, (i) => `const filler${i} = ${i};`), 'export function cartTotal(cart: Cart): Money {', '  return cart.items.reduce((sum, item) => sum + item.price * item.quantity, 0);', '}'];
  const other = lines(40, (i) => `log("unrelated line ${i}")`);
  const docs = [
    { path: 'src/other.ts', languageId: 'typescript', windows: windowsOf(other) },
    { path: 'src/cart.ts', languageId: 'typescript', windows: windowsOf(cart) },
    { path: 'cart.py', languageId: 'python', windows: windowsOf(cart) },
  ];

  it('finds the window of another open file that shares the most identifiers with the lines above the cursor', () => {
    const items = similarSnippets('function orderTotal(order: Order): Money {\n  return order.items.reduce((sum, item) => sum + item.price', 'typescript', docs);
    expect(items.map((i) => i.label)).toEqual(['src/cart.ts:21']);
    expect(items[0].text.split('\n')).toHaveLength(WINDOW_LINES - 7);
    expect(items[0].text).toContain('cartTotal');
    expect(items[0]).toMatchObject({ kind: 'similar', languageId: 'typescript', rank: 0 });
  });

  it('compares only files of the same language family, and nothing below the similarity floor', () => {
    expect(similarSnippets('print(x)', 'typescript', docs)).toEqual([]);
    const js = similarSnippets('cart items reduce price quantity Money Cart', 'javascript', docs);
    expect(js.map((i) => i.path)).toEqual(['src/cart.ts']);
  });
});

describe('identifiers and jaccard', () => {
  it('ignores keywords and one-letter names', () => {
    expect([...identifiers('const x = await fetchUser(id); return user.name')]).toEqual(['fetchUser', 'id', 'user', 'name']);
  });

  it('is shared over union', () => {
    expect(jaccard(new Set(['a', 'b', 'c']), new Set(['b', 'c', 'd']))).toBe(0.5);
    expect(jaccard(new Set(), new Set(['a']))).toBe(0);
    expect(MIN_SIMILARITY).toBeGreaterThan(0);
  });
});

describe('windowsOf', () => {
  it('overlaps windows and reaches the last line', () => {
    const windows = windowsOf(lines(45, (i) => `name${i}`));
    expect(windows.map((w) => w.startLine)).toEqual([0, 10, 20, 30]);
    expect(windows.at(-1)!.text.split('\n').at(-1)).toBe('name44');
  });
});
