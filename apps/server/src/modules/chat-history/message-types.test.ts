import type { ChatMessage } from '@ws/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { expectBadInput } from '../../test/bad-input.js';
import { settleSandbox, startSandboxFor } from '../../test/sandbox-app.js';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { queueTemplate, type SandboxNumber, seedSandboxNumber, seedTemplate } from '../../test/whatsapp-fixtures.js';
import { deliver, inboundPayload, metaExamples, WEBHOOK_ENV } from '../../whatsapp/webhooks/test-support.js';

const t = useTestApp(WEBHOOK_ENV);
const CUSTOMER = '8613900000001';
let sandbox: RunningSandbox;
const { a: owner, b: other, seat } = useTenants(t);
let tenantId: string;
let numberId: string;
let phoneNumberId: string;

beforeAll(async () => {
  sandbox = await startSandboxFor(t, {
    delays: { webhookFlushMs: 5, webhookRetryBaseMs: 20, webhookRetryMaxMs: 200 },
  });
  tenantId = owner.tenantId;
  let made: SandboxNumber;
  ({ numberId, made } = await seedSandboxNumber(t.pool, t.context.whatsapp, sandbox, tenantId));
  phoneNumberId = made.phone_number_id;
});
afterAll(() => sandbox?.stop());

/** A customer writes through the sandbox; its webhook is received and processed by the product. */
async function customerWrites(content: Record<string, unknown>): Promise<string> {
  const reply = await sandbox.control('POST', '/inbound', {
    phone_number_id: phoneNumberId,
    from: CUSTOMER,
    ...content,
  });
  if (reply.status !== 200) throw new Error(`inbound refused: ${JSON.stringify(reply.body)}`);
  await settleSandbox(t, sandbox, { fastForward: false });
  return (reply.body as { message_id: string }).message_id;
}

async function contactId(): Promise<string> {
  const { rows } = await t.pool.query('select id::text from contact where tenant_id = $1 and wa_id = $2', [
    tenantId,
    CUSTOMER,
  ]);
  return rows[0].id;
}

async function wholeHistory(token = owner.token): Promise<ChatMessage[]> {
  const reply = await t.get('/api/message/history', { token, query: { contactId: await contactId(), limit: '100' } });
  expect(reply.status).toBe(200);
  return reply.body.data.records;
}

const byMetaId = (records: ChatMessage[], metaId: string) =>
  records.find((record) => record.meta_message_id === metaId);

/** The message object of one of Meta's webhook examples. */
const example = (name: string) => (metaExamples[name]!.entry[0]!.changes[0]!.value as any).messages[0];

describe('every message type stored by the webhook intake reads back', () => {
  it('messages a sandbox customer sends', async () => {
    const sent = {
      text: await customerWrites({ type: 'text', text: 'line one\nline two https://example.com' }),
      image: await customerWrites({ type: 'image', caption: 'a photo' }),
      video: await customerWrites({ type: 'video' }),
      audio: await customerWrites({ type: 'audio' }),
      document: await customerWrites({ type: 'document', caption: 'the contract' }),
      sticker: await customerWrites({ type: 'sticker' }),
      location: await customerWrites({
        type: 'location',
        location: { latitude: 31.23, longitude: 121.47, name: 'The Bund', address: 'Zhongshan Rd' },
      }),
      unsupported: await customerWrites({ type: 'unsupported' }),
    };
    const records = await wholeHistory();
    for (const [type, metaId] of Object.entries(sent)) {
      const record = byMetaId(records, metaId);
      expect(record, type).toMatchObject({ type, direction: 'in', status: 'received', contact_wa_id: CUSTOMER });
      expect(record?.body.type).toBe(type);
    }
    expect(byMetaId(records, sent.text)?.body.text).toEqual({ body: 'line one\nline two https://example.com' });
    expect(byMetaId(records, sent.image)?.body.image).toMatchObject({ caption: 'a photo', mime_type: 'image/png' });
    expect(byMetaId(records, sent.location)?.preview).toBe('[location] The Bund');
  });

  it("Meta's examples of every other kind, through the signed webhook", async () => {
    const now = Math.floor(Date.now() / 1000);
    const names = [
      'Text Message with Context (Product Inquiry)',
      'Reaction Message',
      'Contact Sharing Message',
      'Button Message',
      'Interactive List Reply Message',
      'Interactive Button Reply Message',
      'Order Message',
    ];
    const messages = names.map((name, index) => ({
      ...example(name),
      from: CUSTOMER,
      id: `wamid.example-${index}`,
      timestamp: String(now - 60 + index),
    }));
    messages.push({
      from: CUSTOMER,
      id: 'wamid.example-nfm',
      timestamp: String(now - 10),
      type: 'interactive',
      interactive: { type: 'nfm_reply', nfm_reply: { name: 'flow', body: 'Sent', response_json: '{"a":1}' } },
    });
    messages.push({
      from: CUSTOMER,
      id: 'wamid.example-new-kind',
      timestamp: String(now - 5),
      type: 'hologram',
      hologram: {},
    });
    await deliver(t, inboundPayload(phoneNumberId, CUSTOMER, messages));
    const records = await wholeHistory();
    for (const message of messages) {
      const record = byMetaId(records, message.id);
      expect(record, message.type).toMatchObject({ type: message.type, direction: 'in' });
      expect(record?.body).toEqual(message);
    }
    expect(byMetaId(records, 'wamid.example-nfm')?.preview).toBe('Sent');
    expect(byMetaId(records, 'wamid.example-0')?.context_meta_id).toBe(example(names[0]!).context.id);

    // A number change is a system message; it moves the contact to its new wa_id.
    const system = { ...example('System Message'), id: 'wamid.example-system', timestamp: String(now) };
    await deliver(t, inboundPayload(phoneNumberId, system.from, [system]));
    const numberHistory = await t.get('/api/message/history', {
      token: owner.token,
      query: { numberId, limit: '1' },
    });
    expect(numberHistory.body.data.records[0]).toMatchObject({ type: 'system', body: system });
  });

  it('outbound template messages with their template, and replies with what they answer', async () => {
    const template = {
      id: await seedTemplate(t.pool, tenantId, numberId, { name: 'order_update' }),
      name: 'order_update',
    };
    const [queued] = await queueTemplate(t.pool, tenantId, numberId, template, [await contactId()]);
    const records = await wholeHistory();
    const outbound = records.find((record) => record.id === queued!.id);
    expect(outbound).toMatchObject({
      direction: 'out',
      type: 'template',
      status: 'queued',
      template_name: 'order_update',
      body: { template: { name: 'order_update', language: { code: 'en_US' } } },
    });

    const first = records.find((record) => record.type === 'text' && record.body.text)!;
    const answer = await customerWrites({ type: 'text', text: 'answering', context_message_id: first.meta_message_id });
    const reply = byMetaId(await wholeHistory(), answer);
    expect(reply).toMatchObject({ context_meta_id: first.meta_message_id, context_preview: first.preview });
  });
});

describe('GET /api/message/media', () => {
  const media = (query: Record<string, string>, token = owner.token) => t.get('/api/message/media', { token, query });

  it("streams an inbound file from the Cloud API with the number's token", async () => {
    const records = await wholeHistory();
    const image = records.find((record) => record.type === 'image')!;
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/message/media',
      query: { messageId: image.id, createdAt: image.created_at },
      headers: { token: owner.token },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/png');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const document = records.find((record) => record.type === 'document')!;
    const file = await media({ messageId: document.id, createdAt: document.created_at });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.body)).toMatch(/^%PDF/);
  });

  it('has nothing for messages without a file, unknown or foreign messages', async () => {
    const records = await wholeHistory();
    const text = records.find((record) => record.type === 'text')!;
    const image = records.find((record) => record.type === 'image')!;
    expect((await media({ messageId: text.id, createdAt: text.created_at })).status).toBe(404);
    const elsewhere = await media({ messageId: image.id, createdAt: '2020-01-01T00:00:00.000000Z' });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe('消息不存在');
    expect((await media({ messageId: image.id, createdAt: image.created_at }, other.token)).status).toBe(404);
    expect((await wholeHistory(owner.token)).length).toBeGreaterThan(0);
  });

  it('says when the Cloud API no longer has the file', async () => {
    const [image] = (await wholeHistory()).filter((record) => record.type === 'image');
    await sandbox.control('POST', '/reset', {});
    const reply = await media({ messageId: image!.id, createdAt: image!.created_at });
    expect(reply.status).toBe(404);
    expect(reply.body.message).toMatch(/^媒体文件已无法从 Cloud API 获取/);
  });

  it('names bad input and checks who asks', async () => {
    await expectBadInput(media, [
      [{ messageId: 'x', createdAt: '2025-01-01T00:00:00.000000Z' }, 'messageId'],
      [{ messageId: '1', createdAt: 'yesterday' }, 'createdAt'],
      [{ messageId: '1', createdAt: '2025-02-30T00:00:00Z' }, 'createdAt'],
      [{ messageId: '1' }, 'createdAt'],
    ]);
    expect(
      (await t.get('/api/message/media', { query: { messageId: '1', createdAt: '2025-01-01T00:00:00Z' } })).status,
    ).toBe(401);
    expect((await media({ messageId: '1', createdAt: '2025-01-01T00:00:00Z' }, seat.token)).status).toBe(404);
  });
});
