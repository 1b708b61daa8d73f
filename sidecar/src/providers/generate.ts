/** Streamed plain completions, used for inline (FIM) completions. */
import { streamText, type StreamCall } from './http.js';
import { firstChoice, ollamaEnd, stringField } from './stream.js';
import type { ModelEndpoint, ReplyEnd } from './types.js';
import { apiUrl } from './urls.js';

export interface GenerateRequest {
  prompt: string;
  /** Text after the cursor for server-side FIM; leave out when `prompt` is already a FIM template. */
  suffix?: string;
  /** Ollama: send the prompt as is, without the model's chat template. */
  raw: boolean;
  numPredict: number;
  temperature: number;
  stop: string[];
}

export function streamGenerate(ep: ModelEndpoint, req: GenerateRequest, signal: AbortSignal): AsyncGenerator<string, ReplyEnd> {
  return streamText(ep, generateCall(ep, req), signal);
}

function generateCall(ep: ModelEndpoint, req: GenerateRequest): StreamCall {
  const url = apiUrl(ep, 'generate');
  const suffix = req.suffix === undefined ? {} : { suffix: req.suffix };
  if (ep.provider === 'ollama') {
    return {
      url,
      body: { model: ep.model, prompt: req.prompt, ...suffix, raw: req.raw, stream: true, options: { num_predict: req.numPredict, temperature: req.temperature, stop: req.stop } },
      format: 'ndjson',
      maxTokens: req.numPredict,
      read: (m) => {
        const done = m.done === true;
        return { text: stringField(m.response), done, end: done ? ollamaEnd(m) : undefined };
      },
    };
  }
  // Some OpenAI-compatible servers reject an empty stop list, so none is sent rather than [].
  const stop = req.stop.length > 0 ? { stop: req.stop } : {};
  return {
    url,
    body: { model: ep.model, prompt: req.prompt, ...suffix, max_tokens: req.numPredict, temperature: req.temperature, ...stop, stream: true },
    format: 'sse',
    maxTokens: req.numPredict,
    read: (m) => {
      const { choice, done, end } = firstChoice(m);
      return { text: stringField(choice.text), done, end };
    },
  };
}
