/**
 * The executable's main script: compiles and runs the sidecar's bundle from the executable's assets,
 * with its code cache when the build made one (`scripts/build-sea.mjs`).
 */
import { compileBundle, BUNDLE_ASSET, CODE_CACHE_ASSET } from './bundle.js';

interface SeaModule {
  getAsset(key: string): ArrayBuffer;
  getAsset(key: string, encoding: string): string;
}

const sea = require('node:sea') as SeaModule;
let cachedData: Buffer | undefined;
try {
  cachedData = Buffer.from(sea.getAsset(CODE_CACHE_ASSET));
} catch {
  cachedData = undefined; // a build for another platform: no cache is valid there
}
const bundle = compileBundle(sea.getAsset(BUNDLE_ASSET, 'utf8'), cachedData);
if (bundle.cacheRejected) process.stderr.write('redline-sidecar: the code cache does not fit this Node; starting without it\n');
bundle.run(require, __filename);
