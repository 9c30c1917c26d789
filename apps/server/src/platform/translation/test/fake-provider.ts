/**
 * A local stand-in for a translation provider's HTTP API: it records every request (path, headers,
 * body) and answers what the test's handler says, so a provider test asserts the documented request
 * shape and feeds back the documented reply shapes, error replies included. 127.0.0.1 only.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  text: string;
  json: any;
}

export interface FakeAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  /** Never answer (the connection stays open until the test closes the fake). */
  hang?: boolean;
}

export interface FakeProvider {
  url: string;
  requests: RecordedRequest[];
  /** Replaces the handler, for a test that needs other answers. */
  answer(handler: (request: RecordedRequest) => FakeAnswer): void;
  close(): Promise<void>;
}

export async function startFakeProvider(handler: (request: RecordedRequest) => FakeAnswer): Promise<FakeProvider> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const parsed = new URL(incoming.url ?? '/', 'http://fake');
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      const request: RecordedRequest = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: incoming.headers,
        text,
        json,
      };
      requests.push(request);
      let answer: FakeAnswer;
      try {
        answer = current(request);
      } catch (error) {
        answer = { status: 599, text: `fake provider handler failed: ${String(error)}` };
      }
      if (answer.hang) return;
      response.writeHead(answer.status ?? 200, {
        'content-type': answer.text === undefined ? 'application/json' : 'text/plain',
      });
      response.end(answer.text ?? JSON.stringify(answer.json ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answer(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
