import { describe, expect, it } from 'vitest';
import { connectionError, httpError, redactKey, serverMessage, timeoutError } from './errors.js';
import { ModelError, type ModelEndpoint } from './types.js';

const ep: ModelEndpoint = { provider: 'ollama', endpoint: 'http://127.0.0.1:11434', model: 'm', apiKey: 'sk-secret-123', timeoutMs: 30_000 };

describe('error messages', () => {
  it("extracts the server's own message from the usual error bodies", () => {
    expect(serverMessage('{"error":"model \'x\' not found"}')).toBe("model 'x' not found");
    expect(serverMessage('{"error":{"message":"Invalid key","type":"auth"}}')).toBe('Invalid key');
    expect(serverMessage('{"detail":"Not Found"}')).toBe('Not Found');
    expect(serverMessage('  Bad gateway\n')).toBe('Bad gateway');
    expect(serverMessage('x'.repeat(1000))).toHaveLength(301);
  });

  it("leads with the server's own words, then names status, reason, server and path, then the fix", () => {
    const error = httpError(ep, 404, '{"error":"model \'x\' not found"}', '/api/chat');
    expect(error).toMatchObject({
      kind: 'http',
      status: 404,
      message: "model 'x' not found (404 Not Found from the model server at http://127.0.0.1:11434, /api/chat). Check the model setting: `ollama list` shows the models installed, `ollama pull m` fetches this one.",
    });
    expect(httpError({ ...ep, provider: 'openai' }, 400, '{"error":{"message":"model \'x\' not found"}}', '/v1/chat/completions').message).toMatch(/^model 'x' not found \(400 Bad Request from .*\)\. Check the model setting\.$/);
    expect(httpError(ep, 401, '', '/v1/chat/completions').message).toBe('401 Unauthorized from the model server at http://127.0.0.1:11434 (/v1/chat/completions). Check the API key setting.');
    // The case from a crashed Ollama runner: the cause is what a notification shows first.
    expect(httpError(ep, 500, '{"error":"model runner has unexpectedly stopped, this may be due to resource limitations or an internal error, check ollama server logs for details"}', '/api/chat').message).toBe(
      'model runner has unexpectedly stopped, this may be due to resource limitations or an internal error, check ollama server logs for details (500 Internal Server Error from the model server at http://127.0.0.1:11434, /api/chat).',
    );
  });

  it('takes a 404 for Ollama\'s API path at a /v1 endpoint for an OpenAI-compatible server', () => {
    const v1 = { ...ep, endpoint: 'http://127.0.0.1:8080/v1' };
    expect(httpError(v1, 404, '{"error":{"code":404,"message":"File Not Found","type":"not_found_error"}}', '/api/chat').message).toBe(
      'File Not Found (404 Not Found from the model server at http://127.0.0.1:8080/v1, /api/chat). This looks like an OpenAI-compatible server: set provider to openai.',
    );
    expect(httpError({ ...ep, endpoint: 'http://127.0.0.1:8080' }, 404, 'Not Found', '/api/generate').message).toMatch(/\. Is it an Ollama server\? For an OpenAI-compatible server, set provider to openai\.$/);
    // Ollama's own 404s are about a model, and the openai provider already is the other one.
    expect(httpError(v1, 404, '{"error":"model \'x\' not found"}', '/api/chat').message).not.toMatch(/set provider/);
    expect(httpError({ ...v1, provider: 'openai' }, 404, 'Not Found', '/v1/chat/completions').message).toMatch(/\/v1\/chat\/completions\)\.$/);
  });

  it('explains refused connections with a hint per provider, and breaks mid-reply differently', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(connectionError(ep, refused, false).message).toBe('Connection refused: cannot reach the model server at http://127.0.0.1:11434. Is Ollama running?');
    expect(connectionError({ ...ep, provider: 'openai' }, new TypeError('fetch failed', { cause: refused }), false).message).toMatch(/Is the server running\?$/);
    expect(connectionError(ep, Object.assign(new Error('x'), { code: 'UND_ERR_SOCKET' }), true).message).toBe(
      'Connection closed by the server mid-reply: the connection to the model server at http://127.0.0.1:11434 broke.',
    );
  });

  it('names the host and the setting that fixes an untrusted certificate', () => {
    const https = { ...ep, endpoint: 'https://models.corp.example:8443/v1' };
    const untrusted = new TypeError('fetch failed', { cause: Object.assign(new Error('self-signed certificate in certificate chain'), { code: 'SELF_SIGNED_CERT_IN_CHAIN' }) });
    expect(connectionError(https, untrusted, false).message).toBe(
      'The TLS certificate of models.corp.example:8443 is not trusted (self-signed certificate in the chain). If your network uses its own certificate authority, set the `caFile` setting (or NODE_EXTRA_CA_CERTS) to its PEM file.',
    );
    expect(connectionError(https, Object.assign(new Error('x'), { code: 'CERT_HAS_EXPIRED' }), false, 'http://p:1').message).toBe(
      'The TLS certificate of models.corp.example:8443 is not valid (certificate expired).',
    );
  });

  it('blames the proxy, by name, for what happens before the tunnel is up', () => {
    const via = 'http://proxy.corp:3128';
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(connectionError(ep, refused, false, via).message).toBe(
      'Connection refused: cannot reach the proxy http://proxy.corp:3128 for http://127.0.0.1:11434. Check the `proxy` setting or HTTPS_PROXY / HTTP_PROXY.',
    );
    expect(connectionError(ep, new Error('Proxy Authentication Required (407)'), false, via).message).toMatch(/^The proxy http:\/\/proxy.corp:3128 asks for credentials \(407 Proxy Authentication Required\): put them in the `proxy` setting/);
    expect(connectionError(ep, new Error('Proxy response (403) !== 200 when HTTP Tunneling'), false, via).message).toBe(
      'The proxy http://proxy.corp:3128 refused to connect to 127.0.0.1:11434 (403 Forbidden).',
    );
    // Mid-reply the tunnel was up: the model server's connection broke, as without a proxy.
    expect(connectionError(ep, Object.assign(new Error('x'), { code: 'ECONNRESET' }), true, via).message).toMatch(/^Connection reset mid-reply: the connection to the model server/);
  });

  it('states the wait in the unit a person would use', () => {
    expect(timeoutError(ep, '/api/chat').message).toBe('No answer for 30 s: the model server at http://127.0.0.1:11434 sent nothing (/api/chat).');
    expect(timeoutError({ ...ep, timeoutMs: 300 }, '/api/generate').message).toMatch(/^No answer for 300 ms: .*\(\/api\/generate\)\.$/);
  });

  it("masks the key in the server's text before cutting it to 300 characters", () => {
    const key = 'sk-0123456789abcdefghij';
    const echoed = httpError({ ...ep, apiKey: key }, 401, JSON.stringify({ error: `${'z'.repeat(290)} key ${key} rejected` }), '/v1/chat/completions');
    expect(echoed.message).toMatch(/^z{290} key \*\*\* r… \(401 Unauthorized from .*\)\. Check the API key setting\.$/);
    for (let i = 0; i + 6 <= key.length; i++) expect(echoed.message).not.toContain(key.slice(i, i + 6));
  });

  it('masks the key wherever a server echoed it', () => {
    const error = redactKey(httpError(ep, 401, '{"error":"bad key sk-secret-123"}', '/api/chat'), ep.apiKey);
    expect(error.message).not.toContain('sk-secret-123');
    expect(error).toMatchObject({ kind: 'http', status: 401 });
    expect(error).toBeInstanceOf(ModelError);
  });
});
