/**
 * The sidecar's bundle compiled as a CommonJS module with a V8 code cache. Node's own SEA code cache
 * holds only the functions V8 compiles before the script runs (its top level); every module body and
 * every function on the way to the `initialize` reply was compiled again at each start. This cache is
 * made at build time after a real `initialize` (`train.ts`), so it holds those too.
 */
import { Script } from 'node:vm';
import assets from './assets.json';

/** The bundle's name in the executable's assets and in stack traces. */
export const BUNDLE_ASSET = assets.bundle;
/** The code cache's name in the executable's assets; absent in a build for another platform. */
export const CODE_CACHE_ASSET = assets.codeCache;

export interface CompiledBundle {
  script: Script;
  /** Whether V8 refused the code cache given (another Node, other V8 options): then all is compiled anew. */
  cacheRejected: boolean;
  /** Evaluates the bundle as the module Node would make of it; returns its exports. */
  run(require: NodeJS.Require, filename: string): unknown;
}

/**
 * `source` is the bundle as the build writes it: one function expression taking what Node's CommonJS
 * loader passes a module (exports, require, module, __filename, __dirname). The same text at build
 * time and at start: V8 checks the cache against the source's length.
 */
export function compileBundle(source: string, cachedData?: Buffer): CompiledBundle {
  const script = new Script(source, { filename: BUNDLE_ASSET, cachedData });
  return {
    script,
    cacheRejected: cachedData !== undefined && script.cachedDataRejected === true,
    run(require, filename) {
      const module = { exports: {} };
      const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
      wrapper(module.exports, require, module, filename, filename.slice(0, Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\'))));
      return module.exports;
    },
  };
}
