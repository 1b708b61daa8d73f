/** The V8 heap in use after a full collection, for tests that check what a cache keeps alive. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null = null;

export function heapUsedAfterGc(): number {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
  return process.memoryUsage().heapUsed;
}

export const MB = 1024 * 1024;
