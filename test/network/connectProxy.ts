/**
 * An HTTP CONNECT proxy on 127.0.0.1, as corporate proxies behave: it resolves the host names it is
 * asked for itself (here: every name in `hosts` is this machine), can demand Basic credentials (407),
 * and records each tunnel it was asked for. A client that reaches `hosts` at all went through it.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface ConnectProxy {
  url: string;
  port: number;
  /** `host:port` of each CONNECT, in order, with the Proxy-Authorization it carried. */
  tunnels: Array<{ target: string; authorization: string | undefined }>;
  close(): Promise<void>;
}

export async function startConnectProxy(options: { hosts: string[]; credentials?: { user: string; password: string } }): Promise<ConnectProxy> {
  const tunnels: ConnectProxy['tunnels'] = [];
  const sockets = new Set<Socket>();
  const expected = options.credentials && `Basic ${Buffer.from(`${options.credentials.user}:${options.credentials.password}`).toString('base64')}`;
  const server = createServer((_req, res) => {
    res.writeHead(405).end('this proxy only tunnels (CONNECT)');
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    const target = req.url ?? '';
    const authorization = req.headers['proxy-authorization'];
    tunnels.push({ target, authorization });
    if (expected && authorization !== expected) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const [host, port] = [target.slice(0, target.lastIndexOf(':')), Number(target.slice(target.lastIndexOf(':') + 1))];
    if (!options.hosts.includes(host)) {
      client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
