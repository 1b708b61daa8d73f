/** Sidecar entry point: JSON-RPC over stdio. Nothing but protocol may reach stdout. */
import { setFlagsFromString } from 'node:v8';
import { startServer } from './server/server.js';
import { sidecarConnection } from './server/wire.js';

// Parsing and diffing allocate in bursts, and V8 answers each by growing the young generation
// towards 2 × 16 MB that it never gives back. Kept at its initial size, scavenges come more often but
// stay sub-millisecond, and a day of completions holds about 20–30 MB less (`npm run bench`).
setFlagsFromString('--semi-space-growth-factor=1');

console.log = console.error;
console.info = console.error;
const connection = sidecarConnection(process.stdin, process.stdout);
const log = startServer(connection, { onExit: (code) => process.exit(code) });
// A bug must not take every open session down with the process: it is logged (the fuzz suite
// fails on this line) and the sidecar keeps serving.
process.on('uncaughtException', (error) => log.error(`internal error: ${error.stack ?? error.message}`));
process.on('unhandledRejection', (reason) => log.error(`internal error: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`));
connection.listen();
