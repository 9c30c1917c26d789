import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkWebhookSignature } from '../whatsapp/webhooks/signature.js';

export interface ReceivedWebhook {
  signature: string;
  /** The body's bytes as text, exactly as posted. */
  raw: string;
  /** The parsed body. */
  body: {
    object: string;
    entry: { id: string; time?: number; changes: { field: string; value: Record<string, unknown> }[] }[];
  };
}

export interface WebhookSink {
  url: string;
  /** Every correctly signed body, oldest first (empty when started with `keep: false`). */
  received: ReceivedWebhook[];
  counts: { requests: number; badSignatures: number; statuses: number; changes: number };
  /** The status answered to signed requests (200 by default): set it to test retries. */
  answer: number;
  /** Every change of a field, flattened across bodies. */
  changes(field?: string): { field: string; value: Record<string, unknown>; wabaId: string }[];
  stop(): Promise<void>;
}

/**
 * A stand-in for the product's webhook endpoint: checks `X-Hub-Signature-256` over the raw body
 * (401 when wrong), answers `answer`, and records what it accepted. For tests and benchmarks.
 */
export function startWebhookSink(options: { appSecret: string; keep?: boolean; port?: number }): Promise<WebhookSink> {
  const received: ReceivedWebhook[] = [];
  const counts = { requests: 0, badSignatures: 0, statuses: 0, changes: 0 };
  const sink = { answer: 200 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      counts.requests++;
      const raw = Buffer.concat(chunks);
      const signature = String(request.headers['x-hub-signature-256'] ?? '');
      if (checkWebhookSignature(raw, signature, options.appSecret) !== 'valid') {
        counts.badSignatures++;
        response.writeHead(401).end();
        return;
      }
      if (sink.answer === 200) {
        const text = raw.toString('utf8');
        const body = JSON.parse(text) as ReceivedWebhook['body'];
        for (const entry of body.entry) {
          for (const change of entry.changes) {
            counts.changes++;
            const statuses = change.value.statuses;
            if (Array.isArray(statuses)) counts.statuses += statuses.length;
          }
        }
        if (options.keep !== false) received.push({ signature, raw: text, body });
      }
      response
        .writeHead(sink.answer, { 'content-type': 'text/plain' })
        .end(sink.answer === 200 ? 'EVENT_RECEIVED' : 'no');
    });
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/webhooks/whatsapp`,
        received,
        counts,
        get answer() {
          return sink.answer;
        },
        set answer(status: number) {
          sink.answer = status;
        },
        changes(field) {
          return received.flatMap(({ body }) =>
            body.entry.flatMap((entry) =>
              entry.changes
                .filter((change) => !field || change.field === field)
                .map((change) => ({ ...change, wabaId: entry.id })),
            ),
          );
        },
        stop: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
