/**
 * Streamed chat completions. Inline edits send no sampling options (the server's defaults apply);
 * chat-FIM completions pass the completion settings' token limit and temperature.
 */
import type { ChatMessage } from '../edit/prompt.js';
import { streamText, type StreamCall } from './http.js';
import { firstChoice, stringField } from './stream.js';
import type { ModelEndpoint } from './types.js';
import { apiUrl } from './urls.js';

export interface Sampling {
  numPredict: number;
  temperature: number;
}

export function streamChat(ep: ModelEndpoint, messages: ChatMessage[], signal: AbortSignal, sampling?: Sampling): AsyncIterable<string> {
  return streamText(ep, chatCall(ep, messages, sampling), signal);
}

function chatCall(ep: ModelEndpoint, messages: ChatMessage[], sampling?: Sampling): StreamCall {
  const url = apiUrl(ep, 'chat');
  if (ep.provider === 'ollama') {
    const options = sampling ? { options: { num_predict: sampling.numPredict, temperature: sampling.temperature } } : {};
    return {
      url,
      body: { model: ep.model, messages, stream: true, ...options },
      format: 'ndjson',
      read: (m) => ({ text: stringField((m.message as { content?: unknown } | undefined)?.content), done: m.done === true }),
    };
  }
  const options = sampling ? { max_tokens: sampling.numPredict, temperature: sampling.temperature } : {};
  return {
    url,
    body: { model: ep.model, messages, stream: true, ...options },
    format: 'sse',
    read: (m) => {
      const { choice, done } = firstChoice(m);
      return { text: stringField((choice.delta as { content?: unknown } | undefined)?.content), done };
    },
  };
}
