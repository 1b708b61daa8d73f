/** Sidecar entry point: JSON-RPC over stdio. Nothing but protocol may reach stdout. */
import { StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node.js';
import { startServer } from './server/server.js';

console.log = console.error;
console.info = console.error;
const connection = createMessageConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
startServer(connection, { onExit: (code) => process.exit(code) });
connection.listen();
