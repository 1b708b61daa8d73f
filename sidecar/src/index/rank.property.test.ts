/**
 * Ranking with a limit gives the first `limit` of ranking every candidate: on random candidates
 * (scores that tie, test files, names the query's words make up, names the instruction spells out)
 * and random signals, the same candidates, order, scores and reasons.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankCandidates, type Scored, type Signals } from './rank.js';

const NAMES = ['returnPolicy', 'createReturn', 'helper', 'fixture', 'policyCheck', 'x', 'checkHelper'];
const PATHS = ['src/returns/a.ts', 'src/returns/b.test.ts', 'src/orders/c.ts', 'lib/d.ts', 'e.ts', 'src/returns/deep/f.ts', 'test/g.ts'];
const WORDS = ['return', 'polici', 'creat', 'helper', 'check', 'fixtur'];

const candidates = fc
  .array(fc.record({ name: fc.constantFrom(...NAMES), path: fc.constantFrom(...PATHS), score: fc.oneof(fc.integer({ min: 0, max: 12 }).map((n) => n / 4), fc.integer({ min: 1, max: 400 }).map((n) => n / 100)), matched: fc.subarray(WORDS) }), { maxLength: 40 })
  .map((cs): Scored[] => cs.map((c, id) => ({ id, ...c })));
const signals: fc.Arbitrary<Signals> = fc.record({
  from: fc.constantFrom(...PATHS),
  // Often every signal at once: the candidates its bound is tight for.
  imported: fc.oneof(fc.constant(PATHS), fc.subarray(PATHS)).map((ps) => new Set(ps)),
  recent: fc.oneof(fc.shuffledSubarray(PATHS), fc.subarray(PATHS)),
  mentioned: fc.subarray(NAMES).map((ns) => new Set(ns)),
  words: fc.uniqueArray(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(1, 1, 0.25)), { selector: ([w]) => w }).map((ws) => new Map(ws)),
});

describe('rankCandidates with a limit', () => {
  it('is the first `limit` of ranking them all', () => {
    fc.assert(
      fc.property(candidates, signals, fc.integer({ min: 0, max: 8 }), (cs, s, limit) => {
        expect(rankCandidates(cs, s, limit)).toEqual(rankCandidates(cs, s).slice(0, limit));
      }),
      {
        numRuns: 3000,
        // Found by a longer run: the recent bonus alone lifts the lower score past the higher.
        examples: [
          [
            [
              { id: 0, name: 'returnPolicy', path: 'src/returns/a.ts', score: 1.51, matched: [] },
              { id: 1, name: 'returnPolicy', path: 'src/returns/b.test.ts', score: 1.5, matched: [] },
            ],
            { from: 'src/returns/b.test.ts', imported: new Set(PATHS), recent: ['src/returns/b.test.ts'], mentioned: new Set<string>(), words: new Map<string, number>() },
            1,
          ],
        ],
      },
    );
  });
});
