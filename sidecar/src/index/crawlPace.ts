/**
 * When the workspace crawl may do its next piece of work. The crawl runs on the main thread, so a
 * completion that arrives during one of its slices waits for it: it keeps out of the way while a
 * request is served and while the user types (a change or a request in the last `quietMs`), and goes
 * on once the user has paused. Typing without a pause must not hold it for ever: it takes one piece
 * at least every `maxHoldMs` (a request being served aside), so a crawl of n pieces ends within
 * about n × `maxHoldMs` whatever the user types.
 */

/** A pause in typing this long lets the crawl go on. */
export const TYPING_QUIET_MS = 400;
/** The crawl is held this long at most between two pieces of its work. */
export const MAX_HOLD_MS = 2000;

export interface PaceTiming {
  quietMs: number;
  maxHoldMs: number;
}

const TIMING: PaceTiming = { quietMs: TYPING_QUIET_MS, maxHoldMs: MAX_HOLD_MS };

/** How long the crawl waits before its next piece (0: now), given the user's last activity and the crawl's last piece. */
export function crawlDelay(now: number, lastActivity: number, lastTurn: number, timing: PaceTiming = TIMING): number {
  return Math.max(0, Math.min(lastActivity + timing.quietMs, lastTurn + timing.maxHoldMs) - now);
}

/** The one owner of that state: the user's last activity, the requests being served, the crawl's last turn. */
export class CrawlPace {
  private lastActivity = -Infinity;
  private lastTurn = -Infinity;
  private serving = 0;
  private waiters: Array<() => void> = [];

  constructor(
    private readonly timing: PaceTiming = TIMING,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The user changed a document or asked for something. */
  activity(): void {
    this.lastActivity = this.now();
  }

  /** Runs a request's work: the crawl waits until it ends, and then until the user pauses. */
  async serve<T>(work: () => Promise<T>): Promise<T> {
    this.activity();
    this.serving++;
    try {
      return await work();
    } finally {
      this.activity();
      if (--this.serving === 0) for (const resolve of this.waiters.splice(0)) resolve();
    }
  }

  /** Resolves when the crawl may do its next piece of work (and counts it as done now). */
  async turn(): Promise<void> {
    for (;;) {
      if (this.serving > 0) {
        await new Promise<void>((resolve) => this.waiters.push(resolve));
        continue;
      }
      const delay = crawlDelay(this.now(), this.lastActivity, this.lastTurn, this.timing);
      if (delay === 0) {
        this.lastTurn = this.now();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
