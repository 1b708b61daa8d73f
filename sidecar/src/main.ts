/** Sidecar entry point: JSON-RPC over stdio. Nothing but protocol may reach stdout. */
import { setFlagsFromString } from 'node:v8';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node.js';
import { startServer } from './server/server.js';

// Parsing and diffing allocate in bursts, and V8 answers each by growing the young generation
// towards 2 × 16 MB that it never gives back. Kept at its initial size, scavenges come more often but
// stay sub-millisecond, and a day of completions holds about 20–30 MB less (`npm run bench`).
setFlagsFromString('--semi-space-growth-factor=1');

console.log = console.error;
console.info = console.error;
const connection = createMessageConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
startServer(connection, { onExit: (code) => process.exit(code) });
connection.listen();
