import { describe, expect, it } from 'vitest';
import { sliced, whole, type Steps } from './slices.js';

function* counting(n: number, seen: number[]): Steps<number> {
  let sum = 0;
  for (let i = 1; i <= n; i++) {
    sum += i;
    seen.push(i);
    yield;
  }
  return sum;
}

describe('slices', () => {
  it('runs the steps whole or sliced to the same result', async () => {
    expect(whole(counting(10, []))).toBe(55);
    let gaps = 0;
    expect(await sliced(counting(10, []), async () => void gaps++, 0)).toBe(55);
    // A slice of 0 ms gives way after every step.
    expect(gaps).toBe(10);
  });

  it('gives way once a slice of time is spent, not after each step', async () => {
    function* slow(): Steps<void> {
      for (let i = 0; i < 40; i++) {
        const until = performance.now() + 1;
        while (performance.now() < until);
        yield;
      }
    }
    let gaps = 0;
    await sliced(slow(), async () => void gaps++, 10);
    // Forty steps of 1 ms in slices of 10 ms: about four gaps (more when the machine is busy), never one per step.
    expect(gaps).toBeGreaterThanOrEqual(3);
    expect(gaps).toBeLessThan(20);
  });

  it('stops where `between` throws: no step after it', async () => {
    const seen: number[] = [];
    let gaps = 0;
    const run = sliced(
      counting(10, seen),
      async () => {
        if (++gaps === 3) throw new Error('abandoned');
      },
      0,
    );
    await expect(run).rejects.toThrow('abandoned');
    expect(seen).toEqual([1, 2, 3]);
  });
});
