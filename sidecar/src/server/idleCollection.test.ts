import { describe, expect, it } from 'vitest';
import { IDLE_COLLECTION_MS, IdleCollection, type StartTimer } from './idleCollection.js';

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

function setUp() {
  const clock = fakeClock();
  let collections = 0;
  const idle = new IdleCollection(() => collections++, clock.startTimer);
  return { clock, idle, collections: () => collections };
}

describe('IdleCollection', () => {
  it('collects once the client has been quiet for the whole period, not before', () => {
    const { clock, idle, collections } = setUp();
    idle.activity();
    expect(idle.due).toBe(true);
    clock.advance(IDLE_COLLECTION_MS - 1);
    expect(collections()).toBe(0);
    clock.advance(1);
    expect(collections()).toBe(1);
    expect(idle.due).toBe(false);
  });

  it('every message postpones the collection: none while the client keeps typing', () => {
    const { clock, idle, collections } = setUp();
    for (let keystroke = 0; keystroke < 50; keystroke++) {
      idle.activity();
      clock.advance(IDLE_COLLECTION_MS / 2);
    }
    expect(collections()).toBe(0);
    expect(clock.pending()).toBe(1);
    clock.advance(IDLE_COLLECTION_MS / 2);
    expect(collections()).toBe(1);
  });

  it('one collection per quiet period: a sidecar left alone does nothing more until the next message', () => {
    const { clock, idle, collections } = setUp();
    idle.activity();
    clock.advance(IDLE_COLLECTION_MS * 100);
    expect(collections()).toBe(1);
    expect(clock.pending()).toBe(0);
    idle.activity();
    clock.advance(IDLE_COLLECTION_MS);
    expect(collections()).toBe(2);
  });

  it('nothing is collected before the first message, and nothing after stop', () => {
    const { clock, idle, collections } = setUp();
    clock.advance(IDLE_COLLECTION_MS * 10);
    expect(collections()).toBe(0);
    idle.activity();
    idle.stop();
    clock.advance(IDLE_COLLECTION_MS * 10);
    expect(collections()).toBe(0);
    expect(idle.due).toBe(false);
  });

  it('the real timer fires after the period', async () => {
    let collected = false;
    const idle = new IdleCollection(() => (collected = true), undefined, 5);
    idle.activity();
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => collected && (clearInterval(poll), resolve()), 1);
    });
    expect(idle.due).toBe(false);
  });
});
