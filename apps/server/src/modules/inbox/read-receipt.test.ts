import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedNumber } from '../../test/whatsapp-fixtures.js';
import { startGraphServer, type TestServer } from '../../whatsapp/cloud-api/test-servers.js';
import { conversationWith, customersWrite, type InboxNumber, newCustomer, useInboxApp } from './test-support.js';

// Opening a conversation sends the customer the read receipt of its newest message, through the
// worker, to the number's Cloud API (a local stand-in here).
const { t, a: operator } = useInboxApp('receipt', { worker: true });
let graph: TestServer;
let number: InboxNumber;

beforeAll(async () => {
  graph = await startGraphServer(() => ({ json: { success: true } }));
  const seeded = await seedNumber(t.pool, t.context.whatsapp, operator.tenantId, { apiBaseUrl: graph.url });
  number = { numberId: seeded.numberId, phoneNumberId: seeded.phoneNumberId };
});
afterAll(() => graph.close());

describe('the read receipt', () => {
  it("marks the customer's newest message read at Meta when an agent opens the conversation", async () => {
    const waId = newCustomer();
    await customersWrite(t, number, [{ waId, text: 'first' }]);
    await customersWrite(t, number, [{ waId, text: 'second' }]);
    const conversation = await conversationWith(t, number, waId);
    expect(conversation.unread).toBe(2);
    const { rows } = await t.pool.query<{ meta_message_id: string }>(
      `select meta_message_id from message where tenant_id = $1 and contact_id = $2 and preview = 'second'`,
      [operator.tenantId, conversation.contact_id],
    );

    const opened = await t.post('/api/inbox/open', {
      token: operator.token,
      body: { conversationId: conversation.id },
    });
    expect(opened.status).toBe(200);
    await vi.waitFor(() => expect(graph.requests).toHaveLength(1), { timeout: 15_000 });
    const [request] = graph.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/v23.0/${number.phoneNumberId}/messages`);
    expect(request?.json).toEqual({
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: rows[0]?.meta_message_id,
    });
  });

  it('shows the customer "typing…" with the receipt when the agent types a reply, only inside the window', async () => {
    const waId = newCustomer();
    await customersWrite(t, number, [{ waId, text: 'are you there?' }]);
    const conversation = await conversationWith(t, number, waId);
    const before = graph.requests.length;
    const typing = await t.post('/api/inbox/typing', {
      token: operator.token,
      body: { conversationId: conversation.id },
    });
    expect(typing.status).toBe(200);
    await vi.waitFor(() => expect(graph.requests.length).toBe(before + 1), { timeout: 15_000 });
    expect(graph.requests.at(-1)?.json).toMatchObject({ status: 'read', typing_indicator: { type: 'text' } });

    await t.pool.query(`update conversation set last_inbound_at = now() - interval '25 hours' where id = $1`, [
      conversation.id,
    ]);
    const closed = await t.post('/api/inbox/typing', {
      token: operator.token,
      body: { conversationId: conversation.id },
    });
    expect(closed.status).toBe(409);
  });
});
