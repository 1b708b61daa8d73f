/**
 * Garbage collection once the client has gone quiet. V8 collects on its own only when an allocation
 * needs room or, about ten seconds after a burst of work, when its memory reducer notices the quiet;
 * until then the garbage of the last keystrokes' parses and prompts stays resident. A sidecar knows
 * better when nobody is waiting for it: no message from the client for `IDLE_COLLECTION_MS` means the
 * user has stopped typing, so the collection cannot hold up a keystroke of the burst. Every message
 * postpones it, and one collection follows each quiet period: a sidecar left alone does nothing more
 * (`npm run bench` measures the memory it gives back). A quiet period after light work collects
 * nothing: only when the heap has grown by `COLLECTION_GROWTH_BYTES` since the last collection is the
 * pause (10–40 ms) worth taking, so a user who types with short pauses does not pay one per pause.
 */

export const IDLE_COLLECTION_MS = 1_000;
export const COLLECTION_GROWTH_BYTES = 2 * 1024 * 1024;

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
  /** The heap in use right after the last collection (or at start). */
  #usedAfterLast: number;

  /** `heapUsed`: the bytes in V8's heap now. */
  constructor(
    private readonly collect: () => void,
    private readonly heapUsed: () => number,
    private readonly startTimer: StartTimer = realTimer,
    private readonly quietMs = IDLE_COLLECTION_MS,
  ) {
    this.#usedAfterLast = heapUsed();
  }

  /** A message from the client: the collection waits for a quiet period after it. */
  activity(): void {
    this.#cancel?.();
    this.#cancel = this.startTimer(() => {
      this.#cancel = null;
      if (this.heapUsed() - this.#usedAfterLast < COLLECTION_GROWTH_BYTES) return;
      this.collect();
      this.#usedAfterLast = this.heapUsed();
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
