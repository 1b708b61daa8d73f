/**
 * Pure decoding of streamed model replies: bytes in, text frames out. Chunks arrive split anywhere,
 * including inside a line or a multi-byte character, so all state lives here between pushes.
 */
import { maskThenTruncate } from '../server/mask.js';
import { endReason, ModelError, type ReplyEnd } from './types.js';

export type WireFormat = 'ndjson' | 'sse';

/** One decoded message: a piece of text, and whether the server said the reply is finished (and how). */
export interface Frame {
  text: string;
  done: boolean;
  /** On the last message, when it says how the reply ended. */
  end?: ReplyEnd;
}

/** Reads the text and end marker out of one parsed message of a given API. */
export type FrameReader = (message: Record<string, unknown>) => Frame;

/** Frames come out lazily, so the text before a bad line still reaches the caller before the error. */
export interface StreamDecoder {
  push(bytes: Uint8Array): Iterable<Frame>;
  /** The stream ended: whatever is left over counts as a last line. */
  end(): Iterable<Frame>;
}

export class Utf8LineSplitter {
  private readonly decoder = new TextDecoder('utf-8');
  private pending = '';

  push(bytes: Uint8Array): string[] {
    return this.split(this.pending + this.decoder.decode(bytes, { stream: true }));
  }

  end(): string[] {
    const rest = this.pending + this.decoder.decode();
    this.pending = '';
    return rest === '' ? [] : [rest.replace(/\r$/, '')];
  }

  private split(text: string): string[] {
    const lines = text.split('\n');
    this.pending = lines.pop()!;
    return lines.map((line) => line.replace(/\r$/, ''));
  }
}

const MAX_QUOTED = 80;

function malformed(endpoint: string, detail: string): ModelError {
  return new ModelError('malformed', `Malformed stream from the model server at ${endpoint}: ${detail}`);
}

/** A bad line as quoted in the error: the key masked before the line is cut. */
function quote(line: string, apiKey: string): string {
  return JSON.stringify(maskThenTruncate(line, [apiKey], MAX_QUOTED));
}

/** Parses one JSON message; an {error} message mid-stream is the server giving up, reported as such. */
function parseMessage(endpoint: string, apiKey: string, payload: string, read: FrameReader): Frame {
  let message: unknown;
  try {
    message = JSON.parse(payload);
  } catch {
    throw malformed(endpoint, `${quote(payload, apiKey)} is not JSON`);
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) throw malformed(endpoint, `${quote(payload, apiKey)} is not a JSON object`);
  const error = (message as { error?: unknown }).error;
  if (error !== undefined && error !== null) {
    const text = typeof error === 'string' ? error : String((error as { message?: unknown }).message ?? JSON.stringify(error));
    throw new ModelError('malformed', `${text} (the model server at ${endpoint} gave up mid-reply).`);
  }
  return read(message as Record<string, unknown>);
}

/** Ollama: one JSON object per line. */
function ndjsonDecoder(endpoint: string, apiKey: string, read: FrameReader): StreamDecoder {
  const lines = new Utf8LineSplitter();
  function* decode(all: string[]): Generator<Frame> {
    for (const line of all) if (line.trim() !== '') yield parseMessage(endpoint, apiKey, line, read);
  }
  return { push: (bytes) => decode(lines.push(bytes)), end: () => decode(lines.end()) };
}

/** OpenAI-compatible: server-sent events whose data is JSON, closed by `data: [DONE]`. */
function sseDecoder(endpoint: string, apiKey: string, read: FrameReader): StreamDecoder {
  const lines = new Utf8LineSplitter();
  let data: string[] = [];
  function* dispatch(): Generator<Frame> {
    if (data.length === 0) return;
    const payload = data.join('\n');
    data = [];
    yield payload.trim() === '[DONE]' ? { text: '', done: true } : parseMessage(endpoint, apiKey, payload, read);
  }
  function* decode(all: string[], atEnd: boolean): Generator<Frame> {
    for (const line of all) {
      if (line === '') yield* dispatch();
      else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      // Comments (":"), event, id and retry fields carry nothing a model reply needs.
    }
    // Servers that close right after the last event may skip its blank line.
    if (atEnd) yield* dispatch();
  }
  return { push: (bytes) => decode(lines.push(bytes), false), end: () => decode(lines.end(), true) };
}

/** `apiKey`: masked in the quotes of bad lines. */
export function createDecoder(format: WireFormat, endpoint: string, read: FrameReader, apiKey = ''): StreamDecoder {
  return format === 'ndjson' ? ndjsonDecoder(endpoint, apiKey, read) : sseDecoder(endpoint, apiKey, read);
}

/** The first choice of an OpenAI-compatible chunk; `finish_reason` marks the last content chunk and says why. */
export function firstChoice(message: Record<string, unknown>): { choice: Record<string, unknown>; done: boolean; end?: ReplyEnd } {
  const choices = message.choices;
  const choice = Array.isArray(choices) && typeof choices[0] === 'object' && choices[0] !== null ? (choices[0] as Record<string, unknown>) : {};
  if (choice.finish_reason === undefined || choice.finish_reason === null) return { choice, done: false };
  const usage = (message.usage ?? {}) as Record<string, unknown>;
  // llama.cpp's server puts its counts in `timings` on this chunk (`usage` only when asked for).
  const timings = (message.timings ?? {}) as Record<string, unknown>;
  return { choice, done: true, end: withCounts(endReason(choice.finish_reason), usage.prompt_tokens, usage.completion_tokens ?? timings.predicted_n) };
}

/** Ollama's last message: `done_reason`, and the token counts `prompt_eval_count` and `eval_count`. */
export function ollamaEnd(message: Record<string, unknown>): ReplyEnd {
  return withCounts(endReason(message.done_reason), message.prompt_eval_count, message.eval_count);
}

function withCounts(reason: ReplyEnd['reason'], prompt: unknown, reply: unknown): ReplyEnd {
  const end: ReplyEnd = { reason };
  if (Number.isInteger(prompt)) end.promptTokens = prompt as number;
  if (Number.isInteger(reply)) end.replyTokens = reply as number;
  return end;
}

export function stringField(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
