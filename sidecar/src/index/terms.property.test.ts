/**
 * The search gives exactly what scoring every document and sorting them all gives: on random
 * indexes (documents added, removed, the arrays compacted, more added after) and random queries
 * (words common and rare, instruction and selection weights, a filter, how many to keep), the same
 * documents in the same order with the same scores and matched words as the plain scorer below,
 * which scores every document from its own words; also after the index is taken back from its
 * documents' words (`documents` → `addAll`, as a snapshot does, in one to four pieces, each
 * searched as it stands), into an index empty or not. With boosters (light words held by more than
 * a share of documents), the candidates are the documents a finder holds, each scored on every word,
 * finders first: the best of those, exactly, and each score the full sum of its words; with no
 * booster, exactly the plain scorer. And its selection of the best alone, against a plain sort, on
 * scores that tie often.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BM25_B, BM25_K1, SELECTION_WEIGHT, bm25 } from './rank.js';
import { whole } from './slices.js';
import { COMMON_SHARE, TermIndex, bestAccepted, nthLargest } from './terms.js';

/**
 * Every live document scored word by word in the query's order (BM25 as the index adds it), sorted,
 * the best `kept` that `keep` accepts. With `boosterShare`, only documents holding a word that is
 * not a booster, scored on the other words first.
 */
function exhaustive(docs: ReadonlyMap<number, readonly string[]>, weights: ReadonlyMap<string, number>, keep: (id: number) => boolean, kept: number, boosterShare = 1) {
  const documents = docs.size;
  const average = documents > 0 ? [...docs.values()].reduce((sum, words) => sum + words.length, 0) / documents : 0;
  const df = (word: string) => [...docs.values()].filter((words) => words.includes(word)).length;
  const all = [...weights].filter(([word, weight]) => df(word) > 0 && !(weight < 1 && df(word) > COMMON_SHARE * documents));
  const boosts = ([word, weight]: [string, number]) => weight < 1 && df(word) > boosterShare * documents;
  const finders = all.filter((t) => !boosts(t));
  const terms = finders.length > 0 ? [...finders, ...all.filter(boosts)] : all;
  const scored: Array<{ id: number; score: number; matched: string[] }> = [];
  for (const [id, words] of docs) {
    if (finders.length > 0 && !finders.some(([word]) => words.includes(word))) continue;
    let score = 0;
    for (const [word, weight] of terms) {
      const tf = words.filter((w) => w === word).length;
      if (tf === 0) continue;
      const idf = Math.log(1 + (documents - df(word) + 0.5) / (df(word) + 0.5));
      score += weight * ((idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * Math.max(1, words.length)) / Math.max(1, average))));
    }
    const shares: Array<[string, number]> = [];
    for (const [word, weight] of all) {
      const tf = words.filter((w) => w === word).length;
      if (tf > 0) shares.push([word, weight * bm25(tf, df(word), documents, words.length, average)]);
    }
    if (shares.length > 0 && keep(id)) scored.push({ id, score, matched: shares.sort((a, b) => b[1] - a[1]).map(([w]) => w) });
  }
  return scored.sort((a, b) => b.score - a.score || a.id - b.id).slice(0, kept);
}

/** A word of a small vocabulary, the first ones far more often: some words most documents hold, some few. */
const word = fc.integer({ min: 0, max: 999 }).map((n) => `w${Math.floor(30 * (n / 1000) ** 3)}`);
const step = fc.oneof(
  { weight: 6, arbitrary: fc.record({ add: fc.array(word, { maxLength: 12 }), gap: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ remove: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ query: true as const }) },
  { weight: 1, arbitrary: fc.record({ snapshot: fc.array(fc.array(word, { maxLength: 6 }), { maxLength: 3 }), pieces: fc.integer({ min: 1, max: 4 }) }) },
);
const query = fc.record({
  words: fc.uniqueArray(fc.tuple(fc.oneof(word, fc.constant('absent')), fc.constantFrom(1, SELECTION_WEIGHT, 0.5)), { selector: ([w]) => w, minLength: 1, maxLength: 10 }),
  kept: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 60 })),
  filter: fc.integer({ min: 1, max: 4 }),
  boosterShare: fc.constantFrom(1, 0.5, 0.2, 0.05, 0.01),
});

describe('TermIndex.search', () => {
  it('ranks exactly as scoring every document (the candidates a finder holds, with boosters)', () => {
    let changed = 0;
    fc.assert(
      fc.property(fc.array(step, { minLength: 50, maxLength: 600 }), fc.array(query, { minLength: 1, maxLength: 4 }), fc.boolean(), (steps, queries, compactHalfway) => {
        let index = new TermIndex();
        let docs = new Map<number, string[]>();
        let id = 0;
        const check = () => {
          for (const q of queries) {
            const weights = new Map(q.words);
            const keep = (d: number) => d % q.filter !== 1;
            const found = [...index.search(weights, keep, q.kept, q.boosterShare)].map(([d, hit]) => ({ id: d, ...hit }));
            expect(found).toEqual(exhaustive(docs, weights, keep, q.kept, q.boosterShare));
            const plain = exhaustive(docs, weights, () => true, Infinity);
            // With no booster, the plain scorer's results; with some, each score is still the sum of all its words' (up to the order of the sum).
            const df = (w: string) => [...docs.values()].filter((words) => words.includes(w)).length;
            const boosted = q.words.some(([w, weight]) => weight < 1 && df(w) > q.boosterShare * docs.size && df(w) <= COMMON_SHARE * docs.size);
            if (!boosted) expect(found).toEqual(exhaustive(docs, weights, keep, q.kept));
            else if (JSON.stringify(found) !== JSON.stringify(exhaustive(docs, weights, keep, q.kept))) changed++;
            for (const hit of found) expect(hit.score).toBeCloseTo(plain.find((p) => p.id === hit.id)!.score, 9);
          }
        };
        steps.forEach((s, i) => {
          if (compactHalfway && i === steps.length >> 1) whole(index.compact());
          if ('add' in s) {
            id += s.gap;
            index.add(id, s.add);
            docs.set(id, s.add);
          } else if ('remove' in s) {
            const ids = [...docs.keys()];
            if (ids.length === 0) return;
            const gone = ids[s.remove % ids.length];
            index.remove(gone);
            docs.delete(gone);
          } else if ('snapshot' in s) {
            // Taken back above the documents an index already has (renumbered from there, as the snapshot's order).
            const taken = new TermIndex();
            const next = new Map<number, string[]>();
            for (const words of s.snapshot) {
              taken.add(next.size + 1, words);
              next.set(next.size + 1, words);
            }
            const ids = Int32Array.from([...docs.keys()].sort((a, b) => a - b));
            const { runs, terms, counts } = whole(index.documents(ids));
            // Added in pieces, as a load that gives way between them: each piece searched as it stands.
            const own = taken.numbers(index.vocabulary);
            const first = next.size + 1;
            for (let piece = 0, d0 = 0, p0 = 0; piece < s.pieces; piece++) {
              const d1 = Math.round((ids.length * (piece + 1)) / s.pieces);
              const p1 = p0 + runs.subarray(d0, d1).reduce((a, b) => a + b, 0);
              taken.addAll(first + d0, own, runs.subarray(d0, d1), terms.subarray(p0, p1), counts.subarray(p0, p1));
              for (const old of ids.subarray(d0, d1)) next.set(next.size + 1, docs.get(old)!);
              if (piece < s.pieces - 1) {
                const [before, beforeDocs] = [index, docs];
                [index, docs] = [taken, next];
                check();
                [index, docs] = [before, beforeDocs];
              }
              [d0, p0] = [d1, p1];
            }
            index = taken;
            docs = next;
            id = next.size;
          } else check();
        });
        check();
      }),
      { numRuns: 300 },
    );
    // The boosters left out, in some queries, a document the plain scorer keeps.
    expect(changed).toBeGreaterThan(10);
  });
});

describe('bestAccepted', () => {
  it('is the accepted ids sorted by score then id, cut to `kept`; nthLargest is the sorted scores’ n-th', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 5000 }), { maxLength: 3000 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 5 }),
        (ids, distinct, kept, filter, n) => {
          // Few distinct scores: ties everywhere.
          const scores = new Float64Array(5001);
          for (const id of ids) scores[id] = 1 + ((id * 7919) % distinct) / 7;
          const keep = (id: number) => id % filter === 0 || filter > 6;
          const plain = ids.filter(keep).sort((a, b) => scores[b] - scores[a] || a - b).slice(0, kept);
          expect(bestAccepted(ids, scores, kept, keep)).toEqual(plain);
          if (ids.length === 0) return;
          const values = Float64Array.from(ids, (id) => scores[id]);
          const at = Math.min(ids.length, n * Math.ceil(ids.length / 5));
          expect(nthLargest(values, at)).toBe([...values].sort((a, b) => b - a)[at - 1]);
        },
      ),
      { numRuns: 500 },
    );
  });
});
