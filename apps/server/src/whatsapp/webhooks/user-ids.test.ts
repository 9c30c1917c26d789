/**
 * Users known by a business-scoped user id (BSUID) and username, with or without a phone number:
 * their messages are stored on the right contact, never lost and never merged wrongly.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import {
  changePayload,
  deliver,
  EXAMPLE_WABA_ID,
  insertOutbound,
  recentUnix,
  rows,
  type SeededNumber,
  seedNumber,
  WEBHOOK_ENV,
} from './test-support.js';

const t = useTestApp(WEBHOOK_ENV);
const PHONE_NUMBER_ID = '200000000000071';
let number: SeededNumber;
/** Another portfolio of the same tenant: its BSUIDs name other people. */
let otherPortfolio: SeededNumber;
/** Another tenant, sharing nothing. */
let stranger: SeededNumber;

beforeAll(async () => {
  number = await seedNumber(t, { tenantId: '370001', phoneNumberId: PHONE_NUMBER_ID, wabaId: EXAMPLE_WABA_ID });
  otherPortfolio = await seedNumber(t, {
    tenantId: '370001',
    phoneNumberId: '200000000000072',
    wabaId: '900000000000072',
    phone: '+1 555-078-3882',
  });
  stranger = await seedNumber(t, { tenantId: '370002', phoneNumberId: '200000000000073', wabaId: '900000000000073' });
});

interface Sender {
  waId?: string;
  userId?: string;
  username?: string;
  name?: string;
}

let sequence = 0;
/** A text message as Meta sends it: from / from_user_id, and the contact entry with wa_id / user_id. */
function textFrom(sender: Sender, body = 'hello', phoneNumberId = PHONE_NUMBER_ID, extra: object = {}) {
  sequence += 1;
  return changePayload(EXAMPLE_WABA_ID, {
    field: 'messages',
    value: {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
      contacts: [
        {
          profile: { name: sender.name ?? 'Ann Lee', ...(sender.username ? { username: sender.username } : {}) },
          ...(sender.waId ? { wa_id: sender.waId } : {}),
          ...(sender.userId ? { user_id: sender.userId } : {}),
        },
      ],
      messages: [
        {
          ...(sender.waId ? { from: sender.waId } : {}),
          ...(sender.userId ? { from_user_id: sender.userId } : {}),
          id: `wamid.user-ids.${sequence}`,
          timestamp: String(recentUnix(1)),
          type: 'text',
          text: { body },
          ...extra,
        },
      ],
    },
  });
}

interface ContactRow {
  id: string;
  wa_id: string | null;
  user_id: string | null;
  user_portfolio_id: string | null;
  username: string | null;
  name: string;
  opted_out_at: Date | null;
}

const contactsOf = (tenantId: string, where: string, values: unknown[]) =>
  rows<ContactRow>(
    t.pool,
    `select id::text, wa_id, user_id, user_portfolio_id::text, username, name, opted_out_at
       from contact where tenant_id = $1 and (${where}) order by id`,
    [tenantId, ...values],
  );

const messagesOf = (tenantId: string, contactId: string) =>
  rows<{ meta_message_id: string }>(
    t.pool,
    `select meta_message_id from message where tenant_id = $1 and contact_id = $2 order by created_at, id`,
    [tenantId, contactId],
  );

const lastEvent = async () =>
  (
    await rows<{ outcome: string; problem: string | null }>(
      t.pool,
      'select outcome, problem from webhook_event order by id desc limit 1',
    )
  )[0]!;

describe('users known by business-scoped user id', () => {
  it('stores a message that names its sender by from_user_id only, on a new contact without phone', async () => {
    await deliver(t, textFrom({ userId: 'US.10000000000000000001', username: 'ann.lee' }));
    expect(await lastEvent()).toEqual({ outcome: 'processed', problem: null });
    const [contact, ...more] = await contactsOf(number.tenantId, 'user_id = $2', ['US.10000000000000000001']);
    expect(more).toEqual([]);
    expect(contact).toMatchObject({
      wa_id: null,
      user_portfolio_id: number.portfolioId,
      username: 'ann.lee',
      name: 'Ann Lee',
    });
    expect(await messagesOf(number.tenantId, contact!.id)).toHaveLength(1);
    const [conversation] = await rows<{ unread: number }>(
      t.pool,
      'select unread from conversation where tenant_id = $1 and contact_id = $2',
      [number.tenantId, contact!.id],
    );
    expect(conversation?.unread).toBe(1);
  });

  it('gives that contact its phone number when a later webhook carries both', async () => {
    await deliver(t, textFrom({ userId: 'US.10000000000000000002', username: 'bo' }, 'first'));
    await deliver(t, textFrom({ waId: '8613800000002', userId: 'US.10000000000000000002', username: 'bo.new' }));
    const found = await contactsOf(number.tenantId, 'user_id = $2 or wa_id = $3', [
      'US.10000000000000000002',
      '8613800000002',
    ]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ wa_id: '8613800000002', username: 'bo.new' });
    expect(await messagesOf(number.tenantId, found[0]!.id)).toHaveLength(2);
  });

  it('gives a phone contact its BSUID when a webhook carries both', async () => {
    await deliver(t, textFrom({ waId: '8613800000003' }));
    await deliver(t, textFrom({ waId: '8613800000003', userId: 'CN.10000000000000000003' }));
    const found = await contactsOf(number.tenantId, 'wa_id = $2', ['8613800000003']);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ user_id: 'CN.10000000000000000003', user_portfolio_id: number.portfolioId });
  });

  it('does not merge two contacts the webhook names as one person, and says so', async () => {
    await deliver(t, textFrom({ waId: '8613800000004', name: 'Phone Person' }));
    await deliver(t, textFrom({ userId: 'CN.10000000000000000004', name: 'Username Person' }));
    await deliver(t, textFrom({ waId: '8613800000004', userId: 'CN.10000000000000000004' }, 'both'));
    const event = await lastEvent();
    expect(event.outcome).toBe('processed');
    expect(event.problem).toMatch(/wa_id 8613800000004 .* user_id CN\.10000000000000000004 .* not merged/);
    const [byPhone, byUserId] = await contactsOf(number.tenantId, 'wa_id = $2 or user_id = $3', [
      '8613800000004',
      'CN.10000000000000000004',
    ]);
    expect(byPhone).toMatchObject({ wa_id: '8613800000004', user_id: null, name: 'Phone Person' });
    expect(byUserId).toMatchObject({ wa_id: null, user_id: 'CN.10000000000000000004', name: 'Username Person' });
    // The message goes where its phone number points.
    expect(await messagesOf(number.tenantId, byPhone!.id)).toHaveLength(2);
    expect(await messagesOf(number.tenantId, byUserId!.id)).toHaveLength(1);
  });

  it('keeps a BSUID per portfolio and per tenant: the same text elsewhere is someone else', async () => {
    const userId = 'US.10000000000000000005';
    await deliver(t, textFrom({ userId }));
    await deliver(t, textFrom({ userId }, 'hi', '200000000000072'));
    await deliver(t, textFrom({ userId }, 'hi', '200000000000073'));
    const mine = await contactsOf(number.tenantId, 'user_id = $2', [userId]);
    expect(mine.map((contact) => contact.user_portfolio_id).sort()).toEqual(
      [number.portfolioId, otherPortfolio.portfolioId].sort(),
    );
    const theirs = await contactsOf(stranger.tenantId, 'user_id = $2', [userId]);
    expect(theirs).toHaveLength(1);
    expect(await messagesOf(stranger.tenantId, theirs[0]!.id)).toHaveLength(1);
  });

  it('follows user_changed_user_id: the contact keeps its history under the new BSUID', async () => {
    await deliver(t, textFrom({ userId: 'US.10000000000000000006' }));
    await deliver(
      t,
      textFrom({ userId: 'US.10000000000000000006' }, '', PHONE_NUMBER_ID, {
        type: 'system',
        text: undefined,
        system: {
          body: 'User changed their user id',
          type: 'user_changed_user_id',
          user_id: 'US.10000000000000000066',
        },
      }),
    );
    expect(await contactsOf(number.tenantId, 'user_id = $2', ['US.10000000000000000006'])).toEqual([]);
    const [moved] = await contactsOf(number.tenantId, 'user_id = $2', ['US.10000000000000000066']);
    expect(await messagesOf(number.tenantId, moved!.id)).toHaveLength(2);
  });

  it('opts out a user without phone who writes STOP', async () => {
    await deliver(t, textFrom({ userId: 'US.10000000000000000007' }, 'STOP'));
    const [contact] = await contactsOf(number.tenantId, 'user_id = $2', ['US.10000000000000000007']);
    expect(contact?.opted_out_at).toBeInstanceOf(Date);
  });

  it('applies statuses addressed by recipient_user_id, and a 131050 opts that user out', async () => {
    await deliver(t, textFrom({ userId: 'US.10000000000000000008' }));
    const [contact] = await contactsOf(number.tenantId, 'user_id = $2', ['US.10000000000000000008']);
    await insertOutbound(t.pool, number, 'wamid.to-user-id', { contactId: contact!.id });
    const status = (status: string, extra: object = {}) =>
      changePayload(EXAMPLE_WABA_ID, {
        field: 'messages',
        value: {
          messaging_product: 'whatsapp',
          metadata: { display_phone_number: '15550783881', phone_number_id: PHONE_NUMBER_ID },
          statuses: [
            {
              id: 'wamid.to-user-id',
              status,
              timestamp: String(recentUnix()),
              recipient_user_id: 'US.10000000000000000008',
              ...extra,
            },
          ],
        },
      });
    await deliver(t, status('delivered'));
    const [message] = await rows<{ status: string }>(
      t.pool,
      `select status from message where tenant_id = $1 and meta_message_id = 'wamid.to-user-id'`,
      [number.tenantId],
    );
    expect(message?.status).toBe('delivered');
    await deliver(t, status('failed', { errors: [{ code: 131050, title: 'stopped marketing' }] }));
    const [after] = await contactsOf(number.tenantId, 'id = $2', [contact!.id]);
    expect(after?.opted_out_at).toBeInstanceOf(Date);
  });

  it('marks a message naming no sender at all as not applied, and stores nothing of it', async () => {
    const before = await rows<{ n: number }>(t.pool, 'select count(*)::int as n from message where tenant_id = $1', [
      number.tenantId,
    ]);
    await deliver(t, textFrom({}));
    const event = await lastEvent();
    expect(event.outcome).toBe('partial');
    expect(event.problem).toMatch(/no from or from_user_id/);
    const after = await rows<{ n: number }>(t.pool, 'select count(*)::int as n from message where tenant_id = $1', [
      number.tenantId,
    ]);
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});
