/**
 * The short fuzz run of `npm test`: generated frames (see generator.ts) against the packaged
 * sidecar, once with a fixed seed and once with a random one, printed so a failure can be
 * replayed (`npm run soak -- --frames 2500 --seed <seed>`). The long run is `npm run soak`.
 */
import { describe, expect, it } from 'vitest';
import { runFuzz, type FuzzReport } from './driver.js';

const FRAMES = 2500;

function summary(report: FuzzReport): string {
  return [
    `seed ${report.seed}: ${report.crashes} crashes, ${report.hangs} hangs, ${report.unanswered} unanswered, ${report.internalErrors} internal errors`,
    ...report.failures.map((f) => `${f.kind} at frame ${f.frame} after [${f.recent.join(', ')}]: ${f.detail}`),
  ].join('\n');
}

async function fuzz(seed: number): Promise<void> {
  const report = await runFuzz({ seed, frames: FRAMES, lifecycleEnds: true });
  console.log(
    `fuzz seed ${seed}: ${report.frames} frames, ${report.answered} answers, ${report.lifecycleEnds} processes ended by shutdown/exit, ${report.overLimit.sent} replies past their token limit (${report.overLimit.hungUp} hung up on before their end), slowest probe answer ${report.slowestProbe.ms.toFixed(0)} ms (after ${report.slowestProbe.after.join(', ')}), in ${report.seconds.toFixed(0)} s`,
  );
  expect({ crashes: report.crashes, hangs: report.hangs, unanswered: report.unanswered, internalErrors: report.internalErrors }, summary(report)).toEqual({ crashes: 0, hangs: 0, unanswered: 0, internalErrors: 0 });
  // The run reached the sidecar's handlers and its edge alike.
  for (const code of [-32700, -32600, -32602, -31002]) expect(report.errorsByCode[code], `answers with ${code}`).toBeGreaterThan(0);
  expect(report.answered).toBeGreaterThan(FRAMES / 4);
  // Model calls met servers that ignore the reply limit.
  expect(report.overLimit.sent).toBeGreaterThan(0);
}

describe('fuzzing the packaged sidecar: no crash, no hang, every request answered', () => {
  it('with the fixed seed', () => fuzz(20261201), 180_000);

  const seed = Math.floor(Math.random() * 2 ** 31);
  it(`with a random seed (${seed})`, () => fuzz(seed), 180_000);
});
