/**
 * Word pairing, measured: agreement with the reviewed line pairs of test/diff-corpus/word-pairs.txt
 * (pairs a reader takes for one line edited; pairs of different lines, left a flat colour).
 * Run with `npx tsx bench/words.bench.ts`; asserts nothing.
 */
import { pathToFileURL } from 'node:url';
import { loadWordPairs, wordPairAgreement } from '../test/diff-corpus/wordPairs.js';

const percent = (part: number, whole: number) => `${part}/${whole} (${((100 * part) / whole).toFixed(1)} %)`;

export async function runWordsBench(): Promise<Record<string, string>> {
  const a = wordPairAgreement(loadWordPairs());
  return {
    'reviewed line pairs: agreement': percent(a.agree, a.total),
    'judged one line edited: paired': percent(a.pairsKept, a.pairs),
    'judged different lines: left apart': percent(a.apartKept, a.apart),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.table(await runWordsBench());
