import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { drainWebhookEvents } from './drain.js';
import {
  deliver,
  EXAMPLE_WABA_ID,
  insertOutbound,
  recentUnix,
  rows,
  type SeededNumber,
  type StatusSpec,
  seedNumber,
  statusesPayload,
  WEBHOOK_ENV,
} from './test-support.js';

const t = useTestApp(WEBHOOK_ENV);
const PHONE_NUMBER_ID = '200000000000001';
let number: SeededNumber;
let other: SeededNumber;

beforeAll(async () => {
  number = await seedNumber(t, { tenantId: '310001', phoneNumberId: PHONE_NUMBER_ID, wabaId: EXAMPLE_WABA_ID });
  other = await seedNumber(t, { tenantId: '310002', phoneNumberId: '200000000000002', wabaId: '900000000000002' });
});

interface StatusRow {
  status: string;
  status_at: Date;
  sent_at: Date | null;
  delivered_at: Date | null;
  read_at: Date | null;
  failed_at: Date | null;
  error_code: number | null;
}

const messageOf = async (metaId: string, tenantId = number.tenantId) =>
  (
    await rows<StatusRow>(
      t.pool,
      `select status, status_at, sent_at, delivered_at, read_at, failed_at, error_code
         from message where tenant_id = $1 and meta_message_id = $2`,
      [tenantId, metaId],
    )
  )[0]!;

const at = (unix: number) => new Date(unix * 1000);
const sendStatuses = (...statuses: StatusSpec[]) => deliver(t, statusesPayload(PHONE_NUMBER_ID, statuses));

describe('message statuses', () => {
  it('move a message forward: sent, delivered, read', async () => {
    await insertOutbound(t.pool, number, 'wamid.forward');
    const base = recentUnix();
    await sendStatuses({ id: 'wamid.forward', status: 'sent', at: base });
    expect(await messageOf('wamid.forward')).toMatchObject({ status: 'sent', sent_at: at(base), delivered_at: null });
    await sendStatuses({ id: 'wamid.forward', status: 'delivered', at: base + 1 });
    await sendStatuses({ id: 'wamid.forward', status: 'read', at: base + 2 });
    expect(await messageOf('wamid.forward')).toMatchObject({
      status: 'read',
      status_at: at(base + 2),
      sent_at: at(base),
      delivered_at: at(base + 1),
      read_at: at(base + 2),
    });
  });

  it('arriving out of order or twice end where the in-order sequence ends', async () => {
    const base = recentUnix();
    const sequence: StatusSpec[] = [
      { id: 'wamid.shuffled', status: 'sent', at: base },
      { id: 'wamid.shuffled', status: 'delivered', at: base + 1 },
      { id: 'wamid.shuffled', status: 'read', at: base + 2 },
    ];
    await insertOutbound(t.pool, number, 'wamid.shuffled');
    // One request each, newest first, then everything again in one request.
    for (const status of [...sequence].reverse()) await sendStatuses(status);
    await sendStatuses(...sequence, ...sequence);
    expect(await messageOf('wamid.shuffled')).toMatchObject({
      status: 'read',
      status_at: at(base + 2),
      sent_at: at(base),
      delivered_at: at(base + 1),
      read_at: at(base + 2),
    });
  });

  it('read without delivered implies delivered; played counts as read', async () => {
    const base = recentUnix();
    await insertOutbound(t.pool, number, 'wamid.read-only');
    await insertOutbound(t.pool, number, 'wamid.voice');
    await sendStatuses(
      { id: 'wamid.read-only', status: 'read', at: base },
      { id: 'wamid.voice', status: 'played', at: base },
    );
    expect(await messageOf('wamid.read-only')).toMatchObject({
      status: 'read',
      delivered_at: at(base),
      sent_at: at(base),
    });
    expect(await messageOf('wamid.voice')).toMatchObject({ status: 'read', read_at: at(base) });
  });

  it('failed is final against sent; a delivery proves the message reached the user', async () => {
    const base = recentUnix();
    await insertOutbound(t.pool, number, 'wamid.failed');
    await sendStatuses({ id: 'wamid.failed', status: 'failed', at: base + 1, errorCode: 131026 });
    await sendStatuses({ id: 'wamid.failed', status: 'sent', at: base });
    expect(await messageOf('wamid.failed')).toMatchObject({
      status: 'failed',
      failed_at: at(base + 1),
      error_code: 131026,
    });

    await insertOutbound(t.pool, number, 'wamid.failed-late');
    await sendStatuses({ id: 'wamid.failed-late', status: 'delivered', at: base });
    await sendStatuses({ id: 'wamid.failed-late', status: 'failed', at: base + 1, errorCode: 131026 });
    expect(await messageOf('wamid.failed-late')).toMatchObject({
      status: 'delivered',
      failed_at: at(base + 1),
      error_code: 131026,
    });
  });

  it('only touch the tenant of the number they came to', async () => {
    await insertOutbound(t.pool, number, 'wamid.shared-id');
    await insertOutbound(t.pool, other, 'wamid.shared-id');
    await sendStatuses({ id: 'wamid.shared-id', status: 'delivered', at: recentUnix() });
    expect((await messageOf('wamid.shared-id')).status).toBe('delivered');
    expect((await messageOf('wamid.shared-id', other.tenantId)).status).toBe('accepted');
  });

  it('handle a 1000-status payload in one event', async () => {
    const base = recentUnix();
    const ids = Array.from({ length: 500 }, (_, index) => `wamid.bulk-${index}`);
    for (const id of ids) await insertOutbound(t.pool, number, id);
    const statuses = ids.flatMap((id): StatusSpec[] => [
      { id, status: 'delivered', at: base + 1 },
      { id, status: 'sent', at: base },
    ]);
    expect(statuses).toHaveLength(1000);
    await sendStatuses(...statuses);
    const counts = await rows(
      t.pool,
      `select status, count(*)::int as n, min(sent_at) = max(sent_at) as same_sent
         from message where meta_message_id like 'wamid.bulk-%' group by status`,
    );
    expect(counts).toEqual([{ status: 'delivered', n: 500, same_sent: true }]);
  });

  it('wait for a message the send lane has not recorded yet, then apply', async () => {
    const base = recentUnix();
    await sendStatuses(
      { id: 'wamid.early', status: 'sent', at: base },
      { id: 'wamid.early', status: 'delivered', at: base + 1 },
    );
    const [orphan] = await rows(
      t.pool,
      `select status from webhook_status_orphan where meta_message_id = 'wamid.early'`,
    );
    expect(orphan).toEqual({ status: 'delivered' });
    const [event] = await rows(t.pool, 'select outcome from webhook_event order by id desc limit 1');
    expect(event).toEqual({ outcome: 'processed' });

    await insertOutbound(t.pool, number, 'wamid.early');
    await drainWebhookEvents(t.context);
    expect(await messageOf('wamid.early')).toMatchObject({
      status: 'delivered',
      sent_at: at(base),
      delivered_at: at(base + 1),
    });
    expect(await rows(t.pool, `select 1 from webhook_status_orphan where meta_message_id = 'wamid.early'`)).toEqual([]);
  });

  it('never reach messages older than the recent partitions; stale waiting statuses are dropped', async () => {
    const old = new Date(Date.now() - 90 * 86_400_000);
    await insertOutbound(t.pool, number, 'wamid.ancient', { createdAt: old });
    await sendStatuses({ id: 'wamid.ancient', status: 'read', at: recentUnix() });
    expect((await messageOf('wamid.ancient')).status).toBe('accepted');
    await t.pool.query(`update webhook_status_orphan set first_seen_at = now() - interval '2 hours'`);
    await drainWebhookEvents(t.context);
    expect(await rows(t.pool, 'select 1 from webhook_status_orphan')).toEqual([]);
  });

  it('131050 opts the recipient out of marketing', async () => {
    await t.pool.query(`insert into contact (tenant_id, wa_id, opted_in_at) values ($1, '447700900123', now())`, [
      number.tenantId,
    ]);
    await insertOutbound(t.pool, number, 'wamid.stopped');
    const base = recentUnix();
    await sendStatuses({
      id: 'wamid.stopped',
      status: 'failed',
      at: base,
      errorCode: 131050,
      recipient: '447700900123',
    });
    const [contact] = await rows(
      t.pool,
      `select opted_out_at, opt_out_channel from contact where wa_id = '447700900123'`,
    );
    expect(contact).toEqual({ opted_out_at: at(base), opt_out_channel: 'error_131050' });
  });

  it('report status values they do not know, and apply the rest', async () => {
    await insertOutbound(t.pool, number, 'wamid.mixed');
    await sendStatuses(
      { id: 'wamid.mixed', status: 'warning', at: recentUnix() },
      { id: 'wamid.mixed', status: 'sent', at: recentUnix() },
    );
    expect((await messageOf('wamid.mixed')).status).toBe('sent');
    const [event] = await rows(t.pool, 'select outcome, problem from webhook_event order by id desc limit 1');
    expect(event).toEqual({ outcome: 'processed', problem: 'messages: status values not handled: warning' });
  });

  it('leave a message held for quality assessment as it is, and take what follows', async () => {
    await insertOutbound(t.pool, number, 'wamid.held');
    await sendStatuses({ id: 'wamid.held', status: 'held_for_quality_assessment', at: recentUnix() });
    const [held] = await rows(t.pool, 'select outcome, problem from webhook_event order by id desc limit 1');
    expect(held).toEqual({ outcome: 'processed', problem: null });
    expect((await messageOf('wamid.held')).status).toBe('accepted');
    await sendStatuses({ id: 'wamid.held', status: 'sent', at: recentUnix() });
    expect((await messageOf('wamid.held')).status).toBe('sent');
  });
  it('find their message by the key in their callback data, in its month; data that is no key is ignored', async () => {
    // A month ago: the key's created_at picks that month, whatever the Meta id's index holds.
    const createdAt = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    const id = await insertOutbound(t.pool, number, 'wamid.keyed', { createdAt });
    const micros = await rows<{ micros: string }>(
      t.pool,
      `select (extract(epoch from created_at) * 1000000)::bigint::text as micros from message where tenant_id = $1 and id = $2`,
      [number.tenantId, id],
    );
    const key = `${id}.${micros[0]?.micros}`;
    const base = recentUnix();
    await sendStatuses({ id: 'wamid.keyed', status: 'delivered', at: base, callbackData: key });
    expect(await messageOf('wamid.keyed')).toMatchObject({ status: 'delivered', delivered_at: at(base) });
    // A key naming another message, or another time, applies nothing to it: the Meta id decides.
    await insertOutbound(t.pool, number, 'wamid.keyed-other');
    for (const callbackData of [key, `${id}.1795000000000000`, `${id}.99999999999999999`, `${id}.`, 'x.y'])
      await sendStatuses({ id: 'wamid.keyed-other', status: 'sent', at: base, callbackData });
    expect(await messageOf('wamid.keyed-other')).toMatchObject({ status: 'sent', sent_at: at(base) });
    expect(await messageOf('wamid.keyed')).toMatchObject({ status: 'delivered' });
  });
});
