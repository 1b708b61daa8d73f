/**
 * The word pairing against reviewed line pairs (word-pairs.txt): how often it pairs the lines a
 * reviewer took for one line edited and leaves apart the others. A regression floor; `npm run
 * bench` prints the agreement.
 */
import { describe, expect, it } from 'vitest';
import { layoutDiff, type Layout } from '../../sidecar/src/edit/layout.js';
import { StreamingLayout } from '../../sidecar/src/edit/streamingLayout.js';
import { pairHunkWords } from '../../sidecar/src/edit/words.js';
import { chunked, loadDiffCorpus, regionLines } from './corpus.js';
import { loadWordPairs, parseWordPairs, wordPairAgreement } from './wordPairs.js';

/** Agreements the pairing may not fall below (raise it when a change makes more agree). */
const FLOOR = 61;

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

/** Words two lines have in common, counted as a multiset: the oracle, independent of the pairing's token match. */
function sharedWords(a: string, b: string): number {
  const words = (line: string): string[] => line.match(/[\p{L}\p{M}\p{N}\p{Pc}]+/gu) ?? [];
  const left = words(a);
  let shared = 0;
  for (const w of words(b)) {
    const at = left.indexOf(w);
    if (at >= 0) (left.splice(at, 1), shared++);
  }
  return shared;
}

/** Each hunk of a settled layout as its removed and added lines, which is what its words were paired from. */
function hunksOf(layout: Layout): Array<{ removed: string[]; added: string[] }> {
  const out: Array<{ removed: string[]; added: string[] }> = [];
  for (let i = 0; i < layout.lines.length; ) {
    if (layout.lines[i].kind === 'context') {
      i++;
      continue;
    }
    const hunk = { removed: [] as string[], added: [] as string[] };
    for (; i < layout.lines.length && layout.lines[i].kind !== 'context'; i++) (layout.lines[i].kind === 'removed' ? hunk.removed : hunk.added).push(layout.lines[i].text);
    out.push(hunk);
  }
  return out;
}

describe('word pairs in the diff corpus', () => {
  it('no tinted pair shares no word; a whitespace-only pair differs in nothing else', () => {
    const seen = { tinted: 0, whitespace: 0 };
    for (const rewrite of loadDiffCorpus()) {
      const baseline = regionLines(rewrite.before);
      const stream = new StreamingLayout(baseline);
      for (const text of chunked(rewrite.after, 8)) stream.push(text);
      for (const layout of [layoutDiff(baseline, rewrite.after), stream.settle(rewrite.after)]) {
        for (const { removed, added } of hunksOf(layout)) {
          for (const p of pairHunkWords(removed, added).pairs) {
            const [r, a] = [removed[p.removed], added[p.added]];
            if (p.whitespace) {
              seen.whitespace++;
              expect(r.replace(/\s+/g, ''), `${rewrite.name}: ${r} / ${a}`).toBe(a.replace(/\s+/g, ''));
            } else {
              seen.tinted++;
              expect(sharedWords(r, a), `${rewrite.name}: ${r} / ${a}`).toBeGreaterThan(0);
            }
          }
        }
      }
    }
    expect(seen.tinted).toBeGreaterThan(50);
    expect(seen.whitespace).toBeGreaterThan(10);
  });
});
