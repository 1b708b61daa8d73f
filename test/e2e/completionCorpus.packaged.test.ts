/**
 * The completion corpus through the packaged executable against the model double. A regression
 * floor: the number of cases whose completion is the expected one may not drop below floor.json
 * (raise it when a change makes more cases agree).
 */
import { describe, expect, it } from 'vitest';
import { CLASSES, loadCorpus } from '../completion-corpus/corpus.js';
import floor from '../completion-corpus/floor.json';
import { agreementByClass, describeDisagreement, runCorpus } from '../harness/completionCorpus.js';

const cases = loadCorpus();

describe('completion corpus (packaged executable)', () => {
  it('covers every class and language with enough cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(150);
    for (const klass of CLASSES) expect(cases.filter((c) => c.class === klass).length, klass).toBeGreaterThanOrEqual(10);
    const languages = new Set(cases.map((c) => c.languageId));
    for (const id of ['typescript', 'typescriptreact', 'javascript', 'python', 'java', 'kotlin', 'go', 'rust', 'yaml', 'markdown', 'css']) {
      expect(languages.has(id), id).toBe(true);
    }
  });

  it('agrees with the expected completions at least as often as the floor', async () => {
    const results = await runCorpus(cases);
    const agree = results.filter((r) => r.agrees).length;
    const byClass = agreementByClass(results)
      .map((a) => `${a.class} ${a.agree}/${a.cases}`)
      .join(', ');
    console.log(`completion corpus: ${agree}/${results.length} agree (floor ${floor.agreement}); ${byClass}`);
    const disagreements = results.filter((r) => !r.agrees).map(describeDisagreement);
    if (disagreements.length > 0) console.log(`disagreements:\n${disagreements.join('\n')}`);
    expect(agree).toBeGreaterThanOrEqual(floor.agreement);
  }, 120_000);
});
