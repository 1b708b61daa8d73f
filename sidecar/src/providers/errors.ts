/** Messages for failed model requests: clear, naming the server, never the key. */
import { STATUS_CODES } from 'node:http';
import { ModelError, type ModelEndpoint } from './types.js';

const MAX_SERVER_TEXT = 300;

/** The server's own explanation from an error body: {error: "..."}, {error: {message}}, {message}, {detail}, or text. */
export function serverMessage(body: string): string {
  let text = body.trim();
  try {
    const parsed: unknown = JSON.parse(text);
    const found = pickMessage(parsed);
    if (found !== undefined) text = found;
  } catch {
    // Not JSON: the raw text is the best explanation there is.
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > MAX_SERVER_TEXT ? `${text.slice(0, MAX_SERVER_TEXT)}…` : text;
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

/** An error status, naming the path that failed; a 404 from Ollama's API path hints at the other provider. */
export function httpError(ep: ModelEndpoint, status: number, body: string, path: string): ModelError {
  const said = serverMessage(body);
  const reason = STATUS_CODES[status] ?? 'error';
  return new ModelError('http', `The model server at ${ep.endpoint} answered ${status} ${reason} to ${path}${said ? `: ${said}` : ''}${statusHint(ep, status, said)}`, status);
}

function statusHint(ep: ModelEndpoint, status: number, said: string): string {
  if (status === 401 || status === 403) return ' (check the API key setting)';
  if (/model/i.test(said) && /not found|does not exist|unknown/i.test(said)) {
    return ep.provider === 'ollama' ? ` (check the model setting: \`ollama list\` shows the models installed, \`ollama pull ${ep.model}\` fetches this one)` : ' (check the model setting)';
  }
  // Ollama's own 404s are about models ("model 'x' not found"); a 404 for the path itself means
  // the server has no Ollama API there.
  if (status !== 404 || ep.provider !== 'ollama' || /model/i.test(said)) return '';
  return /\/v1\/?$/.test(pathOf(ep.endpoint))
    ? ' (this looks like an OpenAI-compatible server: set provider to openai)'
    : ' (is it an Ollama server? For an OpenAI-compatible server, set provider to openai)';
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

/** A network failure: before the reply started (cannot reach) or during it (connection broke). */
export function connectionError(ep: ModelEndpoint, error: unknown, midReply: boolean): ModelError {
  const code = errorCode(error);
  const cause = (code && CAUSES[code]) ?? (error instanceof Error ? error.message : String(error));
  if (midReply) return new ModelError('connection', `The connection to the model server at ${ep.endpoint} broke mid-reply (${cause}).`);
  const hint = code === 'ECONNREFUSED' ? (ep.provider === 'ollama' ? ' Is Ollama running?' : ' Is the server running?') : '';
  return new ModelError('connection', `Cannot reach the model server at ${ep.endpoint} (${cause}).${hint}`);
}

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code in CAUSES) return code;
  }
  return undefined;
}

export function timeoutError(ep: ModelEndpoint, path: string): ModelError {
  const wait = ep.timeoutMs < 1000 ? `${ep.timeoutMs} ms` : `${Math.round(ep.timeoutMs / 100) / 10} s`;
  return new ModelError('timeout', `The model server at ${ep.endpoint} sent nothing for ${wait} (${path}).`);
}

export function abortedError(ep: ModelEndpoint): ModelError {
  return new ModelError('aborted', `The request to the model server at ${ep.endpoint} was cancelled.`);
}

/** Servers may echo credentials back (some quote the key they rejected): mask it wherever it appears. */
export function redactKey(error: ModelError, apiKey: string): ModelError {
  if (apiKey === '' || !error.message.includes(apiKey)) return error;
  return new ModelError(error.kind, error.message.split(apiKey).join('***'), error.status);
}
