import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../../test/test-app.js';
import { newCampaign } from '../campaigns/test-support.js';
import {
  conversationWith,
  customersWrite,
  type InboxNumber,
  inboxNumber,
  newCustomer,
  useInboxApp,
} from '../inbox/test-support.js';

// The settings the platform enforces on a tenant (decision 0027): mass (campaigns), forced
// translation and read receipts, each where the tenant's users act.
const { t, a, b } = useInboxApp('limits');
const EN = { 'accept-language': 'en' };
let admin: string;
let number: InboxNumber;
beforeAll(async () => {
  admin = (await t.signIn('admin', ADMIN_PASSWORD)).access_token;
  number = await inboxNumber(t, a.tenantId);
});

const setting = async (path: string, body: object) => {
  const reply = await t.post(path, { token: admin, body: { tenantId: a.tenantId, ...body } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
};

describe('mass off', () => {
  it('refuses adding and starting campaigns with a 403 saying why, for that tenant only', async () => {
    const body = newCampaign('1', '1', '1');
    await setting('/api/auth/mass', { mass: false });
    try {
      for (const [path, request] of [
        ['/api/btmsg/add', body],
        ['/api/power/add', body],
        ['/api/btmsg/operation', { id: '1', action: 'start' }],
        ['/api/power/operation', { id: '1', action: 'resume' }],
        ['/api/btmsg/operation', { id: '1', action: 'resend' }],
      ] as const) {
        const reply = await t.post(path, { token: a.token, headers: EN, body: request });
        expect(reply.status, path).toBe(403);
        expect(reply.body.message).toMatch(/Campaigns are turned off/);
      }
      // Pausing is no start: it goes on to look for the campaign.
      expect(
        (await t.post('/api/btmsg/operation', { token: a.token, body: { id: '1', action: 'pause' } })).status,
      ).toBe(404);
      // B may run campaigns: its request goes on to the checks (the number is not B's).
      expect((await t.post('/api/btmsg/add', { token: b.token, body })).status).toBe(404);
    } finally {
      await setting('/api/auth/mass', { mass: true });
    }
    expect((await t.post('/api/btmsg/add', { token: a.token, body })).status).toBe(404);
    expect((await t.post('/api/btmsg/operation', { token: a.token, body: { id: '1', action: 'start' } })).status).toBe(
      404,
    );
  });
});

describe('forced translation', () => {
  it('turns every conversation of the tenant to translating, new ones too, and agents cannot turn it off', async () => {
    const before = newCustomer();
    await customersWrite(t, number, [{ waId: before, text: 'hola' }]);
    const existing = await conversationWith(t, number, before);
    const translating = (id: string) =>
      t.pool.query<{ translate: boolean }>('select translate from conversation where id = $1', [id]);
    expect((await translating(existing.id)).rows[0]?.translate).toBe(false);

    await setting('/api/auth/setforce', { force: true });
    expect((await translating(existing.id)).rows[0]?.translate).toBe(true);
    const after = newCustomer();
    await customersWrite(t, number, [{ waId: after, text: 'bonjour' }]);
    const created = await conversationWith(t, number, after);
    expect((await translating(created.id)).rows[0]?.translate).toBe(true);
    const off = await t.post('/api/inbox/translation', {
      token: a.token,
      headers: EN,
      body: { conversationId: created.id, translate: false },
    });
    expect(off.status).toBe(403);
    expect(off.body.message).toMatch(/^translate: .*compulsory/);
    // B is not forced: its new conversations start untranslated.
    const numberB = await inboxNumber(t, b.tenantId);
    const bWaId = newCustomer();
    await customersWrite(t, numberB, [{ waId: bWaId, text: 'hallo' }]);
    expect((await translating((await conversationWith(t, numberB, bWaId)).id)).rows[0]?.translate).toBe(false);

    await setting('/api/auth/setforce', { force: false });
    const allowed = await t.post('/api/inbox/translation', {
      token: a.token,
      body: { conversationId: created.id, translate: false },
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
  });
});

describe('read receipts', () => {
  const receipts = async (conversationKey: string) =>
    (
      await t.pool.query(
        `select 1 from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
          where k.identifier = 'inbox_read_receipt' and j.key = $1`,
        [conversationKey],
      )
    ).rowCount;

  it('sends none when an agent opens a conversation while the platform turned them off', async () => {
    await setting('/api/auth/setreadgm', { readReceipts: false });
    const quiet = newCustomer();
    await customersWrite(t, number, [{ waId: quiet, text: 'seen?' }]);
    const conversation = await conversationWith(t, number, quiet);
    const opened = await t.post('/api/inbox/open', { token: a.token, body: { conversationId: conversation.id } });
    expect(opened.status).toBe(200);
    expect(await receipts(`inbox_read_receipt:${a.tenantId}:${conversation.id}`)).toBe(0);

    await setting('/api/auth/setreadgm', { readReceipts: true });
    const told = newCustomer();
    await customersWrite(t, number, [{ waId: told, text: 'seen now?' }]);
    const second = await conversationWith(t, number, told);
    await t.post('/api/inbox/open', { token: a.token, body: { conversationId: second.id } });
    expect(await receipts(`inbox_read_receipt:${a.tenantId}:${second.id}`)).toBe(1);
  });
});
