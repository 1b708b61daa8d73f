/**
 * A session's layout renders, one at a time and always of the latest target: requests that arrive
 * while a render is on its way coalesce into the next one. A stale answer (the user typed
 * meanwhile) is re-planned at once; after `maxStale` stale answers in a row with the document
 * unchanged between them (the client refuses, rather than the user typing on) the loop gives up.
 *
 * A render costs the size of what it shows (planned against the whole region, applied and answered
 * by the client), so back-to-back renders of a long streaming reply would cost its length squared.
 * After a render that took longer than a frame (PACE_FROM_MS), the next waits as long as that one
 * took: renders then take at most half the time, and a long reply streams in time linear in its length.
 */
/** A render quicker than this is followed at once by the next. */
export const PACE_FROM_MS = 1;
import type { RenderOutcome } from './renderChannel.js';

export class RenderLoop {
  private running: Promise<void> | null = null;
  private wanted = false;

  constructor(
    /** Plans and sends one render of the latest target. */
    private readonly renderOnce: () => Promise<RenderOutcome>,
    private readonly maxStale: number,
    private readonly giveUp: () => void,
    /** The document's version: a stale answer after a change of it is the user typing, not a refusal. */
    private readonly version: () => number,
  ) {}

  /** Asks for a render of the latest target. */
  request(): void {
    this.wanted = true;
    this.running ??= this.run();
  }

  /** Resolves once no render is on its way or wanted. */
  settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async run(): Promise<void> {
    let stale = 0;
    while (this.wanted) {
      this.wanted = false;
      const before = this.version();
      const started = performance.now();
      if ((await this.renderOnce()) !== 'stale') {
        stale = 0;
        const took = performance.now() - started;
        if (took > PACE_FROM_MS) await new Promise((resolve) => setTimeout(resolve, took));
        continue;
      }
      stale = this.version() === before ? stale + 1 : 0;
      if (stale > this.maxStale) {
        this.running = null;
        this.giveUp();
        return;
      }
      this.wanted = true;
    }
    this.running = null;
  }
}
