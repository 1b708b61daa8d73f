/**
 * The sidecar's JSON-RPC edge: frames from `framing.ts`, then the JSON-RPC 2.0 shape of each
 * message, before vscode-jsonrpc sees it. The library assumes well-formed messages: it stringifies
 * whole messages it cannot classify into its log text (a message nested 5,000 levels deep
 * overflows the stack there and kills the process), and a cancel without an id throws inside it.
 * So only messages the library handles as intended get through; every other request is answered
 * with an error here, and every other notification or response becomes one log line.
 */
import {
  AbstractMessageReader,
  StreamMessageWriter,
  createMessageConnection,
  type DataCallback,
  type Disposable,
  type Message,
  type MessageConnection,
  type MessageReader,
  type ResponseMessage,
} from 'vscode-jsonrpc/node.js';
import { ErrorCodes } from '@redline/shared-protocol';
import { FrameDecoder } from './framing.js';

/** Deeper than any protocol message (about 8 levels) and far from what recursion in a library can take. */
export const MAX_DEPTH = 64;

type Id = string | number;

export type Checked =
  | { kind: 'deliver'; message: Message }
  /**
   * A request that must be answered with an error (`id` null when none could be read); `settles`:
   * an error for a request of the sidecar's that the message may have meant to answer.
   */
  | { kind: 'refuse'; id: Id | null; code: number; reason: string; settles?: ResponseMessage }
  /** A notification or response that is logged and dropped. */
  | { kind: 'drop'; reason: string };

const isId = (value: unknown): value is Id => typeof value === 'string' || typeof value === 'number';
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `value` nests objects or arrays more than `limit` levels deep; the walk is iterative. */
export function deeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}

/** What the edge does with one parsed JSON value. */
export function checkMessage(value: unknown): Checked {
  if (!isObject(value)) {
    return { kind: 'refuse', id: null, code: ErrorCodes.InvalidRequest, reason: Array.isArray(value) ? 'batches (a JSON array) are not supported' : 'a message must be a JSON object' };
  }
  const method = value.method;
  const id = value.id;
  const fail = (reason: string, code: number = ErrorCodes.InvalidRequest): Checked => {
    // A response still settles the request it answers; a notification is dropped; a request is answered.
    if (method === undefined) return isId(id) ? deliverError(id, reason) : { kind: 'drop', reason };
    if (id === undefined) return { kind: 'drop', reason };
    return { kind: 'refuse', id: isId(id) ? id : null, code, reason };
  };
  // Neither a request nor a response, whatever else is wrong with it: answered by its id.
  if (method === undefined && isId(id) && !('result' in value) && value.error === undefined) return neither(id);
  if (value.jsonrpc !== '2.0') return fail('"jsonrpc" must be "2.0"');
  if (deeperThan(value, MAX_DEPTH)) return fail(`the message is nested more than ${MAX_DEPTH} levels deep`);
  if (method !== undefined) return checkCall(value, method, id, fail);
  return checkResponse(value, id);
}

function checkCall(value: Record<string, unknown>, method: unknown, id: unknown, fail: (reason: string, code?: number) => Checked): Checked {
  if (typeof method !== 'string') return fail('"method" must be a string');
  if (id !== undefined && !isId(id)) return fail(`${method}: "id" must be a string or a number`);
  // Omitted (or null) params are an empty object: handlers always receive an object (see connection.ts).
  const params = value.params ?? {};
  if (!isObject(params)) return fail(`${method}: params must be an object`, ErrorCodes.InvalidParams);
  if (method === '$/cancelRequest' && !isId(params.id)) return fail('$/cancelRequest: params.id must be a string or a number', ErrorCodes.InvalidParams);
  return { kind: 'deliver', message: { ...value, params } as unknown as Message };
}

function checkResponse(value: Record<string, unknown>, id: unknown): Checked {
  if (id !== null && !isId(id)) return { kind: 'drop', reason: 'a message with neither a method nor a string or number id' };
  const error = value.error;
  const valid = 'result' in value ? error === undefined : isObject(error) && Number.isInteger(error.code) && typeof error.message === 'string';
  if (id === null) {
    const said = isObject(error) ? `${String(error.code)} ${typeof error.message === 'string' ? error.message : ''}` : 'no error';
    return { kind: 'drop', reason: `a response without an id (${said.trim()})` };
  }
  if (!valid) return deliverError(id, 'it has neither a result nor a well-formed error');
  return { kind: 'deliver', message: value as unknown as Message };
}

/**
 * Neither a request (no method) nor a response (no result, no error): the client is told, by its id,
 * and a request of the sidecar's with that id is not left waiting for it.
 */
function neither(id: Id): Checked {
  const reason = 'a message with an id needs a "method" (a request) or a "result" or "error" (a response)';
  const settles = deliverError(id, reason).message as ResponseMessage;
  return { kind: 'refuse', id, code: ErrorCodes.InvalidRequest, reason, settles };
}

/** A response that cannot be used still settles the request it answers, as an error. */
function deliverError(id: Id, reason: string): { kind: 'deliver'; message: Message } {
  const message: ResponseMessage = { jsonrpc: '2.0', id, error: { code: ErrorCodes.InvalidRequest, message: `Unusable response from the client: ${reason}.` } };
  return { kind: 'deliver', message };
}

/**
 * Reads framed JSON-RPC from a stream. Unreadable input and dropped messages are reported through
 * `onError` (one line each; one per malformed stretch of bytes); requests refused here are
 * answered through `answer`.
 */
export class SidecarMessageReader extends AbstractMessageReader implements MessageReader {
  private readonly decoder = new FrameDecoder();
  /** Requests handed on or refused, and whether the input has ended (the close waits for their answers). */
  private delivered = 0;
  private ended = false;

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly answer: (response: ResponseMessage) => void,
    private readonly answers: AnswerCount,
  ) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    const onData = (chunk: Buffer | string) => this.read(typeof chunk === 'string' ? Buffer.from(chunk) : chunk, callback);
    const onError = (error: Error) => this.fireError(error);
    const onClose = () => this.closeOnceAnswered();
    this.input.on('data', onData);
    this.input.on('error', onError);
    this.input.on('end', onClose);
    this.input.on('close', onClose);
    return {
      dispose: () => {
        this.input.off('data', onData);
        this.input.off('error', onError);
        this.input.off('end', onClose);
        this.input.off('close', onClose);
      },
    };
  }

  /**
   * The input ended: close once every request read before that is answered (a client may write its
   * last messages and close at once), or after CLOSE_GRACE_MS, so a request that waits on the
   * client that left never holds the process.
   */
  private closeOnceAnswered(): void {
    if (this.ended) return;
    this.ended = true;
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      this.fireClose();
    };
    const timer = setTimeout(close, CLOSE_GRACE_MS);
    const check = () => void (this.answers.count() >= this.delivered && close());
    this.answers.onAnswer(check);
    check();
  }

  private read(chunk: Buffer, callback: DataCallback): void {
    for (const event of this.decoder.push(chunk)) {
      if (event.kind === 'malformed') {
        this.fireError(new Error(`skipped unreadable input from the client: ${event.reason}`));
        this.refuse(event.id ?? null, ErrorCodes.ParseError, `Unreadable message: ${event.reason}.`);
        continue;
      }
      const checked = checkMessage(event.value);
      if (checked.kind === 'refuse') {
        this.fireError(new Error(`refused a request from the client: ${checked.reason}`));
        this.refuse(checked.id, checked.code, `Invalid request: ${checked.reason}.`);
        if (checked.settles) this.dispatch(checked.settles, callback);
      } else if (checked.kind === 'drop') {
        this.fireError(new Error(`dropped a message from the client: ${checked.reason}`));
      } else this.dispatch(checked.message, callback);
    }
  }

  private dispatch(message: Message, callback: DataCallback): void {
    try {
      if ('method' in message && 'id' in message) this.delivered++;
      callback(message);
    } catch (err) {
      this.fireError(new Error(`a message from the client failed to dispatch: ${(err as Error).message}`));
    }
  }

  private refuse(id: Id | null, code: number, message: string): void {
    // Answered here, not by the connection: counted as handed on, and its answer as written.
    this.delivered++;
    this.answer({ jsonrpc: '2.0', id, error: { code, message } });
  }
}

/** How long the sidecar stays after its input ended, for the answers to what it had read. */
export const CLOSE_GRACE_MS = 2000;

/** The answers written so far, and a way to hear of each next one. */
export interface AnswerCount {
  count(): number;
  onAnswer(listener: () => void): void;
}

/** vscode-jsonrpc's writer, counting the answers (responses to the client's requests) it has written. */
class AnswerCountingWriter extends StreamMessageWriter implements AnswerCount {
  private written = 0;
  private readonly listeners: Array<() => void> = [];

  override async write(message: Message): Promise<void> {
    await super.write(message);
    if (!('method' in message) && 'id' in message) {
      this.written++;
      for (const listener of this.listeners) listener();
    }
  }

  count(): number {
    return this.written;
  }

  onAnswer(listener: () => void): void {
    this.listeners.push(listener);
  }
}

/** A JSON-RPC connection over the sidecar's edge: this reader, vscode-jsonrpc's writer and dispatch. */
export function sidecarConnection(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): MessageConnection {
  const writer = new AnswerCountingWriter(output);
  const reader = new SidecarMessageReader(input, (response) => void writer.write(response).catch(() => undefined), writer);
  return createMessageConnection(reader, writer);
}
