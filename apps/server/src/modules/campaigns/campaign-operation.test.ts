import { calls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db/pool.js';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { addNumber, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { claimSends } from '../../whatsapp/governor/lane-repository.js';
import { dispatchStep } from './dispatch-step.js';
import {
  approvedTemplate,
  type CampaignSeed,
  consentingContacts,
  recipientStates,
  seedRunningCampaign,
} from './test-support.js';

// No worker: the lanes send nothing, so what an operation does to the queue stays to be seen.
const t = useTestApp();
const tenants = useTenants(t, 'cmpop');
let numberA: string;
let templateA: string;
let numberB: string;
let templateB: string;

beforeAll(async () => {
  numberA = await addNumber(t, tenants.a.tenantId);
  templateA = await approvedTemplate(t, tenants.a.tenantId, numberA);
  numberB = await addNumber(t, tenants.b.tenantId);
  templateB = await approvedTemplate(t, tenants.b.tenantId, numberB);
});

const operate = (body: object, path = '/api/btmsg/operation', token = tenants.a.token) =>
  t.post(path, { body, token, headers: { 'accept-language': 'en' } });

/** A running campaign of tenant A whose first step queued its recipients (all fit the number's room). */
async function dispatchedCampaign(contacts = 4, change: Partial<CampaignSeed> = {}) {
  const contactIds = await consentingContacts(t.pool, tenants.a.tenantId, contacts);
  const id = await seedRunningCampaign(t.pool, tenants.a.tenantId, {
    numberIds: [numberA],
    templateId: templateA,
    contactIds,
    ...change,
  });
  await withTransaction(t.pool, (client) => dispatchStep(client, tenants.a.tenantId, id));
  return { id, contactIds };
}

async function queueRows(campaignId: string) {
  const { rows } = await t.pool.query(
    `select q.not_before = 'infinity' as held, q.not_before <= now() as due, m.status, m.error_title
       from send_queue q join message m on m.tenant_id = q.tenant_id and m.id = q.message_id
      where q.campaign_id = $1`,
    [campaignId],
  );
  return rows;
}

async function lastEvent(campaignId: string) {
  const { rows } = await t.pool.query(
    `select payload from realtime_event where type = 'campaign.updated' and payload->>'campaign_id' = $1
      order by id desc limit 1`,
    [campaignId],
  );
  return rows[0]?.payload;
}

async function dispatchJobs(campaignId: string): Promise<number> {
  const { rows } = await t.pool.query('select count(*)::int as n from graphile_worker.jobs where key = $1', [
    `campaign_dispatch:${campaignId}`,
  ]);
  return rows[0].n;
}

describe('POST /api/btmsg/operation and /api/power/operation', () => {
  it('refuses strangers and bad input, naming the field', async () => {
    await refusesStrangers(t, tenants, calls.btmsgOperation, {
      valid: () => ({ id: '1', action: 'pause' }),
      bad: [
        [{ id: '1', action: 'fly' }, /^action: /],
        [{ id: '1', action: 'resend', states: [] }, /^states: /],
        [{ id: 'x', action: 'pause' }, /^id: /],
      ],
    });
  });

  it("answers 404 naming id for another tenant's campaign, the other kind's, or none", async () => {
    const contactIds = await consentingContacts(t.pool, tenants.b.tenantId, 1);
    const theirs = await seedRunningCampaign(t.pool, tenants.b.tenantId, {
      numberIds: [numberB],
      templateId: templateB,
      contactIds,
    });
    const burst = await dispatchedCampaign(1, { kind: 'burst' });
    for (const [id, path] of [
      [theirs, '/api/btmsg/operation'],
      [burst.id, '/api/btmsg/operation'],
      ['999999999', '/api/power/operation'],
    ] as const) {
      const reply = await operate({ id, action: 'pause' }, path);
      expect(reply.status).toBe(404);
      expect(reply.body.message).toMatch(/^id: /);
    }
    expect((await t.pool.query('select status from campaign where id = $1', [theirs])).rows[0].status).toBe('running');
    const mine = await operate({ id: burst.id, action: 'pause' }, '/api/power/operation');
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ id: burst.id, kind: 'burst', status: 'paused' });
  });

  it('pauses: the queued messages are held and the dispatcher stops; resume makes them due and runs it again', async () => {
    const { id } = await dispatchedCampaign(4);
    expect((await queueRows(id)).map((row) => row.due)).toEqual([true, true, true, true]);

    const paused = await operate({ id, action: 'pause' });
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({ id, status: 'paused', counts: { queued: 4 } });
    expect((await queueRows(id)).every((row) => row.held && row.status === 'queued')).toBe(true);
    expect(await lastEvent(id)).toMatchObject({ campaign_id: id, kind: 'mass', status: 'paused', run_no: 1 });
    expect(await withTransaction(t.pool, (client) => dispatchStep(client, tenants.a.tenantId, id))).toEqual({
      end: true,
    });
    const again = await operate({ id, action: 'pause' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^action: cannot pause a campaign that is paused/);

    const resumed = await operate({ id, action: 'resume' });
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.status).toBe('running');
    expect((await queueRows(id)).every((row) => row.due && !row.held)).toBe(true);
    const lane = await t.pool.query(
      'select due_at <= now() as due from send_lane where tenant_id = $1 and number_id = $2',
      [tenants.a.tenantId, numberA],
    );
    expect(lane.rows[0].due).toBe(true);
    expect(await dispatchJobs(id)).toBe(1);
  });

  it('takes effect when the status commits: a lane claims nothing of a paused campaign whose rows are still due', async () => {
    const { id } = await dispatchedCampaign(3);
    const ids = (
      await t.pool.query('select message_id::text as id from send_queue where campaign_id = $1', [id])
    ).rows.map((row) => row.id);
    // The status alone, as between the pause's commit and the hold of its rows.
    await t.pool.query(`update campaign set status = 'paused' where id = $1`, [id]);
    expect((await queueRows(id)).every((row) => row.due)).toBe(true);
    expect(await claimSends(t.pool, tenants.a.tenantId, numberA, ids)).toEqual(new Set());
    await t.pool.query(`update campaign set status = 'cancelled' where id = $1`, [id]);
    expect(await claimSends(t.pool, tenants.a.tenantId, numberA, ids)).toEqual(new Set());
    await t.pool.query(`update campaign set status = 'running' where id = $1`, [id]);
    expect(await claimSends(t.pool, tenants.a.tenantId, numberA, ids)).toEqual(new Set(ids));
  });

  it('cancels: unclaimed messages are withdrawn and every waiting recipient is cancelled', async () => {
    // A rate of 1 a second leaves 3 queued and the rest pending.
    const { id } = await dispatchedCampaign(6, { options: { ratePerSecond: 1 } });
    expect(await recipientStates(t.pool, id)).toEqual({ 0: 3, 1: 3 });
    const reply = await operate({ id, action: 'cancel' });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ status: 'cancelled', counts: { cancelled: 6 } });
    expect(reply.body.data.finished_at).not.toBeNull();
    expect(await queueRows(id)).toEqual([]);
    const { rows } = await t.pool.query('select status from message where tenant_id = $1 and campaign_id = $2', [
      tenants.a.tenantId,
      id,
    ]);
    expect(rows.map((row) => row.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(await recipientStates(t.pool, id)).toEqual({ 11: 6 });
    const again = await operate({ id, action: 'cancel' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^action: /);
  });

  it('resends the failed and the undelivered as a new run, giving back their frequency-cap claim', async () => {
    const { id, contactIds } = await dispatchedCampaign(4);
    const [failed, undelivered, delivered, read] = contactIds as [string, string, string, string];
    const setStatus = (contactId: string, status: string) =>
      t.pool.query(
        `update message set status = $3, error_code = case when $3 = 'failed' then 131026 end
          where tenant_id = $1 and campaign_id = $2 and contact_id = $4`,
        [tenants.a.tenantId, id, status, contactId],
      );
    await setStatus(failed, 'failed');
    await setStatus(undelivered, 'sent');
    await setStatus(delivered, 'delivered');
    await setStatus(read, 'read');
    await t.pool.query("update campaign set status = 'completed' where id = $1", [id]);

    const reply = await operate({ id, action: 'resend' });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ status: 'running', run_no: 2, counts: { pending: 2 } });
    const { rows } = await t.pool.query(
      'select contact_id::text, state, run_no, message_id from campaign_recipient where campaign_id = $1 order by contact_id',
      [id],
    );
    expect(rows.map((row) => [row.contact_id, row.state, row.run_no, row.message_id === null])).toEqual([
      [failed, 0, 2, true],
      [undelivered, 0, 2, true],
      [delivered, 4, 1, false],
      [read, 5, 1, false],
    ]);
    const touches = await t.pool.query(
      'select contact_id::text from contact_touch where tenant_id = $1 and contact_id = any($2::bigint[]) order by contact_id',
      [tenants.a.tenantId, contactIds],
    );
    expect(touches.rows.map((row) => row.contact_id)).toEqual([delivered, read]);
    const campaign = await t.pool.query('select dispatch_cursor, finished_at from campaign where id = $1', [id]);
    expect(campaign.rows[0]).toEqual({ dispatch_cursor: '0', finished_at: null });
    expect(await dispatchJobs(id)).toBe(1);

    // The new run goes out (its frequency cap claimed afresh); then nobody is left to resend.
    await withTransaction(t.pool, (client) => dispatchStep(client, tenants.a.tenantId, id));
    expect(await recipientStates(t.pool, id)).toEqual({ 1: 2, 4: 1, 5: 1 });
    const none = await operate({ id, action: 'resend', states: ['failed'] });
    expect(none.status).toBe(409);
    expect(none.body.message).toMatch(/^states: /);
    expect((await t.pool.query('select run_no from campaign where id = $1', [id])).rows[0].run_no).toBe(2);
  });

  it('starts a scheduled campaign now, and refuses to start one that runs', async () => {
    const { id } = await dispatchedCampaign(1, { status: 'scheduled' });
    const started = await operate({ id, action: 'start' });
    expect(started.status).toBe(200);
    expect(started.body.data.status).toBe('starting');
    const job = await t.pool.query('select count(*)::int as n from graphile_worker.jobs where key = $1', [
      `campaign_start:${id}`,
    ]);
    expect(job.rows[0].n).toBe(1);
    const again = await operate({ id, action: 'start' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^action: cannot start a campaign that is starting/);
  });

  it("queues a marketing campaign no further than a number's warm-up plan still allows today", async () => {
    const warm = await addNumber(t, tenants.a.tenantId, { portfolioName: 'Warm portfolio', messagingLimit: 2000 });
    const { rows } = await t.pool.query(
      `select w.portfolio_id::text as id from wa_number n
         join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref where n.id = $1`,
      [warm],
    );
    const plan = await t.post('/api/keep/add', {
      token: tenants.a.token,
      body: { name: 'Warm', portfolioId: rows[0].id, targetTier: 'TIER_10K', pace: 'fast' },
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    // Today's target for the one number is 110: 108 sent leaves room for 2.
    await t.pool.query(
      `insert into number_daily_count (tenant_id, number_id, day, sent) values ($1, $2, (now() at time zone 'UTC')::date, 108)`,
      [tenants.a.tenantId, warm],
    );
    const { id } = await dispatchedCampaign(5, { numberIds: [warm] });
    expect(await recipientStates(t.pool, id)).toEqual({ 0: 3, 1: 2 });
    // At its cap, the number's recipients are passed over while another sender's go out.
    await t.pool.query('update number_daily_count set sent = 110 where tenant_id = $1 and number_id = $2', [
      tenants.a.tenantId,
      warm,
    ]);
    const both = await dispatchedCampaign(6, { numberIds: [warm, numberA] });
    const { rows: byNumber } = await t.pool.query(
      'select number_id::text, state, count(*)::int as n from campaign_recipient where campaign_id = $1 group by 1, 2 order by 1, 2',
      [both.id],
    );
    expect(byNumber).toEqual(
      [
        { number_id: warm, state: 0, n: 3 },
        { number_id: numberA, state: 1, n: 3 },
      ].sort((x, y) => Number(x.number_id) - Number(y.number_id)),
    );
  });
});
