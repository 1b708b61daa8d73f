/**
 * Streamed chat completions. Inline edits send no sampling options (the server's defaults apply);
 * chat-FIM completions pass the completion settings' token limit and temperature.
 */
import type { ChatMessage, ResponseSchema } from '../edit/prompt.js';
import { streamText, type StreamCall } from './http.js';
import { firstChoice, stringField } from './stream.js';
import type { ModelEndpoint } from './types.js';
import { apiUrl } from './urls.js';

export interface Sampling {
  numPredict: number;
  temperature: number;
}

/** `schema`: structured output — Ollama's `format`, the OpenAI-compatible `response_format` (llama.cpp, vLLM). */
export function streamChat(ep: ModelEndpoint, messages: ChatMessage[], signal: AbortSignal, sampling?: Sampling, schema?: ResponseSchema): AsyncIterable<string> {
  return streamText(ep, chatCall(ep, messages, sampling, schema), signal);
}

function chatCall(ep: ModelEndpoint, messages: ChatMessage[], sampling?: Sampling, schema?: ResponseSchema): StreamCall {
  const url = apiUrl(ep, 'chat');
  if (ep.provider === 'ollama') {
    const options = sampling ? { options: { num_predict: sampling.numPredict, temperature: sampling.temperature } } : {};
    const format = schema ? { format: schema.schema } : {};
    return {
      url,
      body: { model: ep.model, messages, stream: true, ...options, ...format },
      format: 'ndjson',
      read: (m) => ({ text: stringField((m.message as { content?: unknown } | undefined)?.content), done: m.done === true }),
    };
  }
  const options = sampling ? { max_tokens: sampling.numPredict, temperature: sampling.temperature } : {};
  const format = schema ? { response_format: { type: 'json_schema', json_schema: { name: schema.name, schema: schema.schema, strict: true } } } : {};
  return {
    url,
    body: { model: ep.model, messages, stream: true, ...options, ...format },
    format: 'sse',
    read: (m) => {
      const { choice, done } = firstChoice(m);
      return { text: stringField((choice.delta as { content?: unknown } | undefined)?.content), done };
    },
  };
}
