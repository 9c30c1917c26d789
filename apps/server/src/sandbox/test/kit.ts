/**
 * Helpers for the sandbox's own tests (and any test that needs a sandbox with a signed-webhook
 * sink behind it). No test framework here, so it builds with the rest.
 */
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../index.js';
import { startWebhookSink, type WebhookSink } from '../webhook-sink.js';

export const TEST_APP_SECRET = 'sandbox-test-app-secret-0123456789';

export interface NumberView {
  phone_number_id: string;
  waba_id: string;
  display_phone_number: string;
  access_token: string;
  quality_rating: string;
  throughput: { level: string };
  [key: string]: unknown;
}

export interface TestSandbox {
  running: RunningSandbox;
  sink: WebhookSink;
  /** A Graph call with a number's token (or `token`), answering status and JSON. */
  graph(
    method: string,
    path: string,
    options?: { token?: string | null; body?: unknown; form?: FormData; number?: NumberView },
  ): Promise<{ status: number; body: any }>;
  /** A control call over HTTP. */
  control(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  createNumber(fields?: Record<string, unknown>): Promise<NumberView>;
  /** Statuses and messages the sink received, flattened. */
  statuses(): Record<string, any>[];
  inbound(): Record<string, any>[];
  settle(): Promise<void>;
  stop(): Promise<void>;
}

/** Every customer receives and reads, and does nothing else unless a test says so. */
export const quietBehaviour = { deliver: 1, read: 1, reply: 0, stop: 0, block: 0, tapButton: 0, joinGroup: 0, fail: 0 };

/**
 * A send of the template `name` (default `promo`, approved: "Hello {{1}}") with its body's
 * parameters (default one, `Ana`) and any further components (a header's, a button's).
 */
export function templateSend(to: string, name = 'promo', parameters: string[] = ['Ana'], extra: object[] = []) {
  return {
    messaging_product: 'whatsapp',
    to,
    type: 'template',
    template: {
      name,
      language: { code: 'en_US' },
      components: [{ type: 'body', parameters: parameters.map((value) => ({ type: 'text', text: value })) }, ...extra],
    },
  };
}

/** Delays of zero so that `settle({fastForward})` completes everything at once. */
export const instantDelays = {
  sentMs: 0,
  deliveredMs: 0,
  readMs: 0,
  replyMs: 0,
  templateApprovalMs: 0,
  groupCreateMs: 0,
  qualityHoldMs: 0,
  webhookFlushMs: 5,
  webhookRetryBaseMs: 20,
  webhookRetryMaxMs: 200,
};

export async function startTestSandbox(options: Partial<SandboxOptions> = {}): Promise<TestSandbox> {
  const sink = await startWebhookSink({ appSecret: TEST_APP_SECRET });
  const running = await startSandbox({
    appSecret: TEST_APP_SECRET,
    webhookUrl: sink.url,
    delays: instantDelays,
    ...options,
  });
  let lastNumber: NumberView | undefined;
  const call = async (method: string, url: string, headers: Record<string, string>, body?: string | FormData) => {
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  const kit: TestSandbox = {
    running,
    sink,
    graph(method, path, { token, body, form, number } = {}) {
      const headers: Record<string, string> = {};
      const key = token === undefined ? (number ?? lastNumber)?.access_token : token;
      if (key) headers.authorization = `Bearer ${key}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      return call(
        method,
        `${running.url}/v23.0/${path}`,
        headers,
        form ?? (body === undefined ? undefined : JSON.stringify(body)),
      );
    },
    control(method, path, body) {
      const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
      return call(
        method,
        `${running.url}/_sandbox${path}`,
        headers,
        body === undefined ? undefined : JSON.stringify(body),
      );
    },
    async createNumber(fields = {}) {
      const reply = await kit.control('POST', '/numbers', { webhooks_subscribed: true, ...fields });
      if (reply.status !== 201) throw new Error(`number not created: ${JSON.stringify(reply.body)}`);
      lastNumber = reply.body as NumberView;
      return lastNumber;
    },
    statuses: () => sink.changes('messages').flatMap((change) => (change.value.statuses as any[]) ?? []),
    inbound: () => sink.changes('messages').flatMap((change) => (change.value.messages as any[]) ?? []),
    async settle() {
      if (!(await running.settle({ fastForward: true, timeoutMs: 10_000 }))) throw new Error('sandbox did not settle');
    },
    async stop() {
      await running.stop();
      await sink.stop();
    },
  };
  return kit;
}
