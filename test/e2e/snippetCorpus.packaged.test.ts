/**
 * The snippet corpus through the packaged sidecar: every chat answer applied and accepted, judged by
 * the corpus oracle. No case may delete code the answer left out or leave code there twice; refusals
 * say why. The whole answer (as copied from a chat) and its block alone (as `redline apply --from`
 * sends it) must come out the same.
 */
import { describe, expect, it } from 'vitest';
import { loadSnippetCorpus } from '../snippet-corpus/corpus.js';
import { runSnippetCorpus, tally, type SnippetRun } from '../harness/snippetCorpus.js';

const cases = loadSnippetCorpus();
const report = (runs: readonly SnippetRun[]) => runs.filter((r) => r.judgement.outcome !== 'exact').map((r) => `${r.case.name}: ${r.judgement.outcome} ${r.refusal ?? ''} ${r.judgement.details.slice(0, 3).join(' | ')}`);

describe('the snippet corpus', () => {
  it(`has at least 40 cases in at least five languages`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(new Set(cases.map((c) => c.languageId)).size).toBeGreaterThanOrEqual(5);
  });

  for (const blockOnly of [false, true]) {
    it(`${blockOnly ? 'blocks' : 'whole answers'}: nothing elided is deleted, nothing is there twice, every refusal says why`, { timeout: 180_000 }, async () => {
      const runs = await runSnippetCorpus(cases, { blockOnly });
      const counts = tally(runs);
      console.log(`snippet corpus (${blockOnly ? 'blocks' : 'whole answers'}): ${JSON.stringify(counts)}`);
      expect(counts['deleted-elided'], report(runs).join('\n')).toBe(0);
      expect(counts.duplicated, report(runs).join('\n')).toBe(0);
      for (const run of runs.filter((r) => r.refusal !== null)) expect(run.refusal).toMatch(/^The code block was not applied: .{20,}/);
      // A floor, not a target: the agreement measured when the structural placement landed.
      expect(counts.exact, report(runs).join('\n')).toBeGreaterThanOrEqual(66);
    });
  }
});
