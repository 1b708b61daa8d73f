import type { RedlineSettings } from '@redline/shared-protocol';
import type { NetworkSettings } from './proxy.js';

/** Where and how to reach a model; built from settings for one kind of request. */
export interface ModelEndpoint {
  provider: 'ollama' | 'openai';
  endpoint: string;
  model: string;
  apiKey: string;
  /** Longest wait for the next byte (headers or body) before the request fails. */
  timeoutMs: number;
  /** Proxy and certificate settings; absent: the environment's proxy variables and Node's authorities. */
  network?: NetworkSettings;
}

export type ModelErrorKind = 'connection' | 'http' | 'timeout' | 'malformed' | 'aborted' | 'truncated';

/** How a reply that arrived whole ended, as the server reported it on its last message. */
export interface ReplyEnd {
  /**
   * `stop`: the model finished (an end token or a stop sequence); `length`: a token limit cut it
   * (the request's, or the context window's); `other`: anything else a server names; `unknown`:
   * the server named none.
   */
  reason: 'stop' | 'length' | 'other' | 'unknown';
  /** Prompt tokens the server evaluated, when it says (Ollama's `prompt_eval_count`). */
  promptTokens?: number;
  /** Reply tokens the server generated, when it says. */
  replyTokens?: number;
}

/** The reply's end as read from a server's finish reason (OpenAI `finish_reason`, Ollama `done_reason`). */
export function endReason(value: unknown): ReplyEnd['reason'] {
  if (value === 'stop' || value === 'length') return value;
  return typeof value === 'string' && value !== '' ? 'other' : 'unknown';
}

/** A failed model request, with a message fit to show the user (it never contains the API key). */
export class ModelError extends Error {
  constructor(
    readonly kind: ModelErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ModelError';
  }
}

/** Edits use the chat model; completions use the completion model, falling back to the chat model. */
export function endpointFromSettings(settings: RedlineSettings, use: 'edit' | 'completion'): ModelEndpoint {
  return {
    provider: settings.provider,
    endpoint: settings.endpoint,
    model: use === 'completion' && settings.completionModel !== '' ? settings.completionModel : settings.model,
    apiKey: settings.apiKey,
    timeoutMs: settings.requestTimeoutMs,
    network: { proxy: settings.proxy, noProxy: settings.noProxy, caFile: settings.caFile },
  };
}
