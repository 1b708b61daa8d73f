import { describe, expect, it } from 'vitest';
import { COLLECTION_GROWTH_BYTES, IDLE_COLLECTION_MS, IdleCollection, type StartTimer } from './idleCollection.js';

/** Timers that run only when the test moves the clock. */
function fakeClock() {
  let now = 0;
  const timers = new Set<{ at: number; run: () => void }>();
  const startTimer: StartTimer = (run, ms) => {
    const timer = { at: now + ms, run };
    timers.add(timer);
    return () => timers.delete(timer);
  };
  return {
    startTimer,
    pending: () => timers.size,
    advance(ms: number) {
      now += ms;
      for (const timer of [...timers].sort((a, b) => a.at - b.at)) {
        if (timer.at > now) continue;
        timers.delete(timer);
        timer.run();
      }
    },
  };
}

/** A heap that grows by what the test says the work allocated and shrinks to `live` when collected. */
function setUp(grownPerActivity = COLLECTION_GROWTH_BYTES) {
  const clock = fakeClock();
  const live = 10 * 1024 * 1024;
  let used = live;
  let collections = 0;
  const idle = new IdleCollection(
    () => {
      collections++;
      used = live;
    },
    () => used,
    clock.startTimer,
  );
  const activity = () => {
    used += grownPerActivity;
    idle.activity();
  };
  return { clock, idle, activity, collections: () => collections };
}

describe('IdleCollection', () => {
  it('collects once the client has been quiet for the whole period, not before', () => {
    const { clock, idle, activity, collections } = setUp();
    activity();
    expect(idle.due).toBe(true);
    clock.advance(IDLE_COLLECTION_MS - 1);
    expect(collections()).toBe(0);
    clock.advance(1);
    expect(collections()).toBe(1);
    expect(idle.due).toBe(false);
  });

  it('every message postpones the collection: none while the client keeps typing', () => {
    const { clock, activity, collections } = setUp();
    for (let keystroke = 0; keystroke < 50; keystroke++) {
      activity();
      clock.advance(IDLE_COLLECTION_MS / 2);
    }
    expect(collections()).toBe(0);
    expect(clock.pending()).toBe(1);
    clock.advance(IDLE_COLLECTION_MS / 2);
    expect(collections()).toBe(1);
  });

  it('one collection per quiet period: a sidecar left alone does nothing more until the next message', () => {
    const { clock, activity, collections } = setUp();
    activity();
    clock.advance(IDLE_COLLECTION_MS * 100);
    expect(collections()).toBe(1);
    expect(clock.pending()).toBe(0);
    activity();
    clock.advance(IDLE_COLLECTION_MS);
    expect(collections()).toBe(2);
  });

  it('nothing is collected before the first message, and nothing after stop', () => {
    const { clock, idle, activity, collections } = setUp();
    clock.advance(IDLE_COLLECTION_MS * 10);
    expect(collections()).toBe(0);
    activity();
    idle.stop();
    clock.advance(IDLE_COLLECTION_MS * 10);
    expect(collections()).toBe(0);
    expect(idle.due).toBe(false);
  });

  it('a quiet period after light work collects nothing: only a heap grown by the threshold since the last collection is collected', () => {
    const { clock, activity, collections } = setUp(COLLECTION_GROWTH_BYTES / 4);
    for (let pause = 1; pause <= 3; pause++) {
      activity();
      clock.advance(IDLE_COLLECTION_MS);
      expect(collections()).toBe(0);
    }
    activity();
    clock.advance(IDLE_COLLECTION_MS);
    expect(collections()).toBe(1);
    // Counted again from what the collection left.
    activity();
    clock.advance(IDLE_COLLECTION_MS);
    expect(collections()).toBe(1);
  });

  it('the real timer fires after the period', async () => {
    let collected = false;
    let used = 0;
    const idle = new IdleCollection(() => (collected = true), () => (used += COLLECTION_GROWTH_BYTES), undefined, 5);
    idle.activity();
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => collected && (clearInterval(poll), resolve()), 1);
    });
    expect(idle.due).toBe(false);
  });
});
