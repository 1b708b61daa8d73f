import { describe, expect, it, vi } from 'vitest';
import type { RenderOutcome } from './renderChannel.js';
import { RenderLoop } from './renderLoop.js';

/** A loop whose renders stay on their way until the test answers them, oldest first. */
function loopOf(maxStale: number) {
  const pending: Array<(outcome: RenderOutcome) => void> = [];
  let renders = 0;
  let gaveUp = 0;
  let version = 1;
  const loop = new RenderLoop(
    () => {
      renders++;
      return new Promise<RenderOutcome>((resolve) => pending.push(resolve));
    },
    maxStale,
    () => gaveUp++,
    () => version,
  );
  return {
    loop,
    counts: () => ({ renders, gaveUp }),
    /** The user types: the document's version moves on. */
    type: () => version++,
    /** Answers the render on its way, then lets the loop move on. */
    answer: async (outcome: RenderOutcome) => {
      pending.shift()!(outcome);
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('RenderLoop', () => {
  it('coalesces the requests made while a render is on its way into one next render', async () => {
    const { loop, counts, answer } = loopOf(3);
    for (let i = 0; i < 6; i++) loop.request();
    expect(counts().renders).toBe(1);
    await answer('applied');
    // The next render may wait as long as this one took (pacing, tested below).
    await vi.waitFor(() => expect(counts().renders).toBe(2));
    await answer('applied');
    await loop.settled();
    expect(counts()).toEqual({ renders: 2, gaveUp: 0 });
  });

  it('renders again at once after a stale answer, and gives up after too many in a row', async () => {
    const { loop, counts, answer } = loopOf(2);
    loop.request();
    for (const outcome of ['stale', 'stale', 'stale'] as const) await answer(outcome);
    await loop.settled();
    expect(counts()).toEqual({ renders: 3, gaveUp: 1 });
    loop.request();
    expect(counts().renders).toBe(4);
  });

  it('does not count a stale answer after the user typed: that is typing, not a refusal', async () => {
    const { loop, counts, answer, type } = loopOf(2);
    loop.request();
    for (let i = 0; i < 6; i++) {
      type();
      await answer('stale');
    }
    await answer('applied');
    await loop.settled();
    expect(counts()).toEqual({ renders: 7, gaveUp: 0 });
  });

  it('counts only stale answers in a row', async () => {
    const { loop, counts, answer } = loopOf(1);
    loop.request();
    await answer('stale');
    loop.request();
    for (const outcome of ['applied', 'stale', 'skipped'] as const) await answer(outcome);
    await loop.settled();
    expect(counts()).toEqual({ renders: 4, gaveUp: 0 });
  });

  it('after a slow render waits as long as it took before the next, so renders take at most half the time', async () => {
    // A fake clock: on a busy machine the event loop's timers can fire a few milliseconds early by the real one.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const spans: Array<{ start: number; end: number }> = [];
      const loop = new RenderLoop(
        async () => {
          const start = performance.now();
          await new Promise((resolve) => setTimeout(resolve, 30));
          spans.push({ start, end: performance.now() });
          return 'applied';
        },
        3,
        () => undefined,
        () => 1,
      );
      loop.request();
      loop.request();
      await vi.advanceTimersByTimeAsync(5);
      loop.request();
      const settled = loop.settled();
      await vi.advanceTimersByTimeAsync(200);
      await settled;
      expect(spans).toHaveLength(2);
      expect(spans[0].end - spans[0].start).toBe(30);
      expect(spans[1].start - spans[0].end).toBeGreaterThanOrEqual(30);
    } finally {
      vi.useRealTimers();
    }
  });
});
