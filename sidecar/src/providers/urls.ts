import { ModelError, type ModelEndpoint } from './types.js';

export type ModelApi = 'chat' | 'generate';

const OLLAMA_PATHS: Record<ModelApi, string> = { chat: '/api/chat', generate: '/api/generate' };
const OPENAI_PATHS: Record<ModelApi, string> = { chat: '/chat/completions', generate: '/completions' };
/** A version segment such as /v1 or /v1beta anywhere in the path means the base is already versioned. */
const VERSIONED = /\/v\d+[a-z0-9]*(\/|$)/;

/** The URL of one API of the configured server, tolerant of the usual endpoint spellings. */
export function apiUrl(ep: ModelEndpoint, api: ModelApi): string {
  let url: URL;
  try {
    url = new URL(ep.endpoint.trim());
  } catch {
    throw new ModelError('connection', `The model endpoint '${ep.endpoint}' is not a URL (expected something like http://127.0.0.1:11434).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ModelError('connection', `The model endpoint '${ep.endpoint}' must start with http:// or https://.`);
  }
  let base = url.pathname.replace(/\/+$/, '');
  if (ep.provider === 'ollama') {
    // Ollama's OpenAI-compatible base (/v1) is a common paste; its native API lives at the root.
    base = base.replace(/\/v1$/, '');
    url.pathname = base + OLLAMA_PATHS[api];
  } else {
    if (!VERSIONED.test(`${base}/`)) base += '/v1';
    url.pathname = base + OPENAI_PATHS[api];
  }
  return url.toString();
}
