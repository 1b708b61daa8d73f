/**
 * Garbage collection once the client has gone quiet. V8 collects on its own only when an allocation
 * needs room or, about ten seconds after a burst of work, when its memory reducer notices the quiet;
 * until then the garbage of the last keystrokes' parses and prompts stays resident. A sidecar knows
 * better when nobody is waiting for it: no message from the client for `IDLE_COLLECTION_MS` means the
 * user has stopped typing, so the collection cannot hold up a keystroke of the burst. Every message
 * postpones it, and one collection follows each quiet period: a sidecar left alone does nothing more
 * (`npm run bench` measures the memory it gives back).
 */

export const IDLE_COLLECTION_MS = 1_000;

/** Starts a one-shot timer; returns its cancel function. */
export type StartTimer = (run: () => void, ms: number) => () => void;

const realTimer: StartTimer = (run, ms) => {
  const timer = setTimeout(run, ms);
  // The collection is no reason to keep a process alive whose input has closed.
  timer.unref();
  return () => clearTimeout(timer);
};

export class IdleCollection {
  #cancel: (() => void) | null = null;

  constructor(
    private readonly collect: () => void,
    private readonly startTimer: StartTimer = realTimer,
    private readonly quietMs = IDLE_COLLECTION_MS,
  ) {}

  /** A message from the client: the collection waits for a quiet period after it. */
  activity(): void {
    this.#cancel?.();
    this.#cancel = this.startTimer(() => {
      this.#cancel = null;
      this.collect();
    }, this.quietMs);
  }

  /** Whether a collection is waiting for the quiet period to end. */
  get due(): boolean {
    return this.#cancel !== null;
  }

  stop(): void {
    this.#cancel?.();
    this.#cancel = null;
  }
}
