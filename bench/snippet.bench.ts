/**
 * Applying a chat code block: outcomes as the corpus oracle judges them — the packaged sidecar
 * applying each whole answer and accepting it, beside the line placement alone on the same blocks
 * (the peer: what placement by lines gives without the structure) — on the sets the rules were
 * tuned on (the snippet corpus and the tuning set) and, apart, on the two held-out sets; and what a
 * placement costs in this process, by structure and by lines. Run with `npx tsx
 * bench/snippet.bench.ts` after `npm run build`.
 */
import { pathToFileURL } from 'node:url';
import { placeByLines } from '../sidecar/src/edit/snippet/lines.js';
import { placeSnippet, snippetCode } from '../sidecar/src/edit/snippet/place.js';
import { parseText } from '../sidecar/src/scope/parse.js';
import { loadSnippetCorpus, SNIPPET_CORPUS_DIR, SNIPPET_HELDOUT2_DIR, SNIPPET_HELDOUT_DIR, SNIPPET_TUNING_DIR, type SnippetCase } from '../test/snippet-corpus/corpus.js';
import { judge, OUTCOMES, type Outcome } from '../test/snippet-corpus/oracle.js';
import { runSnippetCorpus, tally } from '../test/harness/snippetCorpus.js';

/**
 * The line placement alone, applied as the sidecar applies a placement: new code at the cursor (the
 * start of the file), a selection replaced.
 */
function byLines(c: SnippetCase): string | null {
  const lines = c.original.split('\n');
  const code = snippetCode(c.answer, c.original, c.languageId);
  const bounds = c.selection ? { start: c.selection.start.line, end: c.selection.end.character === 0 ? c.selection.end.line : c.selection.end.line + 1 } : undefined;
  const p = placeByLines(lines, code, bounds, c.languageId === 'markdown');
  if (p.kind === 'unplaced') return null;
  if (p.kind === 'new') return bounds ? [...lines.slice(0, bounds.start), code.replace(/\n$/, ''), ...lines.slice(bounds.end)].join('\n') : `${code}${c.original}`;
  return [...lines.slice(0, p.start), ...p.lines, ...lines.slice(p.end)].join('\n');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] * 100) / 100;
}

async function outcomes(label: string, cases: readonly SnippetCase[]): Promise<Array<Record<string, string | number>>> {
  const row = (placement: string, counts: Record<Outcome, number>) => ({ set: label, placement, cases: cases.length, ...counts });
  const peer = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  for (const c of cases) peer[judge(c.original, c.expected, byLines(c)).outcome]++;
  return [row('by structure (packaged sidecar, whole answers, accepted)', tally(await runSnippetCorpus(cases))), row('peer: by lines alone (same blocks)', peer)];
}

export async function runSnippetBench(): Promise<Array<Record<string, string | number>>> {
  const tuned = [...loadSnippetCorpus(SNIPPET_CORPUS_DIR), ...loadSnippetCorpus(SNIPPET_TUNING_DIR)];
  const heldOut = loadSnippetCorpus(SNIPPET_HELDOUT_DIR);
  const unseen = loadSnippetCorpus(SNIPPET_HELDOUT2_DIR);
  const rows = [...(await outcomes('tuned: corpus + tuning set', tuned)), ...(await outcomes('held-out set', heldOut)), ...(await outcomes('held-out set 2 (unseen)', unseen))];
  // Timing in this process: each case placed 20 times after a warm-up parse of its language.
  const structure: number[] = [];
  const lines: number[] = [];
  for (const c of [...tuned, ...heldOut, ...unseen].filter((x) => x.selection === null)) {
    const fileLines = c.original.split('\n');
    await placeSnippet({ languageId: c.languageId, fileLines, snippet: c.answer }, parseText);
    for (let i = 0; i < 20; i++) {
      let started = performance.now();
      await placeSnippet({ languageId: c.languageId, fileLines, snippet: c.answer }, parseText);
      structure.push(performance.now() - started);
      started = performance.now();
      placeByLines(fileLines, snippetCode(c.answer, c.original, c.languageId));
      lines.push(performance.now() - started);
    }
  }
  return [...rows, { set: 'all', placement: 'median ms per placement in this process (no selection)', 'by structure (parses)': median(structure), 'by lines': median(lines) }];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.table(await runSnippetBench());
