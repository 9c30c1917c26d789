/**
 * A small real forward proxy for tests: absolute-URI HTTP requests (`GET http://host/path`) and
 * CONNECT tunnels (what undici's ProxyAgent sends), optionally demanding Basic credentials. It
 * records what passed through it, so a test can prove that traffic really took this way.
 */
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';

export interface ProxiedRequest {
  kind: 'connect' | 'forward';
  /** `host:port` of a tunnel, or the absolute URL of a forwarded request. */
  target: string;
  /** Whether it carried the required credentials (always true when none are required). */
  authorized: boolean;
}

export interface HttpProxy {
  /** `http://127.0.0.1:PORT`, without credentials. */
  url: string;
  port: number;
  /** `http://user:pass@127.0.0.1:PORT` when credentials are required, else `url`. */
  urlWithCredentials: string;
  requests: ProxiedRequest[];
  /** Authorized requests and tunnels that went through. */
  passed(): number;
  close(): Promise<void>;
}

export async function startHttpProxy(credentials?: { username: string; password: string }): Promise<HttpProxy> {
  const expected = credentials
    ? `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`
    : undefined;
  const requests: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const authorize = (kind: ProxiedRequest['kind'], request: IncomingMessage): boolean => {
    const authorized = !expected || request.headers['proxy-authorization'] === expected;
    requests.push({ kind, target: request.url ?? '', authorized });
    return authorized;
  };

  const server = createServer((request, response) => {
    if (!authorize('forward', request)) {
      response.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
      return;
    }
    if (!URL.canParse(request.url ?? '') || !(request.url ?? '').startsWith('http://')) {
      response.writeHead(400).end('absolute http:// URL expected');
      return;
    }
    const { 'proxy-authorization': _credentials, 'proxy-connection': _connection, ...headers } = request.headers;
    const upstream = httpRequest(request.url as string, { method: request.method, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  server.on('connection', track);
  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    if (!authorize('connect', request)) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n');
      return;
    }
    const [host, port] = splitTarget(request.url ?? '');
    let established = false;
    const upstream = connect(port, host, () => {
      established = true;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
    upstream.on('error', () => {
      // Before the tunnel stands the client is owed an answer; after, closing is the answer.
      if (established) client.destroy();
      else client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
    });
    client.on('error', () => upstream.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    urlWithCredentials: credentials
      ? `http://${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}`
      : url,
    requests,
    passed: () => requests.filter((request) => request.authorized).length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** `host:port` of a CONNECT line; `[v6]:port` keeps its address without brackets. */
function splitTarget(target: string): [string, number] {
  const at = target.lastIndexOf(':');
  return [target.slice(0, at).replace(/^\[(.*)\]$/, '$1'), Number(target.slice(at + 1))];
}
