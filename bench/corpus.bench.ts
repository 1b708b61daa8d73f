/**
 * Inline-completion rules, measured: agreement on the corpus (test/completion-corpus) by class —
 * how many cases the packaged sidecar completes exactly as the reviewer expected, next to the
 * regression floor the tests enforce — and what the whole-document bracket scan each model request
 * makes costs, next to a parse of the same file. Run with `npx tsx bench/corpus.bench.ts` after
 * `npm run build`.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { bracketContext, lexiconFor } from '../sidecar/src/completion/brackets.js';
import { parseText } from '../sidecar/src/scope/parse.js';
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

const SCAN_LINES = 5_000;
const SCAN_RUNS = 50;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Milliseconds per request of the bracket scan over a 5,000-line TypeScript file, a keystroke (a
 * space at the end of another line) before each, beside a full parse of it; and the first scan of
 * the file, which finds no line scanned before.
 */
export async function runBracketScanBench(): Promise<Record<string, number>> {
  const unit = readFileSync(new URL('../sidecar/src/completion/stopRules.ts', import.meta.url), 'utf8');
  let text = '';
  while (text.split('\n').length < SCAN_LINES) text += unit;
  const offset = Math.floor(text.length / 2);
  const lexicon = lexiconFor('typescript');
  const scan: number[] = [];
  const parse: number[] = [];
  (await parseText('typescript', text))?.delete(); // warm the grammar
  let started = performance.now();
  bracketContext(text, offset, lexicon);
  const first = performance.now() - started;
  const lines = text.split('\n');
  for (let i = 0; i < SCAN_RUNS; i++) {
    lines[(i * 97) % lines.length] += ' ';
    const typed = lines.join('\n');
    started = performance.now();
    bracketContext(typed, offset, lexicon);
    scan.push(performance.now() - started);
    started = performance.now();
    (await parseText('typescript', text))?.delete();
    parse.push(performance.now() - started);
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    'file lines': text.split('\n').length,
    'bracket scan of the file, first request, ms': round(first),
    'bracket scan per model request after a keystroke, median ms': round(median(scan)),
    'full parse of the same file, median ms': round(median(parse)),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(await runCorpusBench());
  console.table(await runBracketScanBench());
}
