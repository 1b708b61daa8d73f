/** Sidecar entry point: JSON-RPC over stdio. Nothing but protocol may reach stdout. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startServer } from './server/server.js';
import { sidecarConnection } from './server/wire.js';

// A Node executable takes no V8 options on its command line, so they are set here, before any of them
// matters. Parsing and diffing allocate in bursts, and V8 answers each by growing the young generation
// towards 2 × 16 MB that it never gives back: it stays at its initial size. The old generation grows
// by smaller steps and is compacted sooner (--optimize-for-size): after 300 TypeScript completions the
// heap held 24 instead of 41 MB, and completion latency did not move (`npm run bench`).
setFlagsFromString('--semi-space-growth-factor=1');
setFlagsFromString('--optimize-for-size');
// A grammar's wasm is compiled function by function when first called, not all of it on load: a
// grammar uses a fraction of its functions for one file, and the rest would hold compiled code.
setFlagsFromString('--wasm-lazy-compilation');
// The idle release of the grammar runtime (scope/idleRelease.ts) collects at once, or an idle process
// would keep the memory until its next collection. The collector is reached through a context made
// with --expose-gc, created at the first release, not at start.
let gc: (() => void) | null = null;
function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

console.log = console.error;
console.info = console.error;
const connection = sidecarConnection(process.stdin, process.stdout);
const { log } = startServer(connection, { onExit: (code) => process.exit(code), collectGarbage });
// A bug must not take every open session down with the process: it is logged (the fuzz suite
// fails on this line) and the sidecar keeps serving.
process.on('uncaughtException', (error) => log.error(`internal error: ${error.stack ?? error.message}`));
process.on('unhandledRejection', (reason) => log.error(`internal error: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`));
connection.listen();
