/** The network edge shared by every model API: one streamed POST, its watchdog, and its failures. */
import { abortedError, connectionError, httpError, overLimitError, redactKey, timeoutError } from './errors.js';
import { displayProxy, proxyFor } from './proxy.js';
import { replyCharLimit } from './replyLimit.js';
import { createDecoder, type FrameReader, type WireFormat } from './stream.js';
import { ModelError, type ModelEndpoint, type ReplyEnd } from './types.js';

export interface StreamCall {
  url: string;
  body: unknown;
  format: WireFormat;
  read: FrameReader;
  /** The reply's token limit the body asks for: a reply that runs far past it is stopped (the server ignored it). */
  maxTokens?: number;
}

/** How long the rest of a response may take to arrive after its end marker before it is dropped. */
const DRAIN_MS = 2000;

/**
 * Yields text deltas until the server marks the reply finished, then returns how it ended; every
 * failure is a ModelError. A reply longer than its token limit allows (`replyLimit.ts`) is stopped
 * before the text past that length is yielded, and fails as cut at the limit.
 */
export async function* streamText(ep: ModelEndpoint, call: StreamCall, signal: AbortSignal): AsyncGenerator<string, ReplyEnd> {
  if (signal.aborted) throw abortedError(ep);
  // Aborted by the watchdog, or when the stream stops early; the caller's signal joins in.
  const controller = new AbortController();
  const requestSignal = AbortSignal.any([signal, controller.signal]);
  // "Nothing for timeoutMs" covers connecting, headers and every gap between chunks alike.
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const rearm = (ms = ep.timeoutMs) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, ms);
  };
  const path = new URL(call.url).pathname;
  let replying = false;
  let end: ReplyEnd | undefined;
  let proxy: string | null = null;
  const limit = call.maxTokens === undefined ? Infinity : replyCharLimit(call.maxTokens);
  let received = 0;
  const count = (text: string) => {
    received += text.length;
    if (received > limit) throw overLimitError(ep, call.maxTokens!, limit, path);
  };
  try {
    rearm();
    // undici loads on the first request: nothing at start-up needs it.
    const { request, dispatcherFor } = await import('./network.js');
    const { dispatcher, config } = dispatcherFor(ep.network ?? NO_NETWORK_SETTINGS);
    proxy = proxyFor(call.url, config);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: call.format === 'sse' ? 'text/event-stream' : 'application/x-ndjson' };
    if (ep.apiKey !== '') headers.authorization = `Bearer ${ep.apiKey}`;
    const response = await request(call.url, {
      method: 'POST',
      headers,
      body: JSON.stringify(call.body),
      signal: requestSignal,
      dispatcher,
      // The watchdog above owns idle timing; undici's own timers would race it with other messages.
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    rearm();
    if (response.statusCode >= 400) throw httpError(ep, response.statusCode, await response.body.text(), path);
    replying = true;
    const decoder = createDecoder(call.format, `${ep.endpoint} (${path})`, call.read, ep.apiKey);
    for await (const chunk of response.body) {
      // After the end marker the rest of the body (usually just the chunked encoding's last bytes)
      // is read, not dropped: undici closes a connection whose response was dropped unread, and
      // opens a new one at once, so every request would leave one more connection behind.
      if (end) continue;
      rearm();
      for (const frame of decoder.push(chunk as Buffer)) {
        if (frame.text !== '') {
          count(frame.text);
          // Time spent by a slow reader is not silence from the server.
          clearTimeout(timer);
          yield frame.text;
          rearm();
        }
        if (frame.done) {
          end = frame.end ?? { reason: 'unknown' };
          rearm(Math.min(DRAIN_MS, ep.timeoutMs));
          break;
        }
      }
    }
    if (end) return end;
    for (const frame of decoder.end()) {
      if (frame.text !== '') {
        count(frame.text);
        yield frame.text;
      }
      if (frame.done) return (end = frame.end ?? { reason: 'unknown' });
    }
    throw new ModelError('malformed', `The stream ended before the reply was finished (the model server at ${ep.endpoint}, ${path}).`);
  } catch (error) {
    // The reply was whole; only the rest of the body was slow, and its connection is dropped.
    if (end && !signal.aborted) return end;
    throw redactKey(classify(ep, error, { aborted: signal.aborted, timedOut, replying, path, proxy: proxy && displayProxy(proxy) }), ep.apiKey);
  } finally {
    clearTimeout(timer);
    // Stopped early (the caller broke off, or an error): close the connection so the server stops generating.
    if (!end || timedOut) controller.abort();
  }
}

const NO_NETWORK_SETTINGS = { proxy: '', noProxy: '', caFile: '' };

function classify(ep: ModelEndpoint, error: unknown, state: { aborted: boolean; timedOut: boolean; replying: boolean; path: string; proxy: string | null }): ModelError {
  if (state.aborted) return abortedError(ep);
  if (state.timedOut) return timeoutError(ep, state.path);
  if (error instanceof ModelError) return error;
  return connectionError(ep, error, state.replying, state.proxy);
}
