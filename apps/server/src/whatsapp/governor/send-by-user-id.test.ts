/**
 * A user who hides their phone behind a username, end to end: they write through the sandbox, the
 * webhook intake makes them a contact known only by BSUID, the send lane answers them by
 * `recipient`, and the sandbox's status webhooks come back and move the message forward.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { instantDelays, quietBehaviour } from '../../sandbox/test/kit.js';
import { runSendLane, settleSandbox, startSandboxFor } from '../../test/sandbox-app.js';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import {
  queueTemplate,
  type SandboxNumber,
  seedSandboxNumber,
  seedSandboxTemplate,
} from '../../test/whatsapp-fixtures.js';
import { WEBHOOK_ENV } from '../webhooks/test-support.js';

const t = useTestApp(WEBHOOK_ENV);
const { a, b } = useTenants(t, 'send-by-user-id');
const HIDDEN = '8613900000071';
let sandbox: RunningSandbox;
let numberId: string;
let made: SandboxNumber;

beforeAll(async () => {
  sandbox = await startSandboxFor(t, { behaviour: quietBehaviour, delays: instantDelays });
  ({ numberId, made } = await seedSandboxNumber(t.pool, t.context.whatsapp, sandbox, a.tenantId));
  const customer = await sandbox.control('POST', '/customers', {
    wa_id: HIDDEN,
    name: 'Li Wei',
    username: 'li.wei',
    hides_phone: true,
  });
  expect(customer.status).toBe(201);
});
afterAll(() => sandbox?.stop());

const settle = () => settleSandbox(t, sandbox);

describe('a user known only by business-scoped user id', () => {
  it('writes in, is answered by recipient, and the statuses come back', async () => {
    const wrote = await sandbox.control('POST', '/inbound', {
      phone_number_id: made.phone_number_id,
      from: HIDDEN,
      type: 'text',
      text: 'hello from behind a username',
    });
    expect(wrote.status).toBe(200);
    await settle();
    const { rows: contacts } = await t.pool.query(
      `select id::text, wa_id, user_id, username, name from contact where tenant_id = $1 and username = 'li.wei'`,
      [a.tenantId],
    );
    expect(contacts).toEqual([
      {
        id: expect.any(String),
        wa_id: null,
        user_id: expect.stringMatching(/^CN\.\d+$/),
        username: 'li.wei',
        name: 'Li Wei',
      },
    ]);
    const contact = contacts[0] as { id: string; user_id: string };

    const templateId = await seedSandboxTemplate(
      t.pool,
      sandbox,
      a.tenantId,
      { numberId, wabaId: made.waba_id },
      { name: 'order_shipped', category: 'UTILITY', text: 'Your order shipped.' },
    );
    const [queued] = await queueTemplate(t.pool, a.tenantId, numberId, { id: templateId, name: 'order_shipped' }, [
      contact.id,
    ]);
    await runSendLane(t, a.tenantId, numberId);

    // The request reached the sandbox addressed by recipient, not to.
    const sent = sandbox.sandbox.store.messages.list().filter((message) => message.direction === 'out');
    expect(sent).toHaveLength(1);
    const request = JSON.parse(String(sent[0]!.body));
    expect(request).toMatchObject({ recipient: contact.user_id, recipient_type: 'individual' });
    expect(request.to).toBeUndefined();

    await settle();
    const { rows: messages } = await t.pool.query(
      'select status, delivered_at is not null as delivered, read_at is not null as was_read from message where tenant_id = $1 and id = $2',
      [a.tenantId, queued!.id],
    );
    expect(messages).toEqual([{ status: 'read', delivered: true, was_read: true }]);
    const { rows: events } = await t.pool.query(
      `select outcome, problem from webhook_event where tenant_id = $1 and outcome <> 'processed'`,
      [a.tenantId],
    );
    expect(events).toEqual([]);
  });

  it('is shown, and found by username or BSUID, in the contact list of its tenant only', async () => {
    const list = (search: string, token = a.token) =>
      t.post('/api/friend/list', { token, body: { page: 1, pageSize: 10, filters: { search } } });
    const byUsername = await list('li.wei');
    expect(byUsername.status).toBe(200);
    expect(byUsername.body.data.records).toEqual([
      expect.objectContaining({ wa_id: null, username: 'li.wei', user_id: expect.stringMatching(/^CN\./) }),
    ]);
    const userId = byUsername.body.data.records[0].user_id as string;
    expect((await list(userId)).body.data.records.map((record: { username: string }) => record.username)).toEqual([
      'li.wei',
    ]);
    // Typed in lower case, the country prefix still matches; a part of a BSUID is not a search for it.
    expect((await list(userId.toLowerCase())).body.data.records).toHaveLength(1);
    expect((await list(userId.slice(0, -1))).body.data.records).toEqual([]);
    expect((await list('li.wei', b.token)).body.data.records).toEqual([]);
    expect((await list(userId, b.token)).body.data.records).toEqual([]);
  });

  it('shows the chat record of that contact with its username and BSUID', async () => {
    const { rows } = await t.pool.query(`select id::text from contact where tenant_id = $1 and username = 'li.wei'`, [
      a.tenantId,
    ]);
    const contactId = rows[0].id as string;
    const history = await t.get('/api/message/history', { token: a.token, query: { contactId, limit: '10' } });
    expect(history.status).toBe(200);
    expect(history.body.data.contact).toMatchObject({ wa_id: null, username: 'li.wei', user_id: expect.any(String) });
    expect(history.body.data.records[0]).toMatchObject({ contact_wa_id: null, contact_username: 'li.wei' });
    const conversations = await t.post('/api/message/conversations', {
      token: a.token,
      body: { page: 1, pageSize: 10, filters: { search: 'li.wei' } },
    });
    expect(conversations.status).toBe(200);
    expect(conversations.body.data.records).toEqual([
      expect.objectContaining({ contact_id: contactId, contact_wa_id: null, contact_username: 'li.wei' }),
    ]);
    const theirs = await t.get('/api/message/history', { token: b.token, query: { contactId, limit: '10' } });
    expect(theirs.status).toBe(404);
  });
});
