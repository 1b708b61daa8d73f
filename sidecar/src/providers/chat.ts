/**
 * Streamed chat completions. Inline edits send a token limit but no temperature (the server's
 * default applies); chat-FIM completions pass the completion settings' token limit and temperature.
 */
import type { ChatMessage, ResponseSchema } from '../edit/prompt.js';
import { streamText, type StreamCall } from './http.js';
import { firstChoice, ollamaEnd, stringField } from './stream.js';
import type { ModelEndpoint, ReplyEnd } from './types.js';
import { apiUrl } from './urls.js';

export interface Sampling {
  /** Most tokens of reply (Ollama `num_predict`, OpenAI `max_tokens`). */
  numPredict: number;
  /** Left out, the server's default applies. */
  temperature?: number;
  /** Ollama `num_ctx`, the context window to run the model with; left out, the server's default. */
  contextTokens?: number;
  /**
   * Ollama: refuse a prompt longer than the context window, and end the reply with `length` when the
   * window is full (`truncate: false`, `shift: false`), instead of silently dropping part of the
   * prompt or of the reply's beginning.
   */
  strictContext?: boolean;
}

/** `schema`: structured output — Ollama's `format`, the OpenAI-compatible `response_format` (llama.cpp, vLLM). */
export function streamChat(ep: ModelEndpoint, messages: ChatMessage[], signal: AbortSignal, sampling?: Sampling, schema?: ResponseSchema): AsyncGenerator<string, ReplyEnd> {
  return streamText(ep, chatCall(ep, messages, sampling, schema), signal);
}

function chatCall(ep: ModelEndpoint, messages: ChatMessage[], sampling?: Sampling, schema?: ResponseSchema): StreamCall {
  const url = apiUrl(ep, 'chat');
  if (ep.provider === 'ollama') {
    const format = schema ? { format: schema.schema } : {};
    return {
      url,
      body: { model: ep.model, messages, stream: true, ...ollamaOptions(sampling), ...format },
      format: 'ndjson',
      maxTokens: sampling?.numPredict,
      read: (m) => {
        const done = m.done === true;
        return { text: stringField((m.message as { content?: unknown } | undefined)?.content), done, end: done ? ollamaEnd(m) : undefined };
      },
    };
  }
  const options = sampling ? { max_tokens: sampling.numPredict, ...optional('temperature', sampling.temperature) } : {};
  const format = schema ? { response_format: { type: 'json_schema', json_schema: { name: schema.name, schema: schema.schema, strict: true } } } : {};
  return {
    url,
    body: { model: ep.model, messages, stream: true, ...options, ...format },
    format: 'sse',
    maxTokens: sampling?.numPredict,
    read: (m) => {
      const { choice, done, end } = firstChoice(m);
      return { text: stringField((choice.delta as { content?: unknown } | undefined)?.content), done, end };
    },
  };
}

function ollamaOptions(sampling?: Sampling): Record<string, unknown> {
  if (!sampling) return {};
  const options = { num_predict: sampling.numPredict, ...optional('temperature', sampling.temperature), ...optional('num_ctx', sampling.contextTokens) };
  return { options, ...(sampling.strictContext ? { truncate: false, shift: false } : {}) };
}

function optional(name: string, value: number | undefined): Record<string, number> {
  return value === undefined ? {} : { [name]: value };
}
