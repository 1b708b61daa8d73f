/** The API key reaches the model server as a bearer token and nowhere else: not in statuses, logs or stderr. */
import { afterAll, expect, it } from 'vitest';
import type { SidecarClient } from '@redline/client';
import { packagedSidecar } from '../harness/packaged.js';
import { startModelDouble, type ModelDouble } from '@redline/model-double';

const KEY = 'sk-redline-test-0123456789abcdef';
let model: ModelDouble;
let client: SidecarClient;

afterAll(async () => {
  await client?.close();
  await model?.close();
});

it('never writes the API key into a status, a log message or stderr', async () => {
  model = await startModelDouble();
  let stderr = '';
  client = await packagedSidecar({ provider: 'openai', endpoint: model.url, model: 'gpt-x', apiKey: KEY }, (text) => (stderr += text));
  model.script({ text: '', status: 401, errorBody: { error: { message: `Incorrect API key provided: ${KEY}` } } });
  const doc = await client.openDocument('file:///k.ts', 'typescript', 'const a = 1;\n');
  const { sessionId } = await client.conn.sendRequest('redline/inlineEdit/start', {
    textDocument: { uri: doc.uri, version: doc.version },
    range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } },
    instruction: 'rename',
  });
  const status = await client.waitForStatus(sessionId);
  expect(status.state).toBe('error');
  expect(status.message).toMatch(/^Incorrect API key provided: \*\*\* \(401 Unauthorized from the model server at /);
  expect(model.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
  await new Promise((r) => setTimeout(r, 50));
  expect(stderr).toMatch(/Incorrect API key/);
  for (const text of [status.message ?? '', stderr, ...client.logs.map((l) => l.message)]) expect(text).not.toContain(KEY);
});

it('masks the key before cutting the server text: no six characters of it where the cut falls', async () => {
  // Random, as real keys are: a fragment of six characters is then no ordinary word of a log line.
  const KEY = 'sk-9c81f0aa27d4e3b6c5f1d09e';
  const echoModel = await startModelDouble();
  let stderr = '';
  const echoClient = await packagedSidecar({ provider: 'openai', endpoint: echoModel.url, model: 'gpt-x', apiKey: KEY }, (text) => (stderr += text));
  try {
    // The server's text is cut to 300 characters; the key straddles that cut.
    echoModel.script({ text: '', status: 401, errorBody: { error: { message: `${'x'.repeat(280)} rejected ${KEY}` } } });
    const doc = await echoClient.openDocument('file:///k.ts', 'typescript', 'const a = 1;\n');
    const { sessionId } = await echoClient.conn.sendRequest('redline/inlineEdit/start', {
      textDocument: { uri: doc.uri, version: doc.version },
      range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } },
      instruction: 'rename',
    });
    const status = await echoClient.waitForStatus(sessionId);
    expect(status.message).toMatch(/rejected \*\*\*/);
    await expect.poll(() => stderr).toMatch(/rejected \*\*\*/);
    for (const text of [status.message ?? '', stderr, ...echoClient.logs.map((l) => l.message)]) {
      for (let i = 0; i + 6 <= KEY.length; i++) expect(text).not.toContain(KEY.slice(i, i + 6));
    }
  } finally {
    await echoClient.close();
    await echoModel.close();
  }
});
