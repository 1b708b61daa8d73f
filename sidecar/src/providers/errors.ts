/**
 * Messages for failed model requests, never holding the key. Each leads with the cause (the
 * server's own words when it gave any), then names the server, then says what to change: a
 * notification shows its first words, and a message that starts with a URL hides why.
 */
import { maskSecrets, maskThenTruncate } from '../server/mask.js';
import { ModelError, type ModelEndpoint } from './types.js';

const MAX_SERVER_TEXT = 300;

/** HTTP's reason phrases, loaded when an error needs one: node:http is 2 ms of the executable's start. */
const reasonPhrase = (status: number): string | undefined => process.getBuiltinModule('node:http').STATUS_CODES[status];

/**
 * The server's own explanation from an error body: {error: "..."}, {error: {message}}, {message},
 * {detail}, or text; the key masked in it before it is cut to MAX_SERVER_TEXT.
 */
export function serverMessage(body: string, apiKey = ''): string {
  let text = body.trim();
  try {
    const parsed: unknown = JSON.parse(text);
    const found = pickMessage(parsed);
    if (found !== undefined) text = found;
  } catch {
    // Not JSON: the raw text is the best explanation there is.
  }
  return maskThenTruncate(text.replace(/\s+/g, ' ').trim(), [apiKey], MAX_SERVER_TEXT);
}

function pickMessage(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  for (const key of ['error', 'message', 'detail']) {
    const found = pickMessage(record[key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** An error status: the server's words (or the status) first, then the server and the path that failed, then the fix. */
export function httpError(ep: ModelEndpoint, status: number, body: string, path: string): ModelError {
  const said = serverMessage(body, ep.apiKey);
  const answer = `${status} ${reasonPhrase(status) ?? 'error'}`;
  const cause = said ? `${said.replace(/\.$/, '')} (${answer} from the model server at ${ep.endpoint}, ${path}).` : `${answer} from the model server at ${ep.endpoint} (${path}).`;
  const fix = statusHint(ep, status, said);
  return new ModelError('http', fix ? `${cause} ${fix}` : cause, status);
}

function statusHint(ep: ModelEndpoint, status: number, said: string): string {
  if (status === 401 || status === 403) return 'Check the API key setting.';
  if (/model/i.test(said) && /not found|does not exist|unknown/i.test(said)) {
    return ep.provider === 'ollama' ? `Check the model setting: \`ollama list\` shows the models installed, \`ollama pull ${ep.model}\` fetches this one.` : 'Check the model setting.';
  }
  // Ollama's own 404s are about models ("model 'x' not found"); a 404 for the path itself means
  // the server has no Ollama API there.
  if (status !== 404 || ep.provider !== 'ollama' || /model/i.test(said)) return '';
  return /\/v1\/?$/.test(pathOf(ep.endpoint))
    ? 'This looks like an OpenAI-compatible server: set provider to openai.'
    : 'Is it an Ollama server? For an OpenAI-compatible server, set provider to openai.';
}

function pathOf(endpoint: string): string {
  try {
    return new URL(endpoint.trim()).pathname;
  } catch {
    return '';
  }
}

const CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'DNS lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  UND_ERR_SOCKET: 'connection closed by the server',
  UND_ERR_CONNECT_TIMEOUT: 'connect timed out',
};

/** OpenSSL's verification failures: the server's certificate chain does not lead to a trusted authority. */
const UNTRUSTED: Record<string, string> = {
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate in the chain',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unable to verify the first certificate',
  UNABLE_TO_GET_ISSUER_CERT: 'issuer certificate not found',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'issuer certificate not found',
  CERT_UNTRUSTED: 'certificate not trusted',
};
const INVALID_CERT: Record<string, string> = {
  CERT_HAS_EXPIRED: 'certificate expired',
  CERT_NOT_YET_VALID: 'certificate not yet valid',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certificate issued for another host name',
};

/**
 * A network failure: before the reply started (cannot reach) or during it (connection broke).
 * `proxy` is the proxy the request went through (credentials removed), or null for a direct request.
 */
export function connectionError(ep: ModelEndpoint, error: unknown, midReply: boolean, proxy: string | null = null): ModelError {
  const code = errorCode(error, [CAUSES, UNTRUSTED, INVALID_CERT]);
  const host = hostOf(ep.endpoint);
  if (code && code in UNTRUSTED) {
    return new ModelError('connection', `The TLS certificate of ${host} is not trusted (${UNTRUSTED[code]}). If your network uses its own certificate authority, set the \`caFile\` setting (or NODE_EXTRA_CA_CERTS) to its PEM file.`);
  }
  if (code && code in INVALID_CERT) return new ModelError('connection', `The TLS certificate of ${host} is not valid (${INVALID_CERT[code]}).`);
  const message = error instanceof Error ? error.message : String(error);
  if (proxy !== null && !midReply) {
    if (/\(407\)/.test(message)) {
      return new ModelError('connection', `The proxy ${proxy} asks for credentials (407 Proxy Authentication Required): put them in the \`proxy\` setting as http://user:password@host:port.`);
    }
    const status = /Proxy response \((\d+)\)/.exec(message)?.[1];
    if (status) {
      const phrase = reasonPhrase(Number(status));
      return new ModelError('connection', `The proxy ${proxy} refused to connect to ${host} (${status}${phrase ? ` ${phrase}` : ''}).`);
    }
    // Through a proxy the sidecar connects only to the proxy, so a failed connect is the proxy's.
    if (code && code in CAUSES) return new ModelError('connection', `${capitalize(CAUSES[code])}: cannot reach the proxy ${proxy} for ${ep.endpoint}. Check the \`proxy\` setting or HTTPS_PROXY / HTTP_PROXY.`);
  }
  const cause = capitalize((code && CAUSES[code]) ?? message);
  if (midReply) return new ModelError('connection', `${cause} mid-reply: the connection to the model server at ${ep.endpoint} broke.`);
  const hint = code === 'ECONNREFUSED' ? (ep.provider === 'ollama' ? ' Is Ollama running?' : ' Is the server running?') : '';
  return new ModelError('connection', `${cause}: cannot reach the model server at ${ep.endpoint}.${hint}`);
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return endpoint;
  }
}

function errorCode(error: unknown, known: Array<Record<string, string>>): string | undefined {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && known.some((table) => code in table)) return code;
  }
  return undefined;
}

export function timeoutError(ep: ModelEndpoint, path: string): ModelError {
  const wait = ep.timeoutMs < 1000 ? `${ep.timeoutMs} ms` : `${Math.round(ep.timeoutMs / 100) / 10} s`;
  return new ModelError('timeout', `No answer for ${wait}: the model server at ${ep.endpoint} sent nothing (${path}).`);
}

/**
 * A reply that went on past the token limit the request asked for: the server ignored it (some
 * proxies and servers drop `max_tokens`). The reply is stopped, never used.
 */
export function overLimitError(ep: ModelEndpoint, maxTokens: number, chars: number, path: string): ModelError {
  const field = ep.provider === 'ollama' ? 'num_predict' : 'max_tokens';
  return new ModelError(
    'truncated',
    `The model server ignored the reply limit: it sent more than ${chars.toLocaleString('en-US')} characters for a reply of at most ${maxTokens.toLocaleString('en-US')} tokens (${field}), ` +
      `so Redline stopped reading and changed nothing (the model server at ${ep.endpoint}, ${path}). ` +
      "Set a reply limit on the server itself (llama.cpp's --n-predict, Ollama's num_predict in the Modelfile), or use a server that honours " +
      `${field}.`,
  );
}

export function abortedError(ep: ModelEndpoint): ModelError {
  return new ModelError('aborted', `The request to the model server at ${ep.endpoint} was cancelled.`);
}

/** Servers may echo credentials back (some quote the key they rejected): mask any part of it wherever it appears. */
export function redactKey(error: ModelError, apiKey: string): ModelError {
  const message = maskSecrets(error.message, [apiKey]);
  return message === error.message ? error : new ModelError(error.kind, message, error.status);
}
