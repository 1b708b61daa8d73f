/** The V8 options the sidecar runs with, set by `main.ts` and, in the executable, by `launch/executable.ts`. */
import { setFlagsFromString } from 'node:v8';

/**
 * A Node executable takes no V8 options on its command line, so they are set here, before any of them
 * matters. The executable sets them before it compiles the sidecar's code, because a code cache is
 * accepted only under the options it was made with (`launch/`).
 */
export function setV8Flags(): void {
  // Parsing and diffing allocate in bursts, and V8 answers each by growing the young generation
  // towards 2 × 16 MB that it never gives back: it stays at its initial size. The old generation grows
  // by smaller steps and is compacted sooner (--optimize-for-size): after 300 TypeScript completions the
  // heap held 24 instead of 41 MB, and completion latency did not move (`npm run bench`).
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--optimize-for-size');
  // A grammar's wasm is compiled function by function when first called, not all of it on load: a
  // grammar uses a fraction of its functions for one file, and the rest would hold compiled code.
  setFlagsFromString('--wasm-lazy-compilation');
}
