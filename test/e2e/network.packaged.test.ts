/**
 * Corporate networks, against the packaged executable: an HTTP CONNECT proxy and an HTTPS model
 * server with a private certificate authority, both on 127.0.0.1. The model server is addressed as
 * `models.test`, a name only the proxy resolves: a request that reaches it went through the proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMINAL_STATES, type RedlineSettingsPatch, type SessionStatusParams } from '@redline/shared-protocol';
import { SidecarClient } from '@redline/client';
import { PACKAGED_SIDECAR } from '../harness/packaged.js';
import { startModelDouble, type ModelDouble } from '@redline/model-double';
import { makeTestPki, type TestPki } from '../network/certificates.js';
import { startConnectProxy, type ConnectProxy } from '../network/connectProxy.js';

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy', 'NODE_EXTRA_CA_CERTS'];
const REWRITE = 'def total(items):\n    return sum(items)\n';

let pki: TestPki;
let model: ModelDouble;
let proxy: ConnectProxy;
let guarded: ConnectProxy;
let port: number;

beforeAll(async () => {
  pki = makeTestPki(['models.test', '127.0.0.1']);
  model = await startModelDouble({ tls: { key: pki.key, cert: pki.cert } });
  model.setDefault({ text: REWRITE });
  port = Number(new URL(model.url).port);
  proxy = await startConnectProxy({ hosts: ['models.test'] });
  guarded = await startConnectProxy({ hosts: ['models.test'], credentials: { user: 'alice', password: 'pr0xy-secret' } });
});

afterAll(async () => {
  await Promise.all([model?.close(), proxy?.close(), guarded?.close()]);
});

/** The packaged sidecar with exactly these proxy/CA variables (the test runner's own are removed). */
async function sidecar(env: Record<string, string>, settings: RedlineSettingsPatch): Promise<{ client: SidecarClient; stderr: () => string }> {
  let stderr = '';
  const args = [...PROXY_VARIABLES.flatMap((name) => ['-u', name]), ...Object.entries(env).map(([k, v]) => `${k}=${v}`), PACKAGED_SIDECAR];
  const client = await SidecarClient.spawn('env', args, { provider: 'openai', model: 'm', requestTimeoutMs: 10_000, ...settings }, (text) => (stderr += text));
  return { client, stderr: () => stderr };
}

/** One inline edit; resolves with its status once the proposal is complete or the session ended. */
async function edit(client: SidecarClient): Promise<SessionStatusParams> {
  const doc = await client.openDocument('file:///projects/shop.py', 'python', 'def total(items):\n    return 0\n');
  const { sessionId } = await client.conn.sendRequest('redline/inlineEdit/start', {
    textDocument: { uri: doc.uri, version: doc.version },
    range: { start: { line: 0, character: 0 }, end: { line: 2, character: 0 } },
    instruction: 'sum them',
  });
  return client.waitForStatus(sessionId, ['done', ...TERMINAL_STATES]);
}

async function withSidecar<T>(env: Record<string, string>, settings: RedlineSettingsPatch, body: (client: SidecarClient, stderr: () => string) => Promise<T>): Promise<T> {
  const { client, stderr } = await sidecar(env, settings);
  try {
    return await body(client, stderr);
  } finally {
    await client.close();
  }
}

const viaName = () => `https://models.test:${port}/v1`;

describe('certificates', () => {
  it('an unknown authority fails with the host and the setting that fixes it', async () => {
    const status = await withSidecar({}, { endpoint: `https://127.0.0.1:${port}/v1` }, edit);
    expect(status.state).toBe('error');
    expect(status.message).toMatch(new RegExp(`^The TLS certificate of 127\\.0\\.0\\.1:${port} is not trusted \\(.+\\)\\. .*set the \`caFile\` setting \\(or NODE_EXTRA_CA_CERTS\\)`));
  });

  it('the caFile setting adds the authority', async () => {
    const status = await withSidecar({}, { endpoint: `https://127.0.0.1:${port}/v1`, caFile: pki.caFile }, edit);
    expect(status).toMatchObject({ state: 'done', hunkCount: 1 });
  });

  it('NODE_EXTRA_CA_CERTS adds the authority, also alongside a caFile', async () => {
    expect(await withSidecar({ NODE_EXTRA_CA_CERTS: pki.caFile }, { endpoint: `https://127.0.0.1:${port}/v1` }, edit)).toMatchObject({ state: 'done' });
    const other = makeTestPki(['elsewhere.test']);
    expect(await withSidecar({ NODE_EXTRA_CA_CERTS: pki.caFile }, { endpoint: `https://127.0.0.1:${port}/v1`, caFile: other.caFile }, edit)).toMatchObject({ state: 'done' });
  });

  it('an unreadable caFile is named in the error', async () => {
    const status = await withSidecar({}, { endpoint: `https://127.0.0.1:${port}/v1`, caFile: '/nonexistent/corp-ca.pem' }, edit);
    expect(status).toMatchObject({ state: 'error', message: "Cannot read the `caFile` setting's file /nonexistent/corp-ca.pem (ENOENT)." });
  });
});

describe('proxies', () => {
  it('HTTPS_PROXY tunnels the request through the proxy', async () => {
    const before = proxy.tunnels.length;
    const status = await withSidecar({ HTTPS_PROXY: proxy.url }, { endpoint: viaName(), caFile: pki.caFile }, edit);
    expect(status).toMatchObject({ state: 'done', hunkCount: 1 });
    expect(proxy.tunnels.slice(before).map((t) => t.target)).toEqual([`models.test:${port}`]);
  });

  it('the proxy setting works without any environment variable', async () => {
    const before = proxy.tunnels.length;
    expect(await withSidecar({}, { endpoint: viaName(), caFile: pki.caFile, proxy: proxy.url }, edit)).toMatchObject({ state: 'done' });
    expect(proxy.tunnels.length).toBe(before + 1);
  });

  it('NO_PROXY and the noProxy setting send the request direct (models.test then does not resolve)', async () => {
    const before = proxy.tunnels.length;
    for (const [env, settings] of [
      [{ HTTPS_PROXY: proxy.url, NO_PROXY: 'example.org,.test' }, {}],
      [{}, { proxy: proxy.url, noProxy: 'models.test' }],
    ] as const) {
      const status = await withSidecar(env, { endpoint: viaName(), caFile: pki.caFile, ...settings }, edit);
      expect(status.state).toBe('error');
      expect(status.message).toMatch(/^(Host not found|DNS lookup failed): cannot reach the model server at https:\/\/models\.test:\d+\/v1\./);
    }
    expect(proxy.tunnels.length).toBe(before);
  });

  it('a loopback model server is reached directly even with a proxy set', async () => {
    const before = proxy.tunnels.length;
    const status = await withSidecar({ HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url }, { endpoint: `https://127.0.0.1:${port}/v1`, caFile: pki.caFile }, edit);
    expect(status.state).toBe('done');
    expect(proxy.tunnels.length).toBe(before);
  });

  it('proxy credentials: a 407 names the setting; credentials in the URL are sent and never logged', async () => {
    const denied = await withSidecar({}, { endpoint: viaName(), caFile: pki.caFile, proxy: guarded.url }, edit);
    expect(denied).toMatchObject({ state: 'error' });
    expect(denied.message).toBe(`The proxy ${guarded.url} asks for credentials (407 Proxy Authentication Required): put them in the \`proxy\` setting as http://user:password@host:port.`);
    const withCredentials = `http://alice:pr0xy-secret@127.0.0.1:${guarded.port}`;
    await withSidecar({}, { endpoint: viaName(), caFile: pki.caFile, proxy: withCredentials }, async (client, stderr) => {
      expect(await edit(client)).toMatchObject({ state: 'done' });
      await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { redline: { proxy: withCredentials } } });
      const logged = JSON.stringify(client.logs) + stderr();
      expect(logged).not.toContain('pr0xy-secret');
    });
    expect(guarded.tunnels.at(-1)?.authorization).toBe(`Basic ${Buffer.from('alice:pr0xy-secret').toString('base64')}`);
  });

  it('an unreachable proxy is named as the proxy, not as the model server', async () => {
    const closed = await startConnectProxy({ hosts: [] });
    await closed.close();
    const status = await withSidecar({ HTTPS_PROXY: closed.url }, { endpoint: viaName() }, edit);
    expect(status).toMatchObject({ state: 'error', message: `Connection refused: cannot reach the proxy ${closed.url} for ${viaName()}. Check the \`proxy\` setting or HTTPS_PROXY / HTTP_PROXY.` });
  });
});
