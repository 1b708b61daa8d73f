/**
 * Long work on the main thread cut into slices: the work is a generator that yields after each
 * small step (a chunk hashed, a few hundred files taken in), and a driver runs steps until its slice
 * of time is spent, then gives way (lets a request in) before the next slice. The same steps run
 * whole, without giving way, where nothing waits (tests, a pure function's callers).
 */

/** Work that yields between steps of a few milliseconds at most, and returns T. */
export type Steps<T> = Generator<void, T, void>;

/** A slice of the index's long work: a request arriving meanwhile waits this long at most (and one step). */
export const SLICE_MS = 8;

/** Runs every step at once. */
export function whole<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs the steps in slices of about `sliceMs`, awaiting `between` after each slice; `between` throwing abandons the work. */
export async function sliced<T>(steps: Steps<T>, between: () => Promise<void>, sliceMs = SLICE_MS): Promise<T> {
  try {
    let end = performance.now() + sliceMs;
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      if (performance.now() >= end) {
        await between();
        end = performance.now() + sliceMs;
      }
    }
  } finally {
    // Abandoned: the generator's own `finally` blocks run now, not never.
    steps.return(undefined as T);
  }
}
