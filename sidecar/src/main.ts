/** Sidecar entry point: JSON-RPC over stdio. Nothing but protocol may reach stdout. */
import { startServer } from './server/server.js';
import { sidecarConnection } from './server/wire.js';

console.log = console.error;
console.info = console.error;
const connection = sidecarConnection(process.stdin, process.stdout);
const log = startServer(connection, { onExit: (code) => process.exit(code) });
// A bug must not take every open session down with the process: it is logged (the fuzz suite
// fails on this line) and the sidecar keeps serving.
process.on('uncaughtException', (error) => log.error(`internal error: ${error.stack ?? error.message}`));
process.on('unhandledRejection', (reason) => log.error(`internal error: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`));
connection.listen();
