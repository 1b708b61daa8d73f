/** The streaming wire formats of Ollama and OpenAI-compatible servers, as pure frame builders. */

export type WireApi = 'ollama-chat' | 'ollama-generate' | 'openai-chat' | 'openai-completions';

const ROUTES: Record<string, WireApi> = {
  '/api/chat': 'ollama-chat',
  '/api/generate': 'ollama-generate',
  '/v1/chat/completions': 'openai-chat',
  '/chat/completions': 'openai-chat',
  '/v1/completions': 'openai-completions',
  '/completions': 'openai-completions',
};

export function routeApi(path: string): WireApi | undefined {
  return ROUTES[path.split('?')[0].replace(/\/+$/, '')];
}

export function isSse(api: WireApi): boolean {
  return api.startsWith('openai');
}

export function contentType(api: WireApi): string {
  return isSse(api) ? 'text/event-stream; charset=utf-8' : 'application/x-ndjson';
}

/** Splits by code points so a chunk never holds half a character (the network may still split bytes). */
export function splitText(text: string, chunkSize: number): string[] {
  const chars = Array.from(text);
  const size = Math.max(1, Math.floor(chunkSize));
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(''));
  return pieces;
}

const CREATED = 1_764_460_800;

function ndjson(message: unknown): string {
  return `${JSON.stringify(message)}\n`;
}

function sse(message: unknown): string {
  return `data: ${JSON.stringify(message)}\n\n`;
}

function openaiChunk(api: WireApi, model: string, choice: Record<string, unknown>): unknown {
  const object = api === 'openai-chat' ? 'chat.completion.chunk' : 'text_completion';
  return { id: 'cmpl-double', object, created: CREATED, model, choices: [{ index: 0, ...choice }] };
}

/** The frames before any text: OpenAI chat announces the assistant role first. */
export function openingFrames(api: WireApi, model: string): string {
  return api === 'openai-chat' ? sse(openaiChunk(api, model, { delta: { role: 'assistant', content: '' }, finish_reason: null })) : '';
}

export function textFrame(api: WireApi, model: string, text: string): string {
  const createdAt = new Date(CREATED * 1000).toISOString();
  switch (api) {
    case 'ollama-chat':
      return ndjson({ model, created_at: createdAt, message: { role: 'assistant', content: text }, done: false });
    case 'ollama-generate':
      return ndjson({ model, created_at: createdAt, response: text, done: false });
    case 'openai-chat':
      return sse(openaiChunk(api, model, { delta: { content: text }, finish_reason: null }));
    case 'openai-completions':
      return sse(openaiChunk(api, model, { text, logprobs: null, finish_reason: null }));
  }
}

/** How a reply ended, as the last message tells it. */
export interface ReplyEnd {
  finishReason: 'stop' | 'length';
  promptTokens: number;
  replyTokens: number;
}

export function closingFrames(api: WireApi, model: string, end: ReplyEnd): string {
  const createdAt = new Date(CREATED * 1000).toISOString();
  const stats = { total_duration: 1_000_000, load_duration: 1000, prompt_eval_count: end.promptTokens, eval_count: end.replyTokens, eval_duration: 1000 };
  const reason = end.finishReason;
  switch (api) {
    case 'ollama-chat':
      return ndjson({ model, created_at: createdAt, message: { role: 'assistant', content: '' }, done: true, done_reason: reason, ...stats });
    case 'ollama-generate':
      return ndjson({ model, created_at: createdAt, response: '', done: true, done_reason: reason, context: [1, 2, 3], ...stats });
    case 'openai-chat':
      return sse(openaiChunk(api, model, { delta: {}, finish_reason: reason })) + 'data: [DONE]\n\n';
    case 'openai-completions':
      return sse(openaiChunk(api, model, { text: '', logprobs: null, finish_reason: reason })) + 'data: [DONE]\n\n';
  }
}

export function garbageFrame(api: WireApi): string {
  return isSse(api) ? 'data: {"choices": [oops\n\n' : '{"message": oops\n';
}

/**
 * The JSON Schema a request asks the server to constrain its reply to (structured output), as each
 * wire format carries it: Ollama's `format` (a schema object; `"json"` is JSON mode, no schema) and
 * the OpenAI-compatible `response_format: {type: "json_schema", json_schema: {schema}}`. Undefined
 * when the request asks for none.
 */
export function requestedSchema(api: WireApi, body: unknown): unknown {
  const b = body as { format?: unknown; response_format?: { type?: unknown; json_schema?: { schema?: unknown } } } | null;
  if (api.startsWith('ollama')) return typeof b?.format === 'object' && b.format !== null ? b.format : undefined;
  return b?.response_format?.type === 'json_schema' ? b.response_format.json_schema?.schema : undefined;
}
