/** Sidecar entry point: JSON-RPC over stdio. Nothing but protocol may reach stdout. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startServer } from './server/server.js';
import { sidecarConnection } from './server/wire.js';
import { setV8Flags } from './v8Flags.js';

setV8Flags();
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
