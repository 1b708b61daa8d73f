/**
 * The snippet sets through the packaged sidecar: every chat answer applied and accepted, judged by
 * the corpus oracle. No case may delete code the answer left out, leave code there twice or write a
 * placeholder into the file; refusals say why, then what helps. The corpus's whole answers (as
 * copied from a chat) and its blocks alone must come out the same; the tuning and held-out sets are
 * applied as copied from the chat (some of their answers say in their text what they removed or
 * that the block is the whole file).
 */
import { describe, expect, it } from 'vitest';
import { loadSnippetCorpus, SNIPPET_CORPUS_DIR, SNIPPET_HELDOUT2_DIR, SNIPPET_HELDOUT_DIR, SNIPPET_TUNING_DIR } from '../snippet-corpus/corpus.js';
import { runSnippetCorpus, tally, type SnippetRun } from '../harness/snippetCorpus.js';

const report = (runs: readonly SnippetRun[]) => runs.filter((r) => r.judgement.outcome !== 'exact').map((r) => `${r.case.name}: ${r.judgement.outcome} ${r.refusal ?? ''} ${r.judgement.details.slice(0, 3).join(' | ')}`);

function expectSafe(runs: readonly SnippetRun[], label: string): void {
  const counts = tally(runs);
  console.log(`snippet ${label}: ${JSON.stringify(counts)}`);
  for (const outcome of ['placeholder', 'deleted-elided', 'duplicated'] as const) expect(counts[outcome], report(runs).join('\n')).toBe(0);
  // Cause first, then what helps.
  for (const run of runs.filter((r) => r.refusal !== null)) expect(run.refusal).toMatch(/^The code block was not applied: .{20,}; .*(?:select|show|write|copy|apply it again).*\.$/);
}

describe('the snippet corpus', () => {
  const cases = loadSnippetCorpus(SNIPPET_CORPUS_DIR);

  it(`has at least 40 cases in at least five languages`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(new Set(cases.map((c) => c.languageId)).size).toBeGreaterThanOrEqual(5);
  });

  for (const blockOnly of [false, true]) {
    it(`${blockOnly ? 'blocks' : 'whole answers'}: nothing elided is deleted, nothing is there twice, no placeholder written, every refusal says why`, { timeout: 180_000 }, async () => {
      const runs = await runSnippetCorpus(cases, { blockOnly });
      expectSafe(runs, `corpus (${blockOnly ? 'blocks' : 'whole answers'})`);
      // A floor, not a target: the agreement measured when the structural placement landed.
      expect(tally(runs).exact, report(runs).join('\n')).toBeGreaterThanOrEqual(66);
    });
  }
});

describe('the tuning and held-out sets', () => {
  for (const [label, dir, floor] of [['tuning', SNIPPET_TUNING_DIR, 28], ['held-out', SNIPPET_HELDOUT_DIR, 47], ['held-out 2', SNIPPET_HELDOUT2_DIR, 12]] as const) {
    const cases = loadSnippetCorpus(dir);
    it(`${label}: answers of every kind in five languages or more; nothing deleted, nothing twice, no placeholder written`, { timeout: 180_000 }, async () => {
      expect(new Set(cases.map((c) => c.kind)).size).toBe(7);
      expect(new Set(cases.map((c) => c.languageId)).size).toBeGreaterThanOrEqual(5);
      const runs = await runSnippetCorpus(cases);
      expectSafe(runs, label);
      // A floor, not a target: the agreement measured when these rules landed.
      expect(tally(runs).exact, report(runs).join('\n')).toBeGreaterThanOrEqual(floor);
    });
  }
});
