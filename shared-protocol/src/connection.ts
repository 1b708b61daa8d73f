/**
 * Typed views of a vscode-jsonrpc MessageConnection for each side of the protocol, so a method name
 * fixes its params and result types at compile time. Params are always sent as an object: with
 * params omitted, a `(params, token)` handler would receive the token as params.
 */
import { ResponseError, type CancellationToken, type MessageConnection } from 'vscode-jsonrpc/node.js';
import type { Direction, NotificationMethod, ParamsOf, RequestMethod, ResultOf } from './methods.js';
import { ErrorCodes } from './redline.js';
import { paramsProblem, resultProblem } from './validate.js';

type Handler<P, R> = (params: P, token: CancellationToken) => R | Promise<R>;

/** One side of the protocol: it handles the messages travelling `In` and sends those travelling `Out`. */
export interface Connection<In extends Direction, Out extends Direction> {
  raw: MessageConnection;
  onRequest<M extends RequestMethod<In>>(method: M, handler: Handler<ParamsOf<M>, ResultOf<M>>): void;
  onNotification<M extends NotificationMethod<In>>(method: M, handler: (params: ParamsOf<M>) => void): void;
  sendRequest<M extends RequestMethod<Out>>(method: M, params: ParamsOf<M>, token?: CancellationToken): Promise<ResultOf<M>>;
  sendNotification<M extends NotificationMethod<Out>>(method: M, params: ParamsOf<M>): Promise<void>;
}

/** The sidecar's side: answers client requests, sends render requests and notifications. */
export type ServerConnection = Connection<'clientToServer', 'serverToClient'>;

/** A client's side: sends requests and notifications, answers render requests. */
export type ClientConnection = Connection<'serverToClient', 'clientToServer'>;

/** How the server side refuses what it receives. */
export interface ServerGuard {
  /** A notification dropped: refused now, or its params do not fit the protocol. */
  dropped(method: string, why: string): void;
  /** The lifecycle: the error for a request that must not run now, or null. */
  refuseRequest?(method: string): { code: number; message: string } | null;
  /** The lifecycle: why a notification must not be handled now, or null. */
  refuseNotification?(method: string): string | null;
}

/**
 * With a guard (the server side), a request or notification must first pass the lifecycle, then
 * its params are checked against protocol.json (requests get -32602); the client's answers to the
 * server's own requests are checked too.
 */
function typed(raw: MessageConnection, guard?: ServerGuard) {
  return {
    raw,
    onRequest: (method: string, handler: Handler<never, unknown>) => {
      raw.onRequest(method, (params: unknown, token: CancellationToken) => {
        const refused = guard?.refuseRequest?.(method);
        if (refused) throw new ResponseError(refused.code, refused.message);
        const wrong = guard && paramsProblem(method, params);
        if (wrong) throw new ResponseError(ErrorCodes.InvalidParams, `${method}: ${wrong}`);
        return handler(params as never, token);
      });
    },
    onNotification: (method: string, handler: (params: never) => void) => {
      raw.onNotification(method, (params: unknown) => {
        const why = guard?.refuseNotification?.(method) ?? (guard && paramsProblem(method, params));
        if (why) guard!.dropped(method, why);
        else handler(params as never);
      });
    },
    // An undefined token must not be passed on: vscode-jsonrpc would send [params, null] as an array.
    sendRequest: async (method: string, params: unknown, token?: CancellationToken) => {
      const result: unknown = await (token ? raw.sendRequest(method, params, token) : raw.sendRequest(method, params));
      const wrong = guard && resultProblem(method, result);
      if (wrong) throw new Error(`the answer to ${method} does not fit the protocol: ${wrong}`);
      return result;
    },
    sendNotification: (method: string, params: unknown) => raw.sendNotification(method, params),
  };
}

export const serverConnection = (raw: MessageConnection, guard: ServerGuard = { dropped: () => undefined }): ServerConnection => typed(raw, guard) as ServerConnection;
export const clientConnection = (raw: MessageConnection): ClientConnection => typed(raw) as ClientConnection;
