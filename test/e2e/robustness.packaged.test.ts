/** Bad input and a dying sidecar: clear errors, nothing lost, nothing half-written. */
import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node.js';
import { PACKAGED_SIDECAR, packagedSidecar } from '../harness/packaged.js';
import { startModelDouble } from '@redline/model-double';

it('skips malformed frames with a log line and answers bad params with a clear -32602', async () => {
  const child = spawn(PACKAGED_SIDECAR, [], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.write('Content-Length: 5\r\n\r\n{bad}');
  const conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  conn.listen();
  try {
    const init = await conn.sendRequest('initialize', { processId: null, capabilities: {} });
    expect(init).toMatchObject({ serverInfo: { name: 'redline-sidecar' } });
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: 'file:///a.ts', languageId: 'typescript', version: 1, text: 'a\n' } });
    await expect(
      conn.sendRequest('redline/inlineEdit/start', { textDocument: { uri: 'file:///a.ts', version: 1 }, range: { start: { line: 0 }, end: { line: 1, character: 0 } }, instruction: 'x' }),
    ).rejects.toMatchObject({ code: -32602, message: 'redline/inlineEdit/start: params.range.start.character is missing' });
    await conn.sendNotification('textDocument/didChange', { textDocument: { uri: 'file:///a.ts', version: 'two' }, contentChanges: [] });
    // The mirror ignored the bad change: a start at version 1 is still current.
    await expect(
      conn.sendRequest('redline/inlineEdit/start', { textDocument: { uri: 'file:///a.ts', version: 2 }, range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } }, instruction: 'x' }),
    ).rejects.toMatchObject({ code: -32801 });
    expect(stderr).toMatch(/unreadable message from the client/);
    expect(stderr).toMatch(/dropped textDocument\/didChange: params.textDocument.version must be integer, not string/);
  } finally {
    conn.dispose();
    child.kill();
  }
});

it('a sidecar that dies mid-stream rejects the waiting client with a clear error', async () => {
  const model = await startModelDouble();
  const client = await packagedSidecar({ provider: 'ollama', endpoint: model.url, model: 'm' });
  try {
    model.script({ text: 'const a = 2;\n'.repeat(40), chunkSize: 3, delayMs: 20 });
    const doc = await client.openDocument('file:///d.ts', 'typescript', 'const a = 1;\n');
    const { sessionId } = await client.conn.sendRequest('redline/inlineEdit/start', {
      textDocument: { uri: doc.uri, version: doc.version },
      range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } },
      instruction: 'x',
    });
    await client.waitForStatus(sessionId, ['streaming']);
    await model.waitForRequests(1);
    client.child!.kill('SIGKILL');
    await expect(client.waitForStatus(sessionId)).rejects.toThrow(/stopped unexpectedly/);
    await model.waitForClose(0);
  } finally {
    await client.close();
    await model.close();
  }
});
