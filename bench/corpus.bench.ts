/**
 * Completion agreement on the corpus (test/completion-corpus): for each class, how many cases the
 * packaged sidecar completes exactly as the reviewer expected, next to the regression floor the
 * tests enforce. Run with `npx tsx bench/corpus.bench.ts` after `npm run build`.
 */
import { pathToFileURL } from 'node:url';
import { loadCorpus } from '../test/completion-corpus/corpus.js';
import floor from '../test/completion-corpus/floor.json';
import { agreementByClass, runCorpus } from '../test/harness/completionCorpus.js';

const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`);

export async function runCorpusBench(): Promise<Array<Record<string, string | number>>> {
  const results = await runCorpus(loadCorpus());
  const rows: Array<Record<string, string | number>> = agreementByClass(results).map((a) => ({
    class: a.class,
    cases: a.cases,
    agree: a.agree,
    agreement: percent(a.agree, a.cases),
  }));
  const agree = results.filter((r) => r.agrees).length;
  rows.push({ class: 'all', cases: results.length, agree, agreement: percent(agree, results.length) });
  rows.push({ class: 'regression floor', cases: results.length, agree: floor.agreement, agreement: percent(floor.agreement, results.length) });
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(await runCorpusBench());
}
