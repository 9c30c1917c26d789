/**
 * A drain batch's inbound messages stored set-based (inbound-buffer.ts, decision 0031): what one
 * statement per table must still get right when a batch holds the same contact, conversation or
 * message more than once, consent keywords beside texts, and two tenants with the same wa_id.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addRule, textMaterial } from '../../modules/autoreply/test-support.js';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import {
  deliver,
  EXAMPLE_WABA_ID,
  inboundPayload,
  recentUnix,
  rows,
  type SeededNumber,
  seedNumber,
  WEBHOOK_ENV,
} from './test-support.js';

const t = useTestApp(WEBHOOK_ENV);
const tenants = useTenants(t, 'inbatch');
const FIRST = '200000000004901';
const SECOND = '200000000004902';
const OTHER = '200000000004903';
let first: SeededNumber;
let second: SeededNumber;
let other: SeededNumber;

beforeAll(async () => {
  first = await seedNumber(t, { tenantId: tenants.a.tenantId, phoneNumberId: FIRST, wabaId: EXAMPLE_WABA_ID });
  second = await seedNumber(t, {
    tenantId: tenants.a.tenantId,
    phoneNumberId: SECOND,
    wabaId: '400000000004902',
  });
  other = await seedNumber(t, { tenantId: tenants.b.tenantId, phoneNumberId: OTHER, wabaId: '400000000004903' });
});

let sequence = 0;
/** A text message (its Meta id unique unless given) as its webhook's message. */
function text(body: string, options: { id?: string; at?: number } = {}) {
  sequence += 1;
  return {
    id: options.id ?? `wamid.batch-${sequence}-${Date.now()}`,
    timestamp: String(options.at ?? recentUnix()),
    type: 'text',
    text: { body },
  };
}

const messagesOf = (tenantId: string, waId: string) =>
  rows<{ id: string; meta_message_id: string; number_id: string; contact_id: string }>(
    t.pool,
    `select m.id::text, m.meta_message_id, m.number_id::text, m.contact_id::text from message m
       join contact c on c.tenant_id = m.tenant_id and c.id = m.contact_id
      where m.tenant_id = $1 and c.wa_id = $2 and m.direction = 'in' order by m.id`,
    [tenantId, waId],
  );

const conversationsOf = (tenantId: string, waId: string) =>
  rows<{ number_id: string; unread: number; status: string; last_inbound_at: Date }>(
    t.pool,
    `select v.number_id::text, v.unread, v.status, v.last_inbound_at from conversation v
       join contact c on c.tenant_id = v.tenant_id and c.id = v.contact_id
      where v.tenant_id = $1 and c.wa_id = $2 order by v.number_id`,
    [tenantId, waId],
  );

describe('a batch of inbound messages', () => {
  it('stores two messages of the same new contact in one batch under one contact and conversation, in order', async () => {
    const at = recentUnix();
    const earlier = text('one', { at: at - 1 });
    const later = text('two', { at });
    await deliver(
      t,
      inboundPayload(FIRST, '447700949001', [earlier], ''),
      inboundPayload(FIRST, '447700949001', [later], 'Named Later'),
    );
    const contacts = await rows(
      t.pool,
      `select name, number_id::text from contact where tenant_id = $1 and wa_id = $2`,
      [first.tenantId, '447700949001'],
    );
    // The first name the batch gave fills the empty one.
    expect(contacts).toEqual([{ name: 'Named Later', number_id: first.numberId }]);
    const messages = await messagesOf(first.tenantId, '447700949001');
    expect(messages.map((m) => m.meta_message_id)).toEqual([earlier.id, later.id]);
    expect(await conversationsOf(first.tenantId, '447700949001')).toEqual([
      { number_id: first.numberId, unread: 2, status: 'open', last_inbound_at: new Date(at * 1000) },
    ]);
  });

  it('stores a message delivered twice in one batch, and again in a later batch, once', async () => {
    const message = text('twice');
    const payload = inboundPayload(FIRST, '447700949002', [message]);
    await deliver(t, payload, inboundPayload(FIRST, '447700949002', [message, message]));
    await deliver(t, payload);
    expect((await messagesOf(first.tenantId, '447700949002')).map((m) => m.meta_message_id)).toEqual([message.id]);
    expect(await conversationsOf(first.tenantId, '447700949002')).toMatchObject([{ unread: 1 }]);
  });

  it('keeps one contact for messages from two numbers, with a conversation on each', async () => {
    await deliver(
      t,
      inboundPayload(FIRST, '447700949003', [text('to the first')]),
      inboundPayload(SECOND, '447700949003', [text('to the second')]),
    );
    const messages = await messagesOf(first.tenantId, '447700949003');
    expect(messages.map((m) => m.number_id)).toEqual([first.numberId, second.numberId]);
    expect(new Set(messages.map((m) => m.contact_id)).size).toBe(1);
    // A new contact belongs to the number its first message came to.
    expect(
      await rows(t.pool, `select number_id::text from contact where tenant_id = $1 and wa_id = $2`, [
        first.tenantId,
        '447700949003',
      ]),
    ).toEqual([{ number_id: first.numberId }]);
    expect((await conversationsOf(first.tenantId, '447700949003')).map((v) => [v.number_id, v.unread])).toEqual([
      [first.numberId, 1],
      [second.numberId, 1],
    ]);
  });

  it('opts out on a STOP in the same batch as a text, and the text after it gets no keyword reply', async () => {
    const material = await textMaterial(t, tenants.a, 'Our prices');
    await addRule(t, tenants.a, material, { keywords: ['price'], matchMode: 'contains' });
    const at = recentUnix();
    await deliver(
      t,
      inboundPayload(FIRST, '447700949004', [text('STOP', { at: at - 1 })]),
      inboundPayload(FIRST, '447700949004', [text('what price?', { at })]),
      inboundPayload(FIRST, '447700949005', [text('what price?', { at })]),
    );
    const consent = await rows(
      t.pool,
      `select wa_id, opt_out_channel from contact where tenant_id = $1 and wa_id in ('447700949004', '447700949005')
        order by wa_id`,
      [first.tenantId],
    );
    expect(consent).toEqual([
      { wa_id: '447700949004', opt_out_channel: 'keyword' },
      { wa_id: '447700949005', opt_out_channel: null },
    ]);
    expect((await messagesOf(first.tenantId, '447700949004')).length).toBe(2);
    const replies = await rows(
      t.pool,
      `select c.wa_id from auto_reply r join contact c on c.tenant_id = r.tenant_id and c.id = r.contact_id
        where r.tenant_id = $1 and c.wa_id in ('447700949004', '447700949005')`,
      [first.tenantId],
    );
    expect(replies).toEqual([{ wa_id: '447700949005' }]);
  });

  it('keeps a contact of another tenant with the same wa_id apart, even under the same Meta id', async () => {
    const message = text('hello', { id: `wamid.both-tenants-${Date.now()}` });
    await deliver(
      t,
      inboundPayload(FIRST, '447700949006', [message], 'In A'),
      inboundPayload(OTHER, '447700949006', [message], 'In B'),
    );
    const contacts = await rows(
      t.pool,
      `select tenant_id, name, id::text from contact where wa_id = '447700949006' order by tenant_id`,
    );
    expect(contacts.map((c) => [c.tenant_id, c.name])).toEqual(
      [
        [first.tenantId, 'In A'],
        [other.tenantId, 'In B'],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    const inA = await messagesOf(first.tenantId, '447700949006');
    const inB = await messagesOf(other.tenantId, '447700949006');
    expect(inA).toMatchObject([{ meta_message_id: message.id, number_id: first.numberId }]);
    expect(inB).toMatchObject([{ meta_message_id: message.id, number_id: other.numberId }]);
    expect(inA[0]?.contact_id).not.toBe(inB[0]?.contact_id);
    expect(contacts.map((c) => c.id).sort()).toEqual([inA[0]?.contact_id, inB[0]?.contact_id].sort());
  });

  it('follows a number change between two texts of one batch: the later text finds the moved contact', async () => {
    const at = recentUnix();
    await deliver(
      t,
      inboundPayload(FIRST, '447700949007', [text('before', { at: at - 2 })]),
      inboundPayload(FIRST, '447700949007', [
        {
          id: `wamid.moved-${Date.now()}`,
          timestamp: String(at - 1),
          type: 'system',
          system: { body: 'changed', wa_id: '447700949008', type: 'user_changed_number' },
        },
      ]),
      inboundPayload(FIRST, '447700949008', [text('after', { at })]),
    );
    expect(
      await rows(t.pool, `select 1 from contact where tenant_id = $1 and wa_id = '447700949007'`, [first.tenantId]),
    ).toEqual([]);
    const messages = await messagesOf(first.tenantId, '447700949008');
    expect(messages).toHaveLength(3);
    expect(new Set(messages.map((m) => m.contact_id)).size).toBe(1);
    // The notice is not the user writing: two unread.
    expect(await conversationsOf(first.tenantId, '447700949008')).toMatchObject([{ unread: 2 }]);
  });
});
