/**
 * A model server double: a real HTTP server on 127.0.0.1 that streams scripted replies in the
 * Ollama (NDJSON) and OpenAI-compatible (SSE) wire formats, and records what clients sent.
 */
import { createServer, STATUS_CODES, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { closingFrames, contentType, garbageFrame, openingFrames, requestedSchema, routeApi, splitText, textFrame, type ReplyEnd, type WireApi } from './wire.js';

export interface Reply {
  text: string;
  /** Characters per streamed chunk (default 8). */
  chunkSize?: number;
  /** Pause between chunks. */
  delayMs?: number;
  /** An HTTP error status instead of a stream. */
  status?: number;
  /** JSON body sent with `status`. */
  errorBody?: unknown;
  /** Stop sending after this many chunks but keep the connection open. */
  stallAfterChunks?: number;
  /** Destroy the socket after this many chunks. */
  cutAfterChunks?: number;
  /** Send a line that is not JSON after this many chunks. */
  malformedAfterChunks?: number;
  /** How the last message says the reply ended (`finish_reason`, `done_reason`); default `stop`. */
  finishReason?: 'stop' | 'length';
  /**
   * Ollama's `prompt_eval_count` on the last message; default: the request's prompt at 4 characters
   * a token. Fewer than the prompt holds is how Ollama shows it cut the prompt to fit its window.
   */
  promptTokens?: number;
  /** Pause between the last message and the end of the body (a server finishing its bookkeeping). */
  endDelayMs?: number;
}

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, or the raw text when it was not JSON. */
  body: unknown;
  /** The client closed the connection before the reply finished. */
  closedEarly: boolean;
  /** The JSON Schema the request asked the reply to follow (Ollama `format`, OpenAI `response_format`), if any. */
  schema?: unknown;
  /** When the last byte of the reply was handed to the socket (performance.now()), once it was. */
  endedAt?: number;
}

export interface ModelDouble {
  url: string;
  requests: RecordedRequest[];
  /** TCP connections clients opened so far. */
  readonly connections: number;
  /** Queues replies, consumed one per request in order. */
  script(...replies: Reply[]): void;
  /** The reply when nothing is queued and no handler is set. */
  setDefault(reply: Reply): void;
  /** Computes the reply when nothing is queued. */
  onRequest(fn: (req: RecordedRequest) => Reply): void;
  waitForRequests(n: number): Promise<void>;
  /** Resolves once request `i` was closed by the client before its reply finished. */
  waitForClose(i: number): Promise<void>;
  close(): Promise<void>;
}

/** `tls`: serve HTTPS with this key and certificate (PEM) instead of plain HTTP. */
export async function startModelDouble(options: { port?: number; tls?: { key: string; cert: string } } = {}): Promise<ModelDouble> {
  const queue: Reply[] = [];
  const requests: RecordedRequest[] = [];
  let handler: ((req: RecordedRequest) => Reply) | undefined;
  let fallback: Reply | undefined;
  const timers = new Set<NodeJS.Timeout>();
  const checks = new Set<() => void>();
  const changed = () => checks.forEach((check) => check());
  const until = (ready: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!ready()) return;
        checks.delete(check);
        resolve();
      };
      checks.add(check);
      check();
    });
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const raw = Buffer.concat(parts).toString('utf8');
      const recorded: RecordedRequest = { path: req.url ?? '/', headers: req.headers, body: parseBody(raw), closedEarly: false };
      requests.push(recorded);
      let cutByServer = false;
      res.on('close', () => {
        if (!res.writableFinished && !cutByServer) recorded.closedEarly = true;
        changed();
      });
      changed();
      const api = req.method === 'POST' ? routeApi(recorded.path) : undefined;
      if (!api) return sendJson(res, 404, { error: `the model double has no ${req.method} ${recorded.path}` });
      const schema = requestedSchema(api, recorded.body);
      if (schema !== undefined) recorded.schema = schema;
      const reply = queue.shift() ?? handler?.(recorded) ?? fallback;
      if (!reply) return sendJson(res, 500, { error: `no reply scripted for ${recorded.path}` });
      if (reply.status !== undefined && reply.status >= 400) return sendJson(res, reply.status, reply.errorBody ?? { error: STATUS_CODES[reply.status] });
      const end = {
        finishReason: reply.finishReason ?? 'stop',
        promptTokens: reply.promptTokens ?? Math.ceil(promptChars(recorded.body) / 4),
        // A reply cut by the request's limit used all of it.
        replyTokens: (reply.finishReason === 'length' ? tokenLimit(recorded.body) : undefined) ?? Math.ceil(reply.text.length / 4),
      };
      void stream(res, api, modelOf(recorded.body), reply, end, pause, () => (cutByServer = true)).then(() => {
        if (res.writableFinished) recorded.endedAt ??= performance.now();
      });
    });
  };
  const server = options.tls ? createHttpsServer(options.tls, listener) : createServer(listener);
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    get connections() {
      return connections;
    },
    script(...replies) {
      queue.push(...replies);
    },
    setDefault(reply) {
      fallback = reply;
    },
    onRequest(fn) {
      handler = fn;
    },
    waitForRequests: (n) => until(() => requests.length >= n),
    waitForClose: (i) => until(() => requests[i]?.closedEarly === true),
    close: () =>
      new Promise<void>((resolve) => {
        timers.forEach(clearTimeout);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function stream(res: ServerResponse, api: WireApi, model: string, reply: Reply, end: ReplyEnd, pause: (ms: number) => Promise<void>, markCut: () => void): Promise<void> {
  res.writeHead(200, { 'content-type': contentType(api), 'cache-control': 'no-cache' });
  res.write(openingFrames(api, model));
  const pieces = splitText(reply.text, reply.chunkSize ?? 8);
  for (let sent = 0; ; sent++) {
    if (sent === reply.stallAfterChunks) return;
    if (sent === reply.cutAfterChunks) {
      markCut();
      res.socket?.destroy();
      return;
    }
    if (sent === reply.malformedAfterChunks) await write(res, garbageFrame(api));
    if (sent === pieces.length) break;
    // Yield between chunks even without a delay so they leave as separate writes.
    await (reply.delayMs ? pause(reply.delayMs) : new Promise((resolve) => setImmediate(resolve)));
    if (res.destroyed) return;
    await write(res, textFrame(api, model, pieces[sent]));
  }
  // The last message and the end of the body leave in separate writes, as real servers flush them.
  await write(res, closingFrames(api, model, end));
  if (reply.endDelayMs) await pause(reply.endDelayMs);
  await new Promise<void>((resolve) => res.end(() => resolve()));
}

/** Resolves once the frame is handed to the socket, so a cut right after it cannot swallow it. */
function write(res: ServerResponse, frame: string): Promise<void> {
  return new Promise((resolve) => res.write(frame, () => resolve()));
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function parseBody(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** The characters of a request's prompt: its messages' contents, or its prompt and suffix. */
function promptChars(body: unknown): number {
  const request = (body ?? {}) as { messages?: Array<{ content?: unknown }>; prompt?: unknown; suffix?: unknown };
  const texts = Array.isArray(request.messages) ? request.messages.map((m) => m?.content) : [request.prompt, request.suffix];
  return texts.reduce<number>((sum, text) => sum + (typeof text === 'string' ? text.length : 0), 0);
}

/** The request's reply limit: Ollama `options.num_predict`, OpenAI `max_tokens`. */
function tokenLimit(body: unknown): number | undefined {
  const request = (body ?? {}) as { options?: { num_predict?: unknown }; max_tokens?: unknown };
  const limit = request.options?.num_predict ?? request.max_tokens;
  return typeof limit === 'number' ? limit : undefined;
}

function modelOf(body: unknown): string {
  const model = (body as { model?: unknown } | null)?.model;
  return typeof model === 'string' ? model : 'double';
}
