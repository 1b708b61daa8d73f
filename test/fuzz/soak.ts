/**
 * The long fuzz run: `npm run soak` (after `npm run build`). 100,000 frames against one packaged
 * sidecar (no shutdown or exit frames, so its memory is measured over one process), then a shorter
 * run with them. Prints crashes, hangs, unanswered requests, internal errors, error answers by code
 * and RSS before/after. `--frames N` and `--seed S` change the run. Exits non-zero on any failure.
 */
import { runFuzz, type FuzzReport } from './driver.js';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : undefined;
};
const frames = arg('--frames') ?? 100_000;
const seed = arg('--seed') ?? Math.floor(Math.random() * 2 ** 31);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function print(title: string, report: FuzzReport): void {
  const growth = report.rssBefore > 0 ? ((report.rssAfter / report.rssBefore - 1) * 100).toFixed(1) : 'n/a';
  const codes = Object.entries(report.errorsByCode)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([code, n]) => `${code}: ${n}`)
    .join(', ');
  console.log(`\n${title} (seed ${report.seed})`);
  console.log(`  frames ${report.frames} in ${report.seconds.toFixed(0)} s; ${report.answered} answers`);
  console.log(`  crashes ${report.crashes}, hangs ${report.hangs}, unanswered requests ${report.unanswered}, internal errors ${report.internalErrors}`);
  console.log(`  slowest probe answer ${report.slowestProbe.ms.toFixed(0)} ms (after ${report.slowestProbe.after.join(', ')})`);
  if (report.lifecycleEnds > 0) console.log(`  processes ended by shutdown/exit ${report.lifecycleEnds}, slowest exit ${report.slowestExitMs.toFixed(0)} ms`);
  console.log(`  error answers by code: ${codes}`);
  // With shutdown and exit frames the process at the end is not the one measured after warm-up.
  if (report.lifecycleEnds === 0) console.log(`  RSS after warm-up ${mb(report.rssBefore)}, at the end ${mb(report.rssAfter)} (${growth} %)`);
  for (const failure of report.failures) console.log(`  ${failure.kind} at frame ${failure.frame} after [${failure.recent.join(', ')}]: ${failure.detail.split('\n')[0]}`);
}

const long = await runFuzz({ seed, frames, lifecycleEnds: false, warmUp: Math.min(5000, Math.floor(frames / 10)), onProgress: (done) => done % 10_000 === 0 && console.log(`  … ${done} frames`) });
print(`soak: ${frames} frames, one process`, long);
const ends = await runFuzz({ seed: seed + 1, frames: Math.max(1000, Math.floor(frames / 20)), lifecycleEnds: true });
print('soak: with shutdown and exit frames', ends);
const failed = [long, ends].some((r) => r.crashes + r.hangs + r.unanswered + r.internalErrors > 0);
process.exit(failed ? 1 : 0);
