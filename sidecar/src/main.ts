/** Sidecar entry point: JSON-RPC over stdio. Nothing but protocol may reach stdout. */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { readCommandLine } from './commandLine.js';
import { IdleCollection } from './server/idleCollection.js';
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
// The idle release of the grammar runtime (scope/idleRelease.ts) and the collection once the client is
// quiet (server/idleCollection.ts) need the collector. It is reached through a context made with
// --expose-gc, created at the first collection, not at start.
let gc: (() => void) | null = null;
function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

/** Serves one client on stdio until it says exit or its input ends. */
function serve(): void {
  console.log = console.error;
  console.info = console.error;
  const connection = sidecarConnection(process.stdin, process.stdout);
  const { log } = startServer(connection, { onExit: (code) => process.exit(code), collectGarbage });
  // A bug must not take every open session down with the process: it is logged (the fuzz suite
  // fails on this line) and the sidecar keeps serving.
  process.on('uncaughtException', (error) => log.error(`internal error: ${error.stack ?? error.message}`));
  process.on('unhandledRejection', (reason) => log.error(`internal error: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`));
  // Any bytes from the client are a message under way: the collection waits until they stop. It collects
  // twice: the first collection learns what is live on each page, and only the second can then compact the
  // pages the first left sparse (after one, 10.7–13.5 MB of old-space pages held 10 MB of objects; after
  // two, 10.5 MB).
  const idle = new IdleCollection(
    () => {
      collectGarbage();
      collectGarbage();
    },
    () => getHeapStatistics().used_heap_size,
  );
  process.stdin.on('data', () => idle.activity());
  connection.listen();
}

// The packaged executable's argv is [executable, executable, ...arguments]; under node, [node, script, ...].
const command = readCommandLine(process.argv.slice(2), process.stdin.isTTY === true);
if (command.serve) serve();
else {
  // Not process.exit: it could cut the text short on a pipe. Nothing else keeps the process alive.
  process[command.stream].write(command.text);
  process.exitCode = command.code;
}
