import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { signWebhookBody } from '../whatsapp/webhooks/signature.js';
import { silentLogger } from './types.js';
import { WebhookOutbox, type WebhookSender } from './webhook-outbox.js';
import { startWebhookSink, type WebhookSink } from './webhook-sink.js';

const SECRET = 'outbox-test-secret-0123456789';
const timing = { flushMs: 5, retryBaseMs: 10, retryMaxMs: 40 };
const sender = (id: string, wabaId = '900000000000001'): WebhookSender => ({
  wabaId,
  phoneNumberId: id,
  displayPhoneNumber: `1555${id.slice(-7)}`,
});
const status = (index: number) =>
  JSON.stringify({ id: `wamid.${index}`, status: 'sent', timestamp: '1750000000', recipient_id: '16505550000' });

let sink: WebhookSink | undefined;
let outbox: WebhookOutbox | undefined;
afterEach(async () => {
  outbox?.stop();
  await sink?.stop();
  outbox = undefined;
  sink = undefined;
});

async function idle(box: WebhookOutbox) {
  for (let round = 0; round < 400 && !box.isIdle(); round++) await new Promise((resolve) => setTimeout(resolve, 5));
  return box.isIdle();
}

async function setUp(appSecret = SECRET) {
  sink = await startWebhookSink({ appSecret: SECRET });
  outbox = new WebhookOutbox({ url: sink.url, appSecret, logger: silentLogger, timing: () => timing });
  return { sink, outbox };
}

describe('webhook signature', () => {
  it('is sha256= and the hex HMAC-SHA256 of the raw body with the app secret', () => {
    const body = '{"object":"whatsapp_business_account","entry":[]}';
    const hex = createHmac('sha256', SECRET).update(body).digest('hex');
    expect(signWebhookBody(body, SECRET)).toBe(`sha256=${hex}`);
  });

  it('verifies at the receiving end', async () => {
    const { sink, outbox } = await setUp();
    outbox.addChange('900000000000001', 'account_update', { event: 'PARTNER_ADDED' });
    expect(await idle(outbox)).toBe(true);
    expect(sink.counts).toMatchObject({ requests: 1, badSignatures: 0 });
    expect(sink.received[0]?.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('is refused when signed with another secret, and the post is retried', async () => {
    const { sink, outbox } = await setUp('a-different-secret-0123456789');
    outbox.addChange('900000000000001', 'account_update', { event: 'PARTNER_ADDED' });
    for (let round = 0; round < 200 && outbox.stats.failedAttempts < 2; round++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(sink.counts.badSignatures).toBeGreaterThanOrEqual(2);
    expect(sink.received).toHaveLength(0);
    expect(outbox.isIdle()).toBe(false);
  });
});

describe('batching', () => {
  it('puts at most 1000 statuses in a request and every status in exactly one', async () => {
    const { sink, outbox } = await setUp();
    for (let index = 0; index < 2500; index++) outbox.addStatus(sender('100000000000001'), status(index));
    expect(await idle(outbox)).toBe(true);
    const sizes = sink.changes('messages').map((change) => (change.value.statuses as unknown[]).length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(1000);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(2500);
    const ids = new Set(
      sink.changes('messages').flatMap((change) => (change.value.statuses as { id: string }[]).map((s) => s.id)),
    );
    expect(ids.size).toBe(2500);
    expect(sink.counts.requests).toBe(3);
  });

  it('sends what waits together after the flush interval: numbers and accounts as separate entries and changes', async () => {
    const { sink, outbox } = await setUp();
    outbox.addStatus(sender('100000000000001'), status(1));
    outbox.addStatus(sender('100000000000002'), status(2));
    outbox.addStatus(sender('100000000000003', '900000000000002'), status(3));
    outbox.addChange('900000000000001', 'user_preferences', { user_preferences: [] });
    expect(await idle(outbox)).toBe(true);
    expect(sink.counts.requests).toBe(1);
    const body = sink.received[0]?.body;
    expect(body?.object).toBe('whatsapp_business_account');
    expect(body?.entry.map((entry) => entry.id).sort()).toEqual(['900000000000001', '900000000000002']);
    const first = body?.entry.find((entry) => entry.id === '900000000000001');
    expect(first?.changes.map((change) => change.field)).toEqual(['messages', 'messages', 'user_preferences']);
    expect(first?.changes[0]?.value).toMatchObject({
      messaging_product: 'whatsapp',
      metadata: { phone_number_id: '100000000000001', display_phone_number: '15550000001' },
    });
  });
});

describe('retries', () => {
  it('posts again with backoff until the product answers 200, then stops', async () => {
    const { sink, outbox } = await setUp();
    sink.answer = 503;
    outbox.addStatus(sender('100000000000001'), status(1));
    for (let round = 0; round < 200 && outbox.stats.failedAttempts < 3; round++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(outbox.stats.failedAttempts).toBeGreaterThanOrEqual(3);
    sink.answer = 200;
    expect(await idle(outbox)).toBe(true);
    expect(sink.received).toHaveLength(1);
    const requests = sink.counts.requests;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sink.counts.requests).toBe(requests);
  });

  it('keeps the events of an unreachable product until it answers', async () => {
    const receiver = await startWebhookSink({ appSecret: SECRET });
    const url = receiver.url;
    await receiver.stop();
    outbox = new WebhookOutbox({ url, appSecret: SECRET, logger: silentLogger, timing: () => timing });
    outbox.addStatus(sender('100000000000001'), status(1));
    for (let round = 0; round < 200 && outbox.stats.failedAttempts < 2; round++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(outbox.stats.failedAttempts).toBeGreaterThanOrEqual(2);
    expect(outbox.pendingCount).toBe(1);
  });
});
