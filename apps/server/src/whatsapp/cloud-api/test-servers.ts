/**
 * Local stand-ins for the connector's tests: a tiny Graph API that records what it is sent and
 * answers as told, a CONNECT proxy that records the tunnels it opens, and a proxy that never answers.
 * All listen on 127.0.0.1.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { type AddressInfo, connect, createServer as createTcpServer, type Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path with query, as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body as JSON when it is JSON. */
  json: unknown;
}

export interface Answer {
  status?: number;
  json?: unknown;
  /** A raw body instead of JSON. */
  text?: string;
  contentType?: string;
  /** Drop the connection without answering. */
  destroy?: boolean;
}

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  /** How many TCP connections were opened to it. */
  connections: () => number;
  close: () => Promise<void>;
}

const listen = async (server: ReturnType<typeof createServer>): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const closeServer = (server: ReturnType<typeof createServer>, sockets: Set<Socket>) =>
  new Promise<void>((resolve) => {
    for (const socket of sockets) socket.destroy();
    server.close(() => resolve());
  });

function send(response: ServerResponse, answer: Answer): void {
  if (answer.destroy) {
    response.socket?.destroy();
    return;
  }
  const body = answer.text ?? JSON.stringify(answer.json ?? {});
  response.writeHead(answer.status ?? 200, {
    'content-type': answer.contentType ?? (answer.text === undefined ? 'application/json' : 'text/html'),
  });
  response.end(body);
}

/** A Graph API stand-in: `answer` decides each reply from the recorded request. */
export async function startGraphServer(answer: (request: RecordedRequest) => Answer): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      json = undefined;
    }
    const recorded = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body, json };
    requests.push(recorded);
    send(response, answer(recorded));
  });
  server.on('connection', (socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const url = await listen(server);
  return { url, requests, connections: () => connections, close: () => closeServer(server, sockets) };
}

export interface TestProxy {
  url: string;
  /** `host:port` of every tunnel asked for, with the Proxy-Authorization header it came with. */
  tunnels: { target: string; authorization: string | undefined }[];
  close: () => Promise<void>;
}

/** An HTTP CONNECT proxy (what undici's ProxyAgent speaks), optionally demanding credentials. */
export async function startConnectProxy(requiredAuthorization?: string): Promise<TestProxy> {
  const tunnels: TestProxy['tunnels'] = [];
  const sockets = new Set<Socket>();
  const server = createServer((_request, response) => {
    response.writeHead(405).end();
  });
  server.on('connect', (request, client: Socket, head: Buffer) => {
    sockets.add(client);
    const authorization = request.headers['proxy-authorization'];
    tunnels.push({ target: request.url ?? '', authorization });
    if (requiredAuthorization && authorization !== requiredAuthorization) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
      return;
    }
    const [host, port] = (request.url ?? '').split(':');
    const upstream = connect(Number(port), host ?? '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    const end = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', end);
    client.on('error', end);
  });
  const url = await listen(server);
  return { url, tunnels, close: () => closeServer(server, sockets) };
}

export interface SilentProxy {
  url: string;
  /** What each connection sent (a CONNECT request, when undici got that far). */
  received: () => string[];
  close: () => Promise<void>;
}

/** A proxy that takes TCP connections and reads what comes, but never answers a byte. */
export async function startSilentProxy(): Promise<SilentProxy> {
  const received: string[] = [];
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    const index = received.push('') - 1;
    sockets.add(socket);
    socket.on('data', (chunk) => {
      received[index] += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => [...received],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
