/**
 * `npm run soak:faults`: fault sessions in bulk, counted by fault kind. Arguments: the number of sessions
 * (default 1,000), the first seed (default random, printed), sessions at once (default 4),
 * `--same` to run that one seed every time (timing differs from run to run), and `--stale-typing`
 * to have every session's client type on the streaming line before the second and third renders
 * and answer both stale (one session in five does by default).
 * Exits non-zero when any session found a problem; each is printed with the seed that replays it.
 */
import { existsSync } from 'node:fs';
import { PACKAGED_SIDECAR } from '../harness/packaged.js';
import { FAULT_KINDS, planSession } from './plan.js';
import { runSession, type SessionResult } from './session.js';

const [count, firstSeed, parallel] = [1000, Math.floor(Math.random() * 2 ** 31), 4].map((fallback, i) => Number(process.argv.filter((a) => !a.startsWith('--'))[i + 2] ?? fallback));
const same = process.argv.includes('--same');
const staleTyping = process.argv.includes('--stale-typing');
const kill = existsSync(PACKAGED_SIDECAR);
if (!kill) console.log(`${PACKAGED_SIDECAR} is missing (npm run build): no session kills the sidecar this run`);
console.log(`${count} fault sessions from seed ${firstSeed}, ${parallel} at a time${staleTyping ? ', every one typing before two renders answered stale' : ''}`);

const results: SessionResult[] = [];
const running = new Set<number>();
process.on('uncaughtException', (err) => {
  console.log(`uncaught exception while seeds ${[...running].join(' ')} ran:`, err);
  process.exit(2);
});
let next = 0;
const began = performance.now();
async function worker(): Promise<void> {
  while (next < count) {
    const seed = same ? firstSeed : firstSeed + next;
    next++;
    running.add(seed);
    const result = await runSession(planSession(seed, { kill, staleTyping }));
    running.delete(seed);
    results.push(result);
    if (result.problems.length > 0) {
      console.log(`\nseed ${seed} (${result.fault}, ended ${result.end}):\n  ${result.problems.join('\n  ')}`);
      if (process.env.REDLINE_FAULT_TRACE) console.log(`  trace:\n  ${result.trace.join('\n  ')}`);
    }
    if (results.length % 50 === 0) console.log(`${results.length} sessions, ${results.filter((r) => r.problems.length > 0).length} with problems`);
  }
}
await Promise.all(Array.from({ length: parallel }, worker));

const rows: Record<string, Record<string, number | string>> = {};
for (const kind of FAULT_KINDS) {
  const of = results.filter((r) => r.fault === kind);
  if (of.length === 0) continue;
  const ends: Record<string, number> = {};
  for (const r of of) ends[r.end] = (ends[r.end] ?? 0) + 1;
  rows[kind] = {
    sessions: of.length,
    'with problems': of.filter((r) => r.problems.length > 0).length,
    ends: Object.entries(ends).map(([end, n]) => `${end} ${n}`).join(', '),
  };
}
const failed = results.filter((r) => r.problems.length > 0);
console.table(rows);
console.log(
  `${results.length} sessions in ${((performance.now() - began) / 1000).toFixed(0)} s: ${failed.length} with problems; ` +
    `${results.reduce((n, r) => n + r.userEdits, 0)} user edits, ${results.reduce((n, r) => n + r.staleAnswers, 0)} stale answers, ` +
    `mirror compared with the client in ${results.filter((r) => r.probed).length}, sidecar killed in ${results.filter((r) => r.end === 'killed').length}`,
);
const tokens = (of: SessionResult[]) =>
  of.reduce(
    (t, r) => ({ typed: t.typed + r.tokens.typed, duplicated: t.duplicated + r.tokens.duplicated, lost: t.lost + r.tokens.lost, doubledLines: t.doubledLines + r.tokens.doubledLines }),
    { typed: 0, duplicated: 0, lost: 0, doubledLines: 0 },
  );
const said = (t: SessionResult['tokens']) => `${t.typed} typed, ${t.duplicated} duplicated, ${t.lost} lost, ${t.doubledLines} lines there twice`;
const all = tokens(results);
const pattern = results.filter((r) => r.staleTyping);
console.log(`typed tokens: ${said(all)}; in the ${pattern.length} sessions typing before two renders answered stale: ${said(tokens(pattern))}`);
if (failed.length > 0) console.log(`replay one with: npx tsx test/fault/soak.ts 1 <seed> 1 (failing seeds: ${failed.map((r) => r.seed).join(' ')})`);
process.exit(failed.length > 0 ? 1 : 0);
