/**
 * The start-up floor: a Node single executable that answers `initialize` and nothing else, with
 * hand-written LSP framing and no dependencies. `npm run bench` packages it exactly like the sidecar
 * (same Node, same code cache setting, same assets) and compares the two in the same run.
 */
let buffer = Buffer.alloc(0);
process.stdin.on('data', (chunk: Buffer) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (;;) {
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const length = Number(/Content-Length: *(\d+)/i.exec(buffer.subarray(0, end).toString())?.[1]);
    if (buffer.length < end + 4 + length) return;
    const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString()) as { id?: number; method?: string };
    buffer = buffer.subarray(end + 4 + length);
    if (message.method === 'initialize') {
      const body = JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { capabilities: {}, serverInfo: { name: 'floor' } } });
      process.stdout.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    }
  }
});
