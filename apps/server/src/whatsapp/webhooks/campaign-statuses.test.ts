/**
 * Statuses campaigns depend on: a status settles an unknown (or in-flight) send by its callback
 * data, and Meta's error codes take effect beyond their message (migration 0021's trigger, 0020's
 * recipient states).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db/pool.js';
import { useTestApp } from '../../test/test-app.js';
import { recordOutcomes } from '../governor/lane-repository.js';
import {
  deliver,
  EXAMPLE_WABA_ID,
  insertOutbound,
  listen,
  recentUnix,
  rows,
  type SeededNumber,
  type StatusSpec,
  seedNumber,
  statusesPayload,
  WEBHOOK_ENV,
} from './test-support.js';

const t = useTestApp(WEBHOOK_ENV);
const PHONE_NUMBER_ID = '200000000000021';
let number: SeededNumber;
let other: SeededNumber;

beforeAll(async () => {
  number = await seedNumber(t, { tenantId: '320001', phoneNumberId: PHONE_NUMBER_ID, wabaId: EXAMPLE_WABA_ID });
  other = await seedNumber(t, { tenantId: '320002', phoneNumberId: '200000000000022', wabaId: '900000000000022' });
});

const sendStatuses = (...statuses: StatusSpec[]) => deliver(t, statusesPayload(PHONE_NUMBER_ID, statuses));

interface MessageRow {
  status: string;
  meta_message_id: string | null;
  error_code: number | null;
  created_at: string;
  delivered_at: Date | null;
}
const message = async (id: string, tenantId = number.tenantId) =>
  (
    await rows<MessageRow>(
      t.pool,
      `select status, meta_message_id, error_code, created_at::text, delivered_at
         from message where tenant_id = $1 and id = $2`,
      [tenantId, id],
    )
  )[0]!;
const orphan = async (metaId: string) =>
  rows(t.pool, 'select status from webhook_status_orphan where meta_message_id = $1', [metaId]);

async function seedContact(waId: string): Promise<string> {
  const [contact] = await rows<{ id: string }>(
    t.pool,
    `insert into contact (tenant_id, wa_id, opted_in_at) values ($1, $2, now()) returning id::text`,
    [number.tenantId, waId],
  );
  return contact!.id;
}

/** A template, a campaign sending it in `status`, one recipient and its message in flight. */
async function campaignSend(status: string, waId: string) {
  const [template] = await rows<{ id: string }>(
    t.pool,
    `insert into wa_template (tenant_id, waba_ref, name, language, category, status)
     values ($1, $2, $3, 'en_US', 'MARKETING', 'APPROVED') returning id::text`,
    [number.tenantId, number.wabaRef, `spring_${waId}`],
  );
  const [campaign] = await rows<{ id: string }>(
    t.pool,
    `insert into campaign (tenant_id, kind, name, status, audience, content, purpose, template_id, run_no)
     values ($1, 'mass', 'Spring', $2, '{}', '{}', 'marketing', $3, 1) returning id::text`,
    [number.tenantId, status, template!.id],
  );
  const contactId = await seedContact(waId);
  const metaId = `wamid.campaign.${waId}`;
  const messageId = await insertOutbound(t.pool, number, metaId, {
    contactId,
    campaignId: campaign!.id,
    templateId: template!.id,
  });
  await t.pool.query(
    `insert into campaign_recipient (campaign_id, contact_id, tenant_id, number_id, run_no, state, message_id, message_created_at)
     select $1, $2, $3, $4, 1, 2, id, created_at from message where tenant_id = $3 and id = $5`,
    [campaign!.id, contactId, number.tenantId, number.numberId, messageId],
  );
  return { templateId: template!.id, campaignId: campaign!.id, contactId, metaId, messageId };
}

const campaignOf = async (id: string) =>
  (await rows(t.pool, 'select status, hold_reason_zh, hold_reason_en from campaign where id = $1', [id]))[0];
const templateStatus = async (id: string) =>
  (await rows<{ status: string }>(t.pool, 'select status from wa_template where id = $1', [id]))[0]?.status;
const recipientOf = async (campaignId: string) =>
  (
    await rows(
      t.pool,
      `select state, error_code, not_before > now() + interval '23 hours' as deferred_a_day
         from campaign_recipient where campaign_id = $1`,
      [campaignId],
    )
  )[0];
const numberPause = async (numberId = number.numberId) =>
  (await rows(t.pool, 'select pause_reason from wa_number where id = $1', [numberId]))[0];

describe('a status of a send whose Meta id was never learned', () => {
  it('settles the unknown message its callback data names, which then moves on by its Meta id', async () => {
    const id = await insertOutbound(t.pool, number, null, { status: 'unknown' });
    const base = recentUnix();
    await sendStatuses({ id: 'wamid.lost-answer', status: 'delivered', at: base, callbackData: id });
    expect(await message(id)).toMatchObject({
      status: 'delivered',
      meta_message_id: 'wamid.lost-answer',
      delivered_at: new Date(base * 1000),
    });
    expect(await orphan('wamid.lost-answer')).toEqual([]);
    await sendStatuses({ id: 'wamid.lost-answer', status: 'read', at: base + 1 });
    expect((await message(id)).status).toBe('read');
  });

  it('settles a message still in flight, takes it out of the queue, and the lane’s late record only counts it', async () => {
    const contactId = await seedContact('447700900201');
    const id = await insertOutbound(t.pool, number, null, { status: 'queued', contactId });
    const { created_at: createdAt } = await message(id);
    await t.pool.query(
      `insert into send_queue (tenant_id, number_id, message_id, message_created_at, claimed_at, attempts)
       values ($1, $2, $3, $4, now(), 1)`,
      [number.tenantId, number.numberId, id, createdAt],
    );
    await sendStatuses({ id: 'wamid.in-flight', status: 'delivered', at: recentUnix(), callbackData: id });
    expect(await message(id)).toMatchObject({ status: 'delivered', meta_message_id: 'wamid.in-flight' });
    expect(await rows(t.pool, 'select 1 from send_queue where message_id = $1', [id])).toEqual([]);

    await withTransaction(t.pool, (client) =>
      recordOutcomes(client, number.tenantId, number.numberId, [
        { kind: 'sent', id, createdAt, metaMessageId: 'wamid.in-flight' },
      ]),
    );
    expect((await message(id)).status).toBe('delivered');
    const [talked] = await rows(
      t.pool,
      'select last_outbound_at is not null as talked from conversation where tenant_id = $1 and contact_id = $2',
      [number.tenantId, contactId],
    );
    expect(talked).toEqual({ talked: true });
  });

  it('never settles a message of another tenant, one known by another Meta id, or by callback data that is no id', async () => {
    const theirs = await insertOutbound(t.pool, other, null, { status: 'unknown' });
    const known = await insertOutbound(t.pool, number, 'wamid.known-already');
    const at = recentUnix();
    await sendStatuses(
      { id: 'wamid.not-theirs', status: 'delivered', at, callbackData: theirs },
      { id: 'wamid.not-known', status: 'delivered', at, callbackData: known },
      { id: 'wamid.free-text', status: 'delivered', at, callbackData: '{"campaign":"spring"}' },
      { id: 'wamid.too-long', status: 'delivered', at, callbackData: '99999999999999999999' },
    );
    expect(await message(theirs, other.tenantId)).toMatchObject({ status: 'unknown', meta_message_id: null });
    expect(await message(known)).toMatchObject({ status: 'accepted', meta_message_id: 'wamid.known-already' });
    for (const metaId of ['wamid.not-theirs', 'wamid.not-known', 'wamid.free-text', 'wamid.too-long']) {
      expect(await orphan(metaId)).toEqual([{ status: 'delivered' }]);
    }
  });

  it('131050 on a settled message opts the recipient out', async () => {
    await seedContact('447700900202');
    const id = await insertOutbound(t.pool, number, null, { status: 'unknown' });
    await sendStatuses({
      id: 'wamid.stop',
      status: 'failed',
      at: recentUnix(),
      errorCode: 131050,
      recipient: '447700900202',
      callbackData: id,
    });
    expect(await message(id)).toMatchObject({ status: 'failed', error_code: 131050, meta_message_id: 'wamid.stop' });
    const [contact] = await rows(t.pool, `select opt_out_channel from contact where wa_id = '447700900202'`);
    expect(contact).toEqual({ opt_out_channel: 'error_131050' });
  });
});

describe("Meta's error codes by webhook", () => {
  it('131049 fails the message and defers its recipient a day: no opt-out, no pause', async () => {
    const send = await campaignSend('running', '447700900301');
    await sendStatuses({ id: send.metaId, status: 'failed', at: recentUnix(), errorCode: 131049 });
    expect(await message(send.messageId)).toMatchObject({ status: 'failed', error_code: 131049 });
    expect(await recipientOf(send.campaignId)).toEqual({ state: 10, error_code: 131049, deferred_a_day: true });
    const [contact] = await rows(t.pool, 'select opted_out_at from contact where id = $1', [send.contactId]);
    expect(contact).toEqual({ opted_out_at: null });
    expect(await numberPause()).toEqual({ pause_reason: null });
    expect((await campaignOf(send.campaignId))?.status).toBe('running');
  });

  it('132015 holds the running campaign with the reason and marks the template paused', async () => {
    const send = await campaignSend('running', '447700900302');
    const idle = await campaignSend('paused', '447700900303');
    const at = recentUnix();
    await sendStatuses(
      { id: send.metaId, status: 'failed', at, errorCode: 132015 },
      { id: idle.metaId, status: 'failed', at, errorCode: 132015 },
    );
    expect(await campaignOf(send.campaignId)).toEqual({
      status: 'held',
      hold_reason_zh: '模板已被 Meta 暂停（132015）',
      hold_reason_en: 'The template was paused by Meta (132015)',
    });
    expect(await templateStatus(send.templateId)).toBe('PAUSED');
    expect(await recipientOf(send.campaignId)).toMatchObject({ state: 7, error_code: 132015 });
    // A campaign that is not running keeps its state; its template is paused all the same.
    expect(await campaignOf(idle.campaignId)).toEqual({ status: 'paused', hold_reason_zh: null, hold_reason_en: null });
    expect(await templateStatus(idle.templateId)).toBe('PAUSED');

    // Resumed by an operator, the campaign is not held again by the same failure repeated.
    await t.pool.query(`update campaign set status = 'running' where id = $1`, [send.campaignId]);
    await sendStatuses({ id: send.metaId, status: 'failed', at: at + 1, errorCode: 132015 });
    expect((await campaignOf(send.campaignId))?.status).toBe('running');
  });

  it('132016 holds the campaign, its queued messages and marks the template disabled; the screens are told', async () => {
    const send = await campaignSend('running', '447700900304');
    const waiting = await insertOutbound(t.pool, number, null, {
      contactId: await seedContact('447700900305'),
      campaignId: send.campaignId,
      templateId: send.templateId,
      status: 'queued',
    });
    await t.pool.query(
      `insert into send_queue (tenant_id, number_id, message_id, message_created_at, campaign_id)
       select tenant_id, number_id, id, created_at, campaign_id from message where tenant_id = $1 and id = $2`,
      [number.tenantId, waiting],
    );
    await sendStatuses({ id: send.metaId, status: 'failed', at: recentUnix(), errorCode: 132016 });
    expect(await campaignOf(send.campaignId)).toMatchObject({
      status: 'held',
      hold_reason_en: 'The template was disabled by Meta (132016)',
    });
    expect(await templateStatus(send.templateId)).toBe('DISABLED');
    const [queued] = await rows<{ not_before: number }>(
      t.pool,
      'select not_before from send_queue where message_id = $1',
      [waiting],
    );
    expect(Number(queued?.not_before)).toBe(Number.POSITIVE_INFINITY);
    const events = await rows(
      t.pool,
      `select payload from realtime_event where type = 'campaign.updated' and tenant_id = $1`,
      [number.tenantId],
    );
    expect(events.map((event) => event.payload)).toContainEqual({
      campaign_id: send.campaignId,
      kind: 'mass',
      status: 'held',
      run_no: 1,
    });
  });

  it('131048 pauses the number and tells its lane', async () => {
    const listener = await listen<{ tenantId: string; numberId: string }>(t.pool, 'wa_number_state');
    try {
      await insertOutbound(t.pool, other, 'wamid.spam-other');
      await insertOutbound(t.pool, number, 'wamid.spam');
      await sendStatuses({ id: 'wamid.spam', status: 'failed', at: recentUnix(), errorCode: 131048 });
      expect(await numberPause()).toEqual({ pause_reason: 'spam_rate_limit' });
      expect(await numberPause(other.numberId)).toEqual({ pause_reason: null });
      expect(await listener.waitFor((event) => event.numberId === number.numberId)).toEqual([
        { tenantId: number.tenantId, numberId: number.numberId },
      ]);
    } finally {
      await listener.stop();
      await t.pool.query('update wa_number set paused_at = null, pause_reason = null where id = $1', [number.numberId]);
    }
  });
});
