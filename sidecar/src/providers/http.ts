/** The network edge shared by every model API: one streamed POST, its watchdog, and its failures. */
import { abortedError, connectionError, httpError, redactKey, timeoutError } from './errors.js';
import { displayProxy, proxyFor } from './proxy.js';
import { createDecoder, type FrameReader, type WireFormat } from './stream.js';
import { ModelError, type ModelEndpoint } from './types.js';

export interface StreamCall {
  url: string;
  body: unknown;
  format: WireFormat;
  read: FrameReader;
}

/** Yields text deltas until the server marks the reply finished; every failure is a ModelError. */
export async function* streamText(ep: ModelEndpoint, call: StreamCall, signal: AbortSignal): AsyncGenerator<string> {
  if (signal.aborted) throw abortedError(ep);
  // Aborted by the watchdog, or when the stream stops early; the caller's signal joins in.
  const controller = new AbortController();
  const requestSignal = AbortSignal.any([signal, controller.signal]);
  // "Nothing for timeoutMs" covers connecting, headers and every gap between chunks alike.
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const rearm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, ep.timeoutMs);
  };
  let replying = false;
  let finished = false;
  let proxy: string | null = null;
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
    if (response.statusCode >= 400) throw httpError(ep, response.statusCode, await response.body.text());
    replying = true;
    const decoder = createDecoder(call.format, ep.endpoint, call.read, ep.apiKey);
    for await (const chunk of response.body) {
      rearm();
      for (const frame of decoder.push(chunk as Buffer)) {
        if (frame.text !== '') {
          // Time spent by a slow reader is not silence from the server.
          clearTimeout(timer);
          yield frame.text;
          rearm();
        }
        if (frame.done) {
          finished = true;
          return;
        }
      }
    }
    for (const frame of decoder.end()) {
      if (frame.text !== '') yield frame.text;
      if (frame.done) {
        finished = true;
        return;
      }
    }
    throw new ModelError('malformed', `The model server at ${ep.endpoint} ended the stream before the reply was finished.`);
  } catch (error) {
    throw redactKey(classify(ep, error, { aborted: signal.aborted, timedOut, replying, proxy: proxy && displayProxy(proxy) }), ep.apiKey);
  } finally {
    clearTimeout(timer);
    // Stopped early (the caller broke off, or an error): close the connection so the server stops generating.
    if (!finished) controller.abort();
  }
}

const NO_NETWORK_SETTINGS = { proxy: '', noProxy: '', caFile: '' };

function classify(ep: ModelEndpoint, error: unknown, state: { aborted: boolean; timedOut: boolean; replying: boolean; proxy: string | null }): ModelError {
  if (state.aborted) return abortedError(ep);
  if (state.timedOut) return timeoutError(ep);
  if (error instanceof ModelError) return error;
  return connectionError(ep, error, state.replying, state.proxy);
}
