/**
 * Typed views of a vscode-jsonrpc MessageConnection for each side of the protocol, so a method name
 * fixes its params and result types at compile time. Params are always sent as an object: with
 * params omitted, a `(params, token)` handler would receive the token as params.
 */
import { ResponseError, type CancellationToken, type MessageConnection } from 'vscode-jsonrpc/node.js';
import type { ClientNotifications, ClientRequests, ServerNotifications, ServerRequests } from './methods.js';
import { ErrorCodes } from './redline.js';
import { paramsProblem } from './validate.js';

type Handler<P, R> = (params: P, token: CancellationToken) => R | Promise<R>;

/** The sidecar's side: answers client requests, sends render requests and notifications. */
export interface ServerConnection {
  raw: MessageConnection;
  onRequest<M extends keyof ClientRequests>(method: M, handler: Handler<ClientRequests[M][0], ClientRequests[M][1]>): void;
  onNotification<M extends keyof ClientNotifications>(method: M, handler: (params: ClientNotifications[M]) => void): void;
  sendRequest<M extends keyof ServerRequests>(method: M, params: ServerRequests[M][0], token?: CancellationToken): Promise<ServerRequests[M][1]>;
  sendNotification<M extends keyof ServerNotifications>(method: M, params: ServerNotifications[M]): Promise<void>;
}

/** A client's side: sends requests and notifications, answers render requests. */
export interface ClientConnection {
  raw: MessageConnection;
  onRequest<M extends keyof ServerRequests>(method: M, handler: Handler<ServerRequests[M][0], ServerRequests[M][1]>): void;
  onNotification<M extends keyof ServerNotifications>(method: M, handler: (params: ServerNotifications[M]) => void): void;
  sendRequest<M extends keyof ClientRequests>(method: M, params: ClientRequests[M][0], token?: CancellationToken): Promise<ClientRequests[M][1]>;
  sendNotification<M extends keyof ClientNotifications>(method: M, params: ClientNotifications[M]): Promise<void>;
}

/** Reports a notification dropped because its params did not fit the protocol. */
export type InvalidNotification = (method: string, problem: string) => void;

/** `invalid` set: incoming params are checked against protocol.json first (requests get -32602). */
function typed(raw: MessageConnection, invalid?: InvalidNotification) {
  const problem = (method: string, params: unknown) => (invalid ? paramsProblem(method, params) : null);
  return {
    raw,
    onRequest: (method: string, handler: Handler<never, unknown>) => {
      raw.onRequest(method, (params: unknown, token: CancellationToken) => {
        const wrong = problem(method, params);
        if (wrong) throw new ResponseError(ErrorCodes.InvalidParams, `${method}: ${wrong}`);
        return handler(params as never, token);
      });
    },
    onNotification: (method: string, handler: (params: never) => void) => {
      raw.onNotification(method, (params: unknown) => {
        const wrong = problem(method, params);
        if (wrong) invalid!(method, wrong);
        else handler(params as never);
      });
    },
    // An undefined token must not be passed on: vscode-jsonrpc would send [params, null] as an array.
    sendRequest: (method: string, params: unknown, token?: CancellationToken) =>
      token ? raw.sendRequest(method, params, token) : raw.sendRequest(method, params),
    sendNotification: (method: string, params: unknown) => raw.sendNotification(method, params),
  };
}

export const serverConnection = (raw: MessageConnection, invalid: InvalidNotification = () => undefined): ServerConnection => typed(raw, invalid) as ServerConnection;
export const clientConnection = (raw: MessageConnection): ClientConnection => typed(raw) as ClientConnection;
