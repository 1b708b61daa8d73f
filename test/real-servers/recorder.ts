/**
 * A pass-through HTTP proxy in front of a real model server that records each exchange: what the
 * sidecar sent, and what the server answered (streamed bodies as they came), so a test can check
 * the wire on both sides.
 */
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Exchange {
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  status?: number;
  /** The response body so far. */
  reply: string;
  /** The response ended (rather than the client or the server hanging up mid-way). */
  complete: boolean;
}

export interface Recorder {
  url: string;
  exchanges: Exchange[];
  close(): Promise<void>;
}

export async function startRecorder(target: string): Promise<Recorder> {
  const exchanges: Exchange[] = [];
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const raw = Buffer.concat(parts);
      const exchange: Exchange = { path: req.url ?? '/', headers: req.headers, body: parse(raw.toString('utf8')), reply: '', complete: false };
      exchanges.push(exchange);
      const forward = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } }, (answer) => {
        exchange.status = answer.statusCode;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.on('data', (chunk: Buffer) => {
          exchange.reply += chunk.toString('utf8');
          res.write(chunk);
        });
        answer.on('end', () => {
          exchange.complete = true;
          res.end();
        });
        answer.on('error', () => res.destroy());
      });
      forward.on('error', () => res.destroy());
      // The sidecar hanging up must reach the server, as it would without the proxy.
      res.on('close', () => {
        if (!exchange.complete) forward.destroy();
      });
      forward.end(raw);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exchanges,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
