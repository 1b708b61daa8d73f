// Sits between the extension and the bundled sidecar in the end-to-end tests (the installed
// executable is replaced by a script that runs this), passing every frame through byte for byte,
// and writes what the tests read to a JSON-lines record: the method (and document) of every
// message to the sidecar, each didChange's version, checksum and inserted texts, the sidecar's
// redline/documentText requests and the extension's answers, the sidecar's log lines. One rule makes a mirror drift: the first didChange that carries a checksum and inserts
// <marker> reaches the sidecar with the marker upper-cased, as a garbled change would. While the
// file <hold> exists, every `done` status is held back (recorded as held, and as released when it goes on) until it is removed:
// the moment between a proposal's last render and its `done` lasts as long as a test needs.
//
//   node sidecarRelay.mjs <sidecar executable> <record.jsonl> <marker> <hold>
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';

const [sidecar, recordFile, marker, holdFile] = process.argv.slice(2);
const child = spawn(sidecar, [], { stdio: ['pipe', 'pipe', 'inherit'] });
child.on('exit', (code) => process.exit(code ?? 1));
process.stdin.on('end', () => child.stdin.end());
child.stdin.on('error', () => undefined);

const record = (event) => appendFileSync(recordFile, JSON.stringify(event) + '\n');
const frame = (message) => {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
};

/** A data handler that hands each whole frame (its raw bytes and its message) to `onFrame`. */
function frames(onFrame) {
  let buffer = Buffer.alloc(0);
  return (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const headerEnd = buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/content-length: *(\d+)/i.exec(buffer.subarray(0, headerEnd).toString('ascii'))?.[1]);
      const start = headerEnd + 4;
      if (buffer.length < start + length) return;
      const raw = buffer.subarray(0, start + length);
      const message = JSON.parse(buffer.subarray(start, start + length).toString('utf8'));
      buffer = buffer.subarray(start + length);
      onFrame(raw, message);
    }
  };
}

const documentTextRequests = new Map();
let drifted = false;

process.stdin.on(
  'data',
  frames((raw, message) => {
    if (message.method === 'textDocument/didChange') {
      const { uri, version } = message.params.textDocument;
      const { checksum } = message.params;
      const changes = message.params.contentChanges;
      record({ kind: 'didChange', uri, version, checksum, texts: changes.map((c) => c.text.slice(0, 200)) });
      if (!drifted && checksum !== undefined && changes.some((c) => c.text.includes(marker))) {
        drifted = true;
        record({ kind: 'corrupted', uri, version });
        const corrupted = changes.map((c) => ({ ...c, text: c.text.replaceAll(marker, marker.toUpperCase()) }));
        child.stdin.write(frame({ ...message, params: { ...message.params, contentChanges: corrupted } }));
        return;
      }
    } else if (message.method !== undefined) {
      record({ kind: 'sent', method: message.method, uri: message.params?.textDocument?.uri, version: message.params?.textDocument?.version, sessionId: message.params?.sessionId });
    } else if (documentTextRequests.has(message.id)) {
      record({ kind: 'documentText answer', uri: documentTextRequests.get(message.id), result: message.result, error: message.error });
      documentTextRequests.delete(message.id);
    }
    child.stdin.write(raw);
  }),
);

child.stdout.on(
  'data',
  frames((raw, message) => {
    if (message.method === 'redline/documentText') {
      documentTextRequests.set(message.id, message.params.uri);
      record({ kind: 'documentText', uri: message.params.uri });
    } else if (message.method === 'window/logMessage') {
      record({ kind: 'log', message: message.params.message, type: message.params.type });
    } else if (message.method === 'redline/inlineEdit/status' && message.params.state === 'done' && existsSync(holdFile)) {
      // Only this frame waits: what the sidecar sends after it (a cancel's render and status) passes.
      record({ kind: 'held', uri: message.params.uri, sessionId: message.params.sessionId });
      const release = setInterval(() => {
        if (existsSync(holdFile)) return;
        clearInterval(release);
        record({ kind: 'released', uri: message.params.uri, sessionId: message.params.sessionId });
        process.stdout.write(raw);
      }, 50);
      return;
    }
    process.stdout.write(raw);
  }),
);
