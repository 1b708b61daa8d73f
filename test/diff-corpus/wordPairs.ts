/**
 * The reviewed line pairs of `word-pairs.txt` (format in its header): a removed line, an added line
 * and a reviewer's verdict on whether a reader takes them for one line edited. Read by the test
 * beside this file and by the bench; the word pairing is measured against the verdicts.
 */
import { readFileSync } from 'node:fs';
import { pairHunkWords } from '../../sidecar/src/edit/words.js';

export interface JudgedPair {
  language: string;
  verdict: 'pair' | 'apart';
  removed: string;
  added: string;
}

export function parseWordPairs(text: string): JudgedPair[] {
  return text
    .split(/^=== /m)
    .slice(1)
    .map((block) => {
      const [header, removed, added] = block.split('\n');
      const [language, verdict] = header.trim().split(/\s+/);
      if ((verdict !== 'pair' && verdict !== 'apart') || !removed?.startsWith('-') || !added?.startsWith('+')) {
        throw new Error(`word-pairs.txt: malformed entry "${header}": expected "=== <language> pair|apart", then a "-" line and a "+" line`);
      }
      return { language, verdict, removed: removed.slice(1), added: added.slice(1) };
    });
}

export function loadWordPairs(): JudgedPair[] {
  return parseWordPairs(readFileSync(new URL('word-pairs.txt', import.meta.url), 'utf8'));
}

/** What the word pairing does with the two lines as a hunk of their own. */
export function paired(p: JudgedPair): 'pair' | 'apart' {
  return pairHunkWords([p.removed], [p.added]).pairs.length > 0 ? 'pair' : 'apart';
}

/** How often the word pairing agrees with the reviewer, in all and per verdict. */
export function wordPairAgreement(pairs: readonly JudgedPair[]): { agree: number; total: number; pairsKept: number; pairs: number; apartKept: number; apart: number } {
  const agrees = pairs.filter((p) => paired(p) === p.verdict);
  return {
    agree: agrees.length,
    total: pairs.length,
    pairsKept: agrees.filter((p) => p.verdict === 'pair').length,
    pairs: pairs.filter((p) => p.verdict === 'pair').length,
    apartKept: agrees.filter((p) => p.verdict === 'apart').length,
    apart: pairs.filter((p) => p.verdict === 'apart').length,
  };
}
