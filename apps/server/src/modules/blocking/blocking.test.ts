import { calls } from '@ws/contract';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db/pool.js';
import { expectBadInput } from '../../test/bad-input.js';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { type SignedIn, signedInSeat } from '../../test/tenants.js';
import type { LaneTransport, OutboundMessage } from '../../whatsapp/governor/lane-transport.js';
import { queueMessages } from '../../whatsapp/governor/queue-messages.js';
import { SendLane } from '../../whatsapp/governor/send-lane.js';
import { type TemplateNumber, useTemplateWorld } from '../templates/test-support.js';

// The template tests' world: the app listening, a sandbox posting its signed webhooks to it,
// a sandbox number of tenant A and one of tenant B.
const world = useTemplateWorld();
const { t, tenants } = world;
let otherSeat: SignedIn;

/**
 * A customer writes to the number through the sandbox; the product records the contact and the
 * conversation, given to `assignee` when named (else it waits in the number's queue).
 */
async function customerWrites(
  number: TemplateNumber,
  waId: string,
  assignee: string | null = null,
): Promise<{ contactId: string; conversationId: string }> {
  const reply = await world.sandbox.control('POST', '/inbound', {
    phone_number_id: number.made.phone_number_id,
    from: waId,
    type: 'text',
    text: 'you will regret this',
  });
  expect(reply.status).toBe(200);
  await world.settle();
  const { rows } = await t.pool.query<{ contact_id: string; conversation_id: string }>(
    `update conversation v set assignee_user_id = $3
       from contact c
      where c.tenant_id = v.tenant_id and c.id = v.contact_id and v.number_id = $1 and c.wa_id = $2
     returning v.contact_id::text, v.id::text as conversation_id`,
    [number.id, waId, assignee],
  );
  const row = rows[0];
  if (!row) throw new Error(`no conversation for ${waId}`);
  return { contactId: row.contact_id, conversationId: row.conversation_id };
}

const blocklist = async (number: TemplateNumber) => {
  const reply = await world.sandbox.control(
    'GET',
    `/messages?direction=in&phone_number_id=${number.made.phone_number_id}`,
  );
  return reply.body as { status: string }[];
};
const sandboxBlocklist = (number: TemplateNumber) =>
  fetch(`${world.sandbox.url}/v23.0/${number.made.phone_number_id}/block_users`, {
    headers: { authorization: `Bearer ${number.made.access_token}` },
  }).then((response) => response.json() as Promise<{ data: { wa_id: string }[] }>);

const block = (body: object, options: { token?: string; language?: 'zh' | 'en' } = {}) =>
  world.post(calls.inboxBlock.path, body, options);
const unblock = (body: object, options: { token?: string } = {}) => world.post(calls.inboxUnblock.path, body, options);
const state = (query: Record<string, string>, token = tenants.a.token) =>
  t.get(calls.inboxBlockState.path, { token, query });

beforeAll(async () => {
  otherSeat = await signedInSeat(t, tenants.a.tenantId);
});

describe('blocking an abusive customer', () => {
  it('blocks at the Cloud API and records it; the customer reaches the number no more; unblock undoes it', async () => {
    const { contactId, conversationId } = await customerWrites(world.numberA, '447700900001');
    const target = { conversationId };
    expect((await state(target)).body.data).toMatchObject({ blocked: false, blocked_at: null });

    const blocked = await block(target);
    expect(blocked.status).toBe(200);
    expect(blocked.body.data).toMatchObject({
      conversation_id: conversationId,
      number_id: world.numberA.id,
      contact_id: contactId,
      blocked: true,
      blocked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      blocked_by_name: expect.any(String),
    });
    expect((await sandboxBlocklist(world.numberA)).data.map((user) => user.wa_id)).toEqual(['447700900001']);
    expect((await state(target)).body.data.blocked).toBe(true);
    // Blocking again is harmless: Meta keeps one entry, the first block's time stays.
    const again = await block(target);
    expect(again.body.data.blocked_at).toBe(blocked.body.data.blocked_at);

    await world.sandbox.control('POST', '/inbound', {
      phone_number_id: world.numberA.made.phone_number_id,
      from: '447700900001',
      type: 'text',
      text: 'are you there?',
    });
    await world.settle();
    expect((await blocklist(world.numberA)).map((message) => message.status)).toEqual(['received', 'blocked']);
    const { rows } = await t.pool.query('select count(*)::int as n from message where contact_id = $1', [contactId]);
    expect(rows[0].n).toBe(1);

    const unblocked = await unblock(target);
    expect(unblocked.status).toBe(200);
    expect(unblocked.body.data).toMatchObject({ blocked: false, blocked_at: null, blocked_by_name: null });
    expect((await sandboxBlocklist(world.numberA)).data).toEqual([]);
  });

  it('the governor refuses every message to a blocked customer, with the reason, and sends again after unblocking', async () => {
    const { contactId, conversationId } = await customerWrites(world.numberA, '447700900002');
    await block({ conversationId });
    const sent: OutboundMessage[] = [];
    const transport: LaneTransport = {
      async send(_number, message) {
        sent.push(message);
        return `wamid.blocking.${sent.length}`;
      },
      verdict: () => ({ kind: 'unknown', title: 'no send was expected' }),
    };
    const sendText = async (body: string) => {
      await withTransaction(t.pool, (client) =>
        queueMessages(client, tenants.a.tenantId, [
          { numberId: world.numberA.id, contactId, type: 'text', content: { text: { body } } },
        ]),
      );
      await new SendLane(tenants.a.tenantId, world.numberA.id, {
        pool: t.pool,
        cipher: t.context.whatsapp.tokenCipher,
        transport,
        logger: pino({ level: 'silent' }),
      }).run();
    };
    await sendText('a reply in the open window');
    const statuses = () =>
      t.pool
        .query(`select status, error_title from message where contact_id = $1 and direction = 'out' order by id`, [
          contactId,
        ])
        .then((result) => result.rows);
    expect(sent).toEqual([]);
    expect(await statuses()).toEqual([{ status: 'refused', error_title: 'blocked' }]);

    await unblock({ conversationId });
    await sendText('sorry, go ahead');
    expect(sent.map((message) => message.to)).toEqual(['447700900002']);
    expect((await statuses()).map((row) => row.status)).toEqual(['refused', 'accepted']);
  });

  it("lets a seat block only in its inbox's conversations; another seat, tenant B and strangers get 404s", async () => {
    const mine = await customerWrites(world.numberA, '447700900004', tenants.seat.userId);
    const target = { conversationId: mine.conversationId };
    expect((await block(target, { token: otherSeat.token })).status).toBe(404);
    expect((await state(target, otherSeat.token)).status).toBe(404);
    expect((await block(target, { token: tenants.b.token })).status).toBe(404);
    const own = await block(target, { token: tenants.seat.token });
    expect(own.status).toBe(200);
    expect(own.body.data.blocked_by_name).toBe('seat user');
    expect((await state(target, tenants.seat.token)).body.data.blocked).toBe(true);
    expect((await unblock(target, { token: otherSeat.token })).status).toBe(404);
    expect((await unblock(target, { token: tenants.seat.token })).body.data.blocked).toBe(false);
  });

  it("refuses strangers and bad input, and treats tenant B's conversation as missing", async () => {
    const theirs = await customerWrites(world.numberB, '447700900005');
    for (const call of [calls.inboxBlock, calls.inboxUnblock, calls.inboxBlockState]) {
      await refusesStrangers(t, tenants, call, {
        valid: () => ({ conversationId: '1' }),
        bad: [
          [{}, 'conversationId'],
          [{ conversationId: 'x' }, 'conversationId'],
          [{ conversationId: '-3' }, 'conversationId'],
        ],
        onlyStrangers: { body: () => ({ conversationId: theirs.conversationId }), field: 'conversationId' },
      });
    }
    await expectBadInput((body) => block(body, { language: 'zh' }), [[{ numberId: '1' }, 'conversationId']]);
    const missing = await block({ conversationId: '999999999' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('conversationId: Conversation not found');
  });

  // Last: it moves the sandbox's clock a day on.
  it("answers Meta's refusal as a 409 naming the conversation: only a customer who wrote in 24 hours may be blocked", async () => {
    const { conversationId } = await customerWrites(world.numberA, '447700900003');
    await world.sandbox.control('POST', '/clock', { advance_ms: 25 * 3600_000 });
    const zh = await block({ conversationId }, { language: 'zh' });
    expect(zh.status).toBe(409);
    expect(zh.body.message).toMatch(/^conversationId: 只能拉黑 24 小时内.*#131047/);
    const en = await block({ conversationId });
    expect(en.body.message).toMatch(/^conversationId: only a customer who wrote to this number in the last 24 hours/);
    expect((await state({ conversationId })).body.data.blocked).toBe(false);
  });
});
