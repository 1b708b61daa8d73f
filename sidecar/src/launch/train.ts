/**
 * Build time: `node train.cjs <bundle> <cache>` runs the bundle as the executable would, on stdio,
 * and when the process exits (after the build has sent `initialize`, `shutdown` and `exit`) writes the
 * code cache of everything compiled on the way. Run by the Node binary the executable is made of.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { compileBundle } from './bundle.js';
import { setV8Flags } from '../v8Flags.js';

const [bundleFile, cacheFile] = process.argv.slice(2);
setV8Flags();
const bundle = compileBundle(readFileSync(bundleFile, 'utf8'));
process.on('exit', () => writeFileSync(cacheFile, bundle.script.createCachedData()));
bundle.run(require, bundleFile);
