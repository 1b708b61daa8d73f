/**
 * The word pairing against reviewed line pairs (word-pairs.txt): how often it pairs the lines a
 * reviewer took for one line edited and leaves apart the others. A regression floor; `npm run
 * bench` prints the agreement.
 */
import { describe, expect, it } from 'vitest';
import { loadWordPairs, parseWordPairs, wordPairAgreement } from './wordPairs.js';

/** Agreements the pairing may not fall below (raise it when a change makes more agree). */
const FLOOR = 40;

describe('reviewed word pairs', () => {
  const pairs = loadWordPairs();

  it('holds at least 60 pairs, both verdicts, in every language of the diff corpus', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(60);
    for (const verdict of ['pair', 'apart']) expect(pairs.filter((p) => p.verdict === verdict).length, verdict).toBeGreaterThanOrEqual(20);
    for (const language of ['typescript', 'javascript', 'python', 'go', 'java', 'kotlin', 'rust']) {
      expect(pairs.filter((p) => p.language === language).length, language).toBeGreaterThanOrEqual(5);
    }
  });

  it('refuses a malformed entry', () => {
    expect(() => parseWordPairs('=== go maybe\n-a\n+b\n')).toThrow(/malformed/);
    expect(() => parseWordPairs('=== go pair\n+a\n-b\n')).toThrow(/malformed/);
  });

  it('agrees with the reviewer at least as often as the floor', () => {
    const a = wordPairAgreement(pairs);
    console.log(`word pairs: ${a.agree}/${a.total} agree (floor ${FLOOR}); pairs kept ${a.pairsKept}/${a.pairs}, apart kept ${a.apartKept}/${a.apart}`);
    expect(a.agree).toBeGreaterThanOrEqual(FLOOR);
  });
});
