import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import {
  deliver,
  EXAMPLE_PHONE_NUMBER_ID,
  EXAMPLE_WABA_ID,
  metaExamples,
  rows,
  type SeededNumber,
  seedNumber,
  WEBHOOK_ENV,
} from './test-support.js';

const t = useTestApp(WEBHOOK_ENV);
let number: SeededNumber;
const USER = '16505551234';
const GROUP = 'Y2FwaV9ncm91cDoxODA1NTU1MDE3MjoxMjAzNjMyMjI3NzE5NjMwNjcZD';

beforeAll(async () => {
  number = await seedNumber(t, {
    tenantId: '300001',
    phoneNumberId: EXAMPLE_PHONE_NUMBER_ID,
    wabaId: EXAMPLE_WABA_ID,
  });
});

interface MessageRow {
  type: string;
  preview: string;
  direction: string;
  status: string;
  created_at: Date;
  context_meta_id: string | null;
  body: Record<string, any>;
  wa_id: string;
}

/**
 * Delivers one of Meta's examples and returns the message rows it made. Meta's examples reuse a
 * message id (the image and the shared contact even share id and time, which makes the second a
 * redelivery of the first), so rows an earlier example left under the same id are removed first.
 */
async function processExample(name: string): Promise<MessageRow[]> {
  const payload = metaExamples[name]!;
  const ids = payload.entry.flatMap((entry) =>
    entry.changes.flatMap((change) => ((change.value as any).messages ?? []).map((message: any) => message.id)),
  );
  await t.pool.query('delete from message where meta_message_id = any($1)', [ids]);
  const before = await rows<{ id: string }>(t.pool, 'select coalesce(max(id), 0)::text as id from webhook_event');
  await deliver(t, payload);
  const events = await rows(t.pool, 'select outcome, problem, tenant_id from webhook_event where id > $1', [
    before[0]!.id,
  ]);
  expect(events).toEqual([{ outcome: 'processed', problem: null, tenant_id: number.tenantId }]);
  return rows<MessageRow>(
    t.pool,
    `select m.type, m.preview, m.direction, m.status, m.created_at, m.context_meta_id, m.body, c.wa_id
       from message m join contact c on c.tenant_id = m.tenant_id and c.id = m.contact_id
      where m.meta_message_id = any($1)`,
    [ids],
  );
}

const contact = async (waId: string) =>
  (await rows(t.pool, 'select * from contact where tenant_id = $1 and wa_id = $2', [number.tenantId, waId]))[0];

describe("Meta's webhook examples", () => {
  it('Text Message: a contact with its profile name, a conversation, a received message', async () => {
    const [message] = await processExample('Text Message');
    expect(message).toMatchObject({
      type: 'text',
      direction: 'in',
      status: 'received',
      preview: 'Does it come in another color?',
      created_at: new Date(1749416383 * 1000),
      wa_id: USER,
    });
    // The body is Meta's message object as sent (its timestamp still a string).
    expect(message!.body).toEqual((metaExamples['Text Message']!.entry[0]!.changes[0]!.value as any).messages[0]);
    expect(await contact(USER)).toMatchObject({
      name: 'Sheena Nelson',
      number_id: number.numberId,
      last_inbound_at: new Date(1749416383 * 1000),
      opted_out_at: null,
    });
    const [conversation] = await rows(t.pool, 'select * from conversation where tenant_id = $1', [number.tenantId]);
    expect(conversation).toMatchObject({
      number_id: number.numberId,
      unread: 1,
      last_inbound_at: new Date(1749416383 * 1000),
    });
  });

  it('Text Message with Context: the message it answers', async () => {
    const [message] = await processExample('Text Message with Context (Product Inquiry)');
    expect(message).toMatchObject({
      preview: 'Is this still available?',
      context_meta_id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGA9wcm9kdWN0X2lucXVpcnkA',
    });
    expect(message!.body.context.referred_product).toEqual({
      catalog_id: '194836987003835',
      product_retailer_id: 'di9ozbzfi4',
    });
  });

  it('Text Message from Click to WhatsApp Ad: the referral is kept', async () => {
    const [message] = await processExample('Text Message from Click to WhatsApp Ad');
    expect(message!.preview).toBe('Hello! Can I get more info on this?');
    expect(message!.body.referral).toMatchObject({ source_type: 'ad', source_id: '120226305854810726' });
  });

  it('Reaction, Image, Location, Contact Sharing, Unsupported, lists, buttons and orders: type and preview', async () => {
    const expected: [string, string, string][] = [
      ['Reaction Message', 'reaction', '[reaction] 👍'],
      ['Image Message', 'image', '[image] Taj Mahal'],
      ['Location Message', 'location', '[location] Philz Coffee'],
      ['Contact Sharing Message', 'contacts', '[contact] Lucía Gómez'],
      ['Unsupported Message', 'unsupported', '[unsupported] Message type unknown'],
      ['Interactive List Reply Message', 'interactive', 'Priority Mail Express'],
      ['Interactive Button Reply Message', 'interactive', 'Cancel'],
      ['Order Message', 'order', '[order] 3 items'],
    ];
    for (const [name, type, preview] of expected) {
      const made = await processExample(name);
      expect(
        made.map((row) => [row.type, row.preview, row.wa_id]),
        name,
      ).toEqual([[type, preview, USER]]);
    }
    const [conversation] = await rows(t.pool, 'select unread from conversation where tenant_id = $1', [
      number.tenantId,
    ]);
    expect(conversation!.unread).toBe(11);
  });

  it('Button Message: the template button "Unsubscribe" opts the contact out', async () => {
    const [message] = await processExample('Button Message');
    expect(message).toMatchObject({ type: 'button', preview: 'Unsubscribe' });
    expect(await contact(USER)).toMatchObject({ opted_out_at: new Date(1750091045 * 1000), opt_out_channel: 'button' });
  });

  it('System Message: the contact follows the user to the new number', async () => {
    const [message] = await processExample('System Message');
    expect(message).toMatchObject({ type: 'system', wa_id: '12195555358' });
    expect(message!.preview).toBe('[system] User Sheena Nelson changed from 16505551234 to 12195555358');
    expect(await contact(USER)).toBeUndefined();
    // Same contact, its history and consent kept.
    expect(await contact('12195555358')).toMatchObject({ name: 'Sheena Nelson', opt_out_channel: 'button' });
  });

  it('Group Create, Settings Update, Remove Participants: the group and its members', async () => {
    await processExample('Group Create Message');
    const group = async () =>
      (
        await rows(t.pool, 'select * from wa_group where tenant_id = $1 and group_id = $2', [number.tenantId, GROUP])
      )[0];
    expect(await group()).toMatchObject({
      request_id: '784D93D0C468593037EA0B1ECA245D9C',
      subject: 'your-group-subject',
      description: 'your-group-description',
      status: 'active',
      number_id: number.numberId,
      participant_count: 2,
    });
    const members = () =>
      rows(t.pool, 'select wa_id, joined_at, left_at, left_by from wa_group_participant order by wa_id');
    expect(await members()).toEqual([
      { wa_id: '16505551234', joined_at: new Date(1750269342 * 1000), left_at: null, left_by: null },
      { wa_id: '16505551235', joined_at: new Date(1750269342 * 1000), left_at: null, left_by: null },
    ]);

    await processExample('Group Settings Update');
    expect(await group()).toMatchObject({ subject: 'your-group-subject', participant_count: 2 });

    await processExample('Group Remove Participants');
    expect(await group()).toMatchObject({ participant_count: 0, status: 'active' });
    expect((await members()).map((member) => [member.wa_id, member.left_at, member.left_by])).toEqual([
      ['16505551234', new Date(1750269342 * 1000), 'business'],
      ['16505551235', new Date(1750269342 * 1000), 'business'],
    ]);
  });

  it('covers all 16 examples', () => {
    expect(Object.keys(metaExamples)).toHaveLength(16);
  });

  it('a redelivered example changes nothing', async () => {
    const snapshot = () =>
      Promise.all([
        rows(t.pool, 'select * from message order by id'),
        rows(t.pool, 'select * from contact order by id'),
        rows(t.pool, 'select * from conversation order by contact_id'),
        rows(t.pool, 'select * from wa_group_participant order by wa_id'),
      ]);
    const before = await snapshot();
    await deliver(
      t,
      metaExamples['Order Message'],
      metaExamples['Interactive List Reply Message'],
      metaExamples['Group Create Message'],
    );
    expect(await snapshot()).toEqual(before);
  });
});
