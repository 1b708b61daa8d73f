/**
 * A session's layout renders, one at a time and always of the latest target: requests that arrive
 * while a render is on its way coalesce into the next one. A stale answer (the user typed
 * meanwhile) is re-planned at once; after `maxStale` stale answers in a row the loop gives up.
 */
import type { RenderOutcome } from './renderChannel.js';

export class RenderLoop {
  private running: Promise<void> | null = null;
  private wanted = false;

  constructor(
    /** Plans and sends one render of the latest target. */
    private readonly renderOnce: () => Promise<RenderOutcome>,
    private readonly maxStale: number,
    private readonly giveUp: () => void,
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
      if ((await this.renderOnce()) !== 'stale') {
        stale = 0;
        continue;
      }
      if (++stale > this.maxStale) {
        this.running = null;
        this.giveUp();
        return;
      }
      this.wanted = true;
    }
    this.running = null;
  }
}
