/**
 * A short run of the fault harness (`npm run soak:faults` runs 1,000): whole inline-edit sessions with
 * model faults, user edits, stale answers and verdicts, each judged by the independent oracle.
 * A fixed block of seeds, then a random one, printed so a failure can be replayed.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PACKAGED_SIDECAR } from '../harness/packaged.js';
import { planSession } from './plan.js';
import { runSession } from './session.js';

const FIXED_SEED = 20261201;
const SESSIONS = 40;
const kill = existsSync(PACKAGED_SIDECAR);

async function runBlock(first: number, count: number): Promise<string[]> {
  return runSeeds(Array.from({ length: count }, (_, i) => first + i));
}

async function runSeeds(seeds: readonly number[]): Promise<string[]> {
  const failures: string[] = [];
  for (let i = 0; i < seeds.length; i += 4) {
    const results = await Promise.all(seeds.slice(i, i + 4).map((seed) => runSession(planSession(seed, { kill }))));
    for (const r of results) if (r.problems.length > 0) failures.push(`seed ${r.seed} (${r.fault}, ended ${r.end}; replay: npx tsx test/fault/soak.ts 20 ${r.seed} 4 --same):\n  ${r.problems.join('\n  ')}`);
  }
  return failures;
}

describe('fault sessions', () => {
  it(`${SESSIONS} sessions from seed ${FIXED_SEED}: every document ends as the oracle says`, { timeout: 240_000 }, async () => {
    expect(await runBlock(FIXED_SEED, SESSIONS)).toEqual([]);
  });

  it('replies far past their token limit: each session ends in an error, the document as the oracle says', { timeout: 120_000 }, async () => {
    const seeds: number[] = [];
    for (let seed = FIXED_SEED; seeds.length < 4; seed++) if (planSession(seed, { kill }).fault === 'overLimit') seeds.push(seed);
    expect(await runSeeds(seeds)).toEqual([]);
  });

  it('20 sessions from a random seed', { timeout: 240_000 }, async () => {
    const seed = Math.floor(Math.random() * 2 ** 31);
    console.log(`fault sessions from random seed ${seed}`);
    expect(await runBlock(seed, 20)).toEqual([]);
  });
});
