import { describe, expect, it } from 'vitest';
import { bm25, isTestPath, proximity, queryOf, rankByProximity, rankCandidates, type Scored } from './rank.js';

const scored = (name: string, path: string, score: number, matched: string[] = []): Scored => ({ id: name.length + path.length, name, path, score, matched });
const signals = { from: 'src/returns/createReturn.ts', imported: new Set<string>(), recent: [] as string[], mentioned: new Set<string>(), words: new Map<string, number>() };

describe('BM25', () => {
  it('grows with term frequency but saturates, and falls with document frequency and length', () => {
    expect(bm25(2, 1, 100, 10, 10)).toBeGreaterThan(bm25(1, 1, 100, 10, 10));
    expect(bm25(20, 1, 100, 10, 10)).toBeLessThan(20 * bm25(1, 1, 100, 10, 10) / 5);
    expect(bm25(1, 50, 100, 10, 10)).toBeLessThan(bm25(1, 1, 100, 10, 10));
    expect(bm25(1, 1, 100, 40, 10)).toBeLessThan(bm25(1, 1, 100, 10, 10));
    expect(bm25(0, 1, 100, 10, 10)).toBe(0);
  });
});

describe('the query', () => {
  it('weighs instruction words fully and selection words a quarter, and keeps identifiers the instruction spells out', () => {
    const query = queryOf('use returnPolicy to check the return', 'const userId = await authService.requireUserId();');
    expect(query.weights.get('return')).toBe(1);
    expect(query.weights.get('polici')).toBe(1);
    expect(query.weights.get('authent')).toBe(0.25);
    expect([...query.mentioned]).toEqual(['returnPolicy']);
  });
});

describe('structure', () => {
  it('measures folder proximity as shared leading folders', () => {
    expect(proximity('src/returns/a.ts', 'src/returns/b.ts')).toBe(1);
    expect(proximity('src/returns/a.ts', 'src/orders/b.ts')).toBe(0.5);
    expect(proximity('src/returns/a.ts', 'lib/b.ts')).toBe(0);
    expect(proximity('a.ts', 'b.ts')).toBe(1);
  });

  it('knows test files by the usual conventions', () => {
    expect(['src/a.test.ts', 'pkg/a_test.go', 'tests/test_a.py', 'src/test/java/FooTest.java', '__tests__/x.js'].every(isTestPath)).toBe(true);
    expect(['src/a.ts', 'pkg/testing.go', 'src/contest.py'].some(isTestPath)).toBe(false);
  });
});

describe('rankCandidates', () => {
  it('puts a nearby declaration above an equally matching far one, and says why', () => {
    const ranked = rankCandidates([scored('far', 'lib/x/far.ts', 2, ['return']), scored('near', 'src/returns/near.ts', 2, ['return'])], signals);
    expect(ranked.map((r) => r.name)).toEqual(['near', 'far']);
    expect(ranked[0].why).toEqual(['words return', 'same folder']);
  });

  it('lifts files the edited file imports and files edited lately', () => {
    const a = scored('a', 'lib/a.ts', 1);
    const b = scored('b', 'lib/b.ts', 1);
    const c = scored('c', 'lib/c.ts', 1);
    const ranked = rankCandidates([a, b, c], { ...signals, imported: new Set(['lib/c.ts']), recent: ['lib/b.ts'] });
    expect(ranked.map((r) => r.name)).toEqual(['c', 'b', 'a']);
    expect(ranked[1].why).toEqual(['edited lately']);
  });

  it('takes a name the instruction spells out first, and halves test code for non-test code', () => {
    const ranked = rankCandidates([scored('helper', 'lib/helper.ts', 5), scored('returnPolicy', 'lib/policy.ts', 0.1), scored('fixture', 'lib/fixture.test.ts', 5.5)], { ...signals, mentioned: new Set(['returnPolicy']) });
    expect(ranked.map((r) => r.name)).toEqual(['returnPolicy', 'helper', 'fixture']);
    expect(ranked[0].why[0]).toBe('named in the instruction');
  });

  it('orders ties by path and name, so the same candidates always give the same order', () => {
    const input = [scored('b', 'lib/z.ts', 1), scored('a', 'lib/z.ts', 1), scored('c', 'lib/a.ts', 1)];
    expect(rankCandidates(input, signals).map((r) => r.name)).toEqual(['c', 'a', 'b']);
    expect(rankCandidates([...input].reverse(), signals).map((r) => r.name)).toEqual(['c', 'a', 'b']);
  });

  it('the baseline ranks by proximity alone', () => {
    expect(rankByProximity([scored('far', 'lib/far.ts', 9), scored('near', 'src/returns/near.ts', 0)], signals.from).map((r) => r.name)).toEqual(['near', 'far']);
  });
});
