import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CrawlPace, crawlDelay } from './crawlPace.js';

const timing = { quietMs: 400, maxHoldMs: 2000 };

describe('crawlDelay', () => {
  it('lets the crawl go on once the user has paused, and holds it for the rest of the pause otherwise', () => {
    expect(crawlDelay(10_000, 9_000, 9_990, timing)).toBe(0);
    expect(crawlDelay(10_000, 9_600, 9_990, timing)).toBe(0);
    expect(crawlDelay(10_000, 9_900, 9_990, timing)).toBe(300);
    expect(crawlDelay(10_000, -Infinity, -Infinity, timing)).toBe(0);
  });

  it('holds the crawl no longer than maxHoldMs after its last piece, however recent the typing', () => {
    expect(crawlDelay(10_000, 9_999, 8_000, timing)).toBe(0);
    expect(crawlDelay(10_000, 9_999, 8_100, timing)).toBe(100);
    expect(crawlDelay(10_000, 10_000, 9_990, timing)).toBe(400);
  });
});

describe('CrawlPace', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A crawl of `pieces` pieces of 10 ms each; resolves with the time each piece started. */
  async function crawl(pace: CrawlPace, pieces: number): Promise<number[]> {
    const started: number[] = [];
    for (let i = 0; i < pieces; i++) {
      await pace.turn();
      started.push(Date.now());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return started;
  }

  it('takes no piece while the user types, except one per maxHoldMs, and goes on at once after a pause', async () => {
    const pace = new CrawlPace(timing, () => Date.now());
    const t0 = Date.now();
    // Typing every 100 ms from the start, the last keystroke at 9,900 ms.
    const typing = setInterval(() => pace.activity(), 100);
    setTimeout(() => clearInterval(typing), 9950);
    pace.activity();
    const done = crawl(pace, 20);
    await vi.advanceTimersByTimeAsync(20_000);
    const started = (await done).map((t) => t - t0);
    const whileTyping = started.filter((t) => t < 9900 + timing.quietMs);
    // Forced pieces only: one every maxHoldMs (the first at once: nothing has held the crawl yet).
    expect(whileTyping).toEqual([0, 2000, 4000, 6000, 8000, 10_000]);
    // 400 ms after the last keystroke the crawl goes on, one piece after another.
    expect(started.slice(whileTyping.length)).toEqual(Array.from({ length: 20 - whileTyping.length }, (_, i) => 10_300 + i * 10));
  });

  it('waits while a request is served, and for a pause after it', async () => {
    const pace = new CrawlPace(timing, () => Date.now());
    const t0 = Date.now();
    const done = crawl(pace, 2);
    let finish!: () => void;
    const request = pace.serve(() => new Promise<void>((resolve) => (finish = resolve)));
    await vi.advanceTimersByTimeAsync(1000);
    finish();
    await request;
    await vi.advanceTimersByTimeAsync(1000);
    expect((await done).map((t) => t - t0)).toEqual([0, 1000 + timing.quietMs]);
  });

  it('never interrupts a request, however long it is served', async () => {
    const pace = new CrawlPace(timing, () => Date.now());
    const t0 = Date.now();
    let finish!: () => void;
    const request = pace.serve(() => new Promise<void>((resolve) => (finish = resolve)));
    const done = crawl(pace, 1);
    await vi.advanceTimersByTimeAsync(5000);
    finish();
    await request;
    await vi.advanceTimersByTimeAsync(1000);
    // Held past maxHoldMs already: the piece goes as soon as the request ends.
    expect((await done).map((t) => t - t0)).toEqual([5000]);
  });
});
