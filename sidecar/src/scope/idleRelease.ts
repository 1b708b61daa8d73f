/**
 * Gives web-tree-sitter's memory back after a pause in parsing. Its wasm memory only ever grows, and
 * the compiled grammars stay with it: a sidecar sitting idle beside the IDE has no use for either.
 * After `IDLE_RELEASE_MS` without a parse the trees and the instance are let go; the next document
 * change builds a fresh instance while the completion's debounce runs (`npm run bench` measures the
 * memory given back and the first completion after it).
 */
import { releaseTreeSitter, treeSitterIdleMs } from './grammars.js';

export const IDLE_RELEASE_MS = 5 * 60_000;
const CHECK_EVERY_MS = 5_000;

/** Whether an instance idle for `idleMs` (null: none loaded) should be let go. */
export function shouldRelease(idleMs: number | null, releaseAfterMs = IDLE_RELEASE_MS): boolean {
  return idleMs !== null && idleMs >= releaseAfterMs;
}

/**
 * Checks now and then; on release, `dropTrees` must let go of every cached tree (they keep the old
 * instance alive) and `collect` may run the garbage collector so that the memory goes back at once,
 * not at the next collection, which an idle process may not have for hours. Returns a stop function.
 */
export function releaseTreeSitterWhenIdle(dropTrees: () => void, collect: () => void = () => {}): () => void {
  const timer = setInterval(() => {
    if (!shouldRelease(treeSitterIdleMs())) return;
    dropTrees();
    releaseTreeSitter();
    collect();
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
