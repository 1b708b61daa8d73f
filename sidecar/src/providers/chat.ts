/** Streamed chat completions, used for inline edits. No sampling options: the server's defaults apply. */
import type { ChatMessage } from '../edit/prompt.js';
import { streamText, type StreamCall } from './http.js';
import { firstChoice, stringField } from './stream.js';
import type { ModelEndpoint } from './types.js';
import { apiUrl } from './urls.js';

export function streamChat(ep: ModelEndpoint, messages: ChatMessage[], signal: AbortSignal): AsyncIterable<string> {
  return streamText(ep, chatCall(ep, messages), signal);
}

function chatCall(ep: ModelEndpoint, messages: ChatMessage[]): StreamCall {
  const url = apiUrl(ep, 'chat');
  const body = { model: ep.model, messages, stream: true };
  if (ep.provider === 'ollama') {
    return {
      url,
      body,
      format: 'ndjson',
      read: (m) => ({ text: stringField((m.message as { content?: unknown } | undefined)?.content), done: m.done === true }),
    };
  }
  return {
    url,
    body,
    format: 'sse',
    read: (m) => {
      const { choice, done } = firstChoice(m);
      return { text: stringField((choice.delta as { content?: unknown } | undefined)?.content), done };
    },
  };
}
