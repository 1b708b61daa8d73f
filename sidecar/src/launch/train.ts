/**
 * Build time: `node train.cjs <bundle> <cache>` runs the bundle as the executable would, on stdio,
 * and when the process exits (after the build has sent `initialize`, `shutdown` and `exit`) writes the
 * code cache of everything compiled on the way. Run by the Node binary the executable is made of.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { compileBundle } from './bundle.js';

// V8 accepts a cache only under the options it was made with. The executable compiles the bundle
// before `main.ts` sets its V8 options (set later, they cost the start nothing: setting them before
// the modules load cost 15 ms, measured), so the cache must be made under V8's defaults: here the
// sidecar's own settings of V8 options are not applied.
(require('node:v8') as { setFlagsFromString: (flags: string) => void }).setFlagsFromString = () => undefined;
// Taken off argv: the sidecar reads its own arguments there (commandLine.ts) and would refuse these.
const [bundleFile, cacheFile] = process.argv.splice(2);
const bundle = compileBundle(readFileSync(bundleFile, 'utf8'));
process.on('exit', () => writeFileSync(cacheFile, bundle.script.createCachedData()));
bundle.run(require, bundleFile);
