import { describe, expect, it } from 'vitest';
import { bm25 } from './rank.js';
import { whole } from './slices.js';
import { TermIndex } from './terms.js';

describe('TermIndex', () => {
  it('scores documents holding the query words by BM25, matched words heaviest first', () => {
    const index = new TermIndex();
    index.add(1, ['return', 'policy', 'assert']);
    index.add(2, ['return', 'service', 'submit', 'submit']);
    index.add(3, ['auth', 'service']);
    const found = index.search(new Map([['policy', 1], ['return', 1]]));
    expect([...found.keys()].sort()).toEqual([1, 2]);
    const average = 9 / 3;
    expect(found.get(1)!.score).toBeCloseTo(bm25(1, 1, 3, 3, average) + bm25(1, 2, 3, 3, average));
    expect(found.get(1)!.matched).toEqual(['policy', 'return']);
    expect(found.get(2)!.score).toBeCloseTo(bm25(1, 2, 3, 4, average));
  });

  it('forgets a removed document, in scores and in document frequencies, before and after the sweep', () => {
    const index = new TermIndex();
    for (let id = 1; id <= 8; id++) index.add(id, ['common', `own${id}`]);
    index.remove(1);
    expect(index.search(new Map([['own1', 1]])).size).toBe(0);
    const after = index.search(new Map([['common', 1]]));
    expect(after.size).toBe(7);
    expect(after.get(2)!.score).toBeCloseTo(bm25(1, 7, 7, 2, 2));
    for (let id = 2; id <= 6; id++) index.remove(id);
    expect([...index.search(new Map([['common', 1]])).keys()]).toEqual([7, 8]);
    expect(index.size).toBe(2);
    expect(() => index.add(7, ['x'])).toThrow();
  });

  it('weighs each word’s share by the query weight, and skips a light word most documents hold', () => {
    const index = new TermIndex();
    index.add(1, ['a', 'common']);
    index.add(2, ['b', 'common']);
    for (let id = 3; id < 40; id++) index.add(id, [`filler${id}`, 'common']);
    // 'b' (in 1 of 39) counts as a finder here: see the next test for a booster.
    const found = index.search(new Map([['a', 1], ['b', 0.25], ['common', 0.25]]), undefined, undefined, 1);
    expect(found.get(2)!.score).toBeCloseTo(found.get(1)!.score * 0.25);
    expect(found.has(3)).toBe(false);
    expect(index.search(new Map([['common', 1]])).size).toBe(39);
  });

  it('lets a light word many documents hold add to what other words found, not find on its own', () => {
    const index = new TermIndex();
    index.add(1, ['rare', 'light']);
    index.add(2, ['rare']);
    for (let id = 3; id <= 8; id++) index.add(id, ['light', `own${id}`]);
    for (let id = 9; id <= 200; id++) index.add(id, [`filler${id}`]);
    // 'light' is in 7 of 200 (3.5 %): above BOOSTER_SHARE, below COMMON_SHARE.
    const found = index.search(new Map([['rare', 1], ['light', 0.25]]));
    expect([...found.keys()].sort()).toEqual([1, 2]);
    expect(found.get(1)!.score).toBeCloseTo(bm25(1, 2, 200, 2, 207 / 200) + 0.25 * bm25(1, 7, 200, 2, 207 / 200));
    expect(found.get(1)!.matched).toEqual(['rare', 'light']);
    // Nothing but boosters: each finds.
    expect(index.search(new Map([['light', 0.25]])).size).toBe(7);
    expect(index.search(new Map([['rare', 1], ['light', 0.25]]), undefined, undefined, 1).size).toBe(8);
  });

  it('keeps only what the filter accepts, best first', () => {
    const index = new TermIndex();
    index.add(1, ['x', 'x']);
    index.add(2, ['x']);
    index.add(3, ['y']);
    expect([...index.search(new Map([['x', 1]]), (id) => id !== 1).keys()]).toEqual([2]);
  });
});

describe('TermIndex at scale', () => {
  it('keeps the best documents a full scoring and sort would, in that order', () => {
    const index = new TermIndex();
    const vocabulary = ['alpha', 'beta', 'gamma', 'delta'];
    const docs = new Map<number, string[]>();
    for (let id = 1; id <= 2000; id++) {
      const words = [...Array.from({ length: 1 + (id % 7) }, (_, k) => vocabulary[(id * (k + 3)) % vocabulary.length]), `own${id % 50}`];
      docs.set(id, words);
      index.add(id, words);
    }
    const query = ['alpha', 'gamma', 'own7'];
    // The oracle: each document scored word by word from its own counts, every document sorted.
    const average = [...docs.values()].reduce((sum, w) => sum + w.length, 0) / docs.size;
    const df = (word: string) => [...docs.values()].filter((w) => w.includes(word)).length;
    const expected = [...docs]
      .map(([id, words]) => [id, query.reduce((sum, q) => sum + bm25(words.filter((w) => w === q).length, df(q), docs.size, words.length, average), 0)] as const)
      .filter(([, score]) => score > 0)
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, 300);
    const found = [...index.search(new Map(query.map((q) => [q, 1])))];
    expect(found.map(([id]) => id)).toEqual(expected.map(([id]) => id));
    found.forEach(([, hit], i) => expect(hit.score).toBeCloseTo(expected[i][1]));
  });

  it('keeps a count over 65,535 and a 65,537th word exactly (where its 16-bit arrays widen), taken back from its documents too', () => {
    const index = new TermIndex();
    for (let id = 1; id <= 3; id++) index.add(id, Array.from({ length: 22_000 }, (_, i) => `w${id}_${i}`));
    expect(index.vocabulary.length).toBe(66_000);
    index.addCounted(4, [['big', 70_000], ['w3_21999', 1]]);
    index.addCounted(5, [['big', 1], ['w1_0', 2]]);
    const check = (found: ReturnType<TermIndex['search']>) => {
      const average = (3 * 22_000 + 70_001 + 3) / 5;
      expect(found.get(4)!.score).toBeCloseTo(bm25(70_000, 2, 5, 70_001, average) + bm25(1, 2, 5, 70_001, average), 9);
      expect(found.get(4)!.matched).toEqual(['big', 'w3_21999']);
      expect(found.get(5)!.score).toBeCloseTo(bm25(1, 2, 5, 3, average), 9);
      expect(found.get(3)!.matched).toEqual(['w3_21999']);
    };
    const query = new Map([['big', 1], ['w3_21999', 1]]);
    check(index.search(query));
    const again = new TermIndex();
    const { runs, terms, counts } = whole(index.documents(Int32Array.of(1, 2, 3, 4, 5)));
    expect(Math.max(...counts)).toBe(70_000);
    again.addAll(1, again.numbers(index.vocabulary), runs, terms, counts);
    check(again.search(query));
  });
});
