import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { RunningSandbox } from '../../sandbox/index.js';
import { poolActingBefore } from '../../test/intercepting-pool.js';
import { useTestApp } from '../../test/test-app.js';
import { createTenant } from '../../test/whatsapp-fixtures.js';
import { enqueueDispatch } from './dispatch-job.js';
import { StepSuperseded } from './dispatch-repository.js';
import { dispatchStep } from './dispatch-step.js';
import { operateCampaign } from './operate-campaign.js';
import {
  consentingContacts,
  recipientStates,
  sandboxForApp,
  sandboxSenders,
  sandboxSends,
  seedRunningCampaign,
  until,
} from './test-support.js';

const app = useTestApp({}, { worker: true });
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await sandboxForApp(app);
});

afterAll(async () => {
  await sandbox?.stop();
});

const PENDING = 0;
const QUEUED = 1;
const SKIPPED = 12;

async function status(campaignId: string): Promise<string> {
  const { rows } = await app.pool.query('select status from campaign where id = $1', [campaignId]);
  return rows[0]?.status;
}

/** Each recipient's messages of the campaign: contact id → how many. */
async function messagesPerContact(tenantId: string, campaignId: string): Promise<Map<string, number>> {
  const { rows } = await app.pool.query(
    `select contact_id::text, count(*)::int as n from message
      where tenant_id = $1 and campaign_id = $2 group by contact_id`,
    [tenantId, campaignId],
  );
  return new Map(rows.map((row) => [row.contact_id, row.n]));
}

describe('the campaign dispatcher', () => {
  it('sends every recipient one message through the governor and completes the campaign', async () => {
    const tenantId = await createTenant(app.pool);
    const world = await sandboxSenders(app, sandbox, tenantId, 2);
    const contacts = await consentingContacts(app.pool, tenantId, 30);
    const campaignId = await seedRunningCampaign(app.pool, tenantId, {
      numberIds: world.numbers.map((n) => n.numberId),
      templateId: world.templateId,
      contactIds: contacts,
    });
    await enqueueDispatch(app.pool, tenantId, campaignId);
    await until(async () => (await status(campaignId)) === 'completed', 'the campaign to complete');

    const states = await recipientStates(app.pool, campaignId);
    expect(states[PENDING] ?? 0).toBe(0);
    expect(states[QUEUED] ?? 0).toBe(0);
    const sends = await sandboxSends(
      sandbox,
      world.numbers.map((n) => n.phoneNumberId),
    );
    expect(sends).toHaveLength(30);
    expect(new Set(sends.map((send) => send.to)).size).toBe(30);
    const perContact = await messagesPerContact(tenantId, campaignId);
    expect([...perContact.values()].every((n) => n === 1)).toBe(true);
    expect(perContact.size).toBe(30);
    // Each recipient is linked to its message, from its assigned number.
    const { rows } = await app.pool.query(
      `select count(*)::int as n from campaign_recipient r
         join message m on m.tenant_id = r.tenant_id and m.created_at = r.message_created_at and m.id = r.message_id
        where r.campaign_id = $1 and m.contact_id = r.contact_id and m.number_id = r.number_id
          and m.campaign_id = r.campaign_id and m.status in ('accepted', 'sent', 'delivered', 'read')`,
      [campaignId],
    );
    expect(rows[0].n).toBe(30);
  });

  it('never queues a recipient twice when two steps run at once', async () => {
    const tenantId = await createTenant(app.pool);
    const world = await sandboxSenders(app, sandbox, tenantId, 1);
    const contacts = await consentingContacts(app.pool, tenantId, 80);
    const campaignId = await seedRunningCampaign(app.pool, tenantId, {
      numberIds: [world.numbers[0]?.numberId as string],
      templateId: world.templateId,
      contactIds: contacts,
    });
    const step = () => withTransaction(app.pool, (client) => dispatchStep(client, tenantId, campaignId));
    await until(
      async () => {
        await Promise.all([step(), step(), step()]);
        return (await status(campaignId)) === 'completed';
      },
      'concurrent steps to finish the campaign',
      60_000,
    );
    const perContact = await messagesPerContact(tenantId, campaignId);
    expect(perContact.size).toBe(80);
    expect([...perContact.values()].every((n) => n === 1)).toBe(true);
    const sends = await sandboxSends(sandbox, [world.numbers[0]?.phoneNumberId as string]);
    expect(new Set(sends.map((send) => send.to)).size).toBe(sends.length);
  });

  it('skips who wrote since the start and who got marketing within the cap, and waits for the send window', async () => {
    const tenantId = await createTenant(app.pool);
    const world = await sandboxSenders(app, sandbox, tenantId, 1);
    const [wrote, touched, plain] = await consentingContacts(app.pool, tenantId, 3);
    const numberIds = [world.numbers[0]?.numberId as string];
    const campaignId = await seedRunningCampaign(app.pool, tenantId, {
      numberIds,
      templateId: world.templateId,
      contactIds: [wrote, touched, plain] as string[],
    });
    await app.pool.query("update contact set last_inbound_at = now() + interval '1 second' where id = $1", [wrote]);
    await app.pool.query(
      "insert into contact_touch (tenant_id, contact_id, last_marketing_at) values ($1, $2, now() - interval '1 hour')",
      [tenantId, touched],
    );
    // A window that closed a minute ago (in the tenant's time zone) holds everything back.
    const { rows: clock } = await app.pool.query(
      `select to_char((now() at time zone t.time_zone) - interval '1 minute', 'HH24:MI') as to_time,
              to_char((now() at time zone t.time_zone) - interval '2 hours', 'HH24:MI') as from_time
         from tenant t where t.id = $1`,
      [tenantId],
    );
    await app.pool.query('update campaign set schedule = $2 where id = $1', [
      campaignId,
      JSON.stringify({ window: { from: clock[0].from_time, to: clock[0].to_time } }),
    ]);
    const step = () => withTransaction(app.pool, (client) => dispatchStep(client, tenantId, campaignId));
    const closed = await step();
    expect(closed).toMatchObject({ afterMs: expect.any(Number) });
    expect((closed as { afterMs: number }).afterMs).toBeGreaterThan(20 * 3600_000);
    expect((await recipientStates(app.pool, campaignId))[PENDING]).toBe(3);

    await app.pool.query(`update campaign set schedule = '{}' where id = $1`, [campaignId]);
    await step();
    const { rows } = await app.pool.query(
      'select contact_id::text, state, error_title from campaign_recipient where campaign_id = $1 order by contact_id',
      [campaignId],
    );
    expect(rows).toEqual([
      { contact_id: wrote, state: SKIPPED, error_title: 'replied' },
      { contact_id: touched, state: SKIPPED, error_title: 'frequency_cap' },
      { contact_id: plain, state: QUEUED, error_title: null },
    ]);
  });

  it('a pause commits while a step works, and the step gives up: nothing it queued goes out', async () => {
    const tenantId = await createTenant(app.pool);
    const world = await sandboxSenders(app, sandbox, tenantId, 1);
    const contacts = await consentingContacts(app.pool, tenantId, 12);
    const campaignId = await seedRunningCampaign(app.pool, tenantId, {
      numberIds: [world.numbers[0]?.numberId as string],
      templateId: world.templateId,
      contactIds: contacts,
    });
    const scope: Scope = { tenantId, userId: '1', role: 'operator', acrossTenants: false, assignee: undefined };
    let paused: string | undefined;
    // The pause runs when the step reaches its checkpoint, its messages queued in its open transaction.
    const step = withTransaction(
      poolActingBefore(app.pool, 'set dispatch_cursor', async () => {
        paused = (await operateCampaign(app.context, scope, 'mass', { id: campaignId, action: 'pause' }, 'en')).status;
      }),
      (client) => dispatchStep(client, tenantId, campaignId),
    );
    await expect(step).rejects.toBeInstanceOf(StepSuperseded);
    expect(paused).toBe('paused');
    expect(await recipientStates(app.pool, campaignId)).toEqual({ [PENDING]: 12 });
    const { rows } = await app.pool.query('select count(*)::int as n from message where campaign_id = $1', [
      campaignId,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('ends without queueing for a campaign that is not running', async () => {
    const tenantId = await createTenant(app.pool);
    const world = await sandboxSenders(app, sandbox, tenantId, 1);
    const contacts = await consentingContacts(app.pool, tenantId, 2);
    const campaignId = await seedRunningCampaign(app.pool, tenantId, {
      numberIds: [world.numbers[0]?.numberId as string],
      templateId: world.templateId,
      contactIds: contacts,
      status: 'paused',
    });
    const plan = await withTransaction(app.pool, (client) => dispatchStep(client, tenantId, campaignId));
    expect(plan).toEqual({ end: true });
    expect(await recipientStates(app.pool, campaignId)).toEqual({ [PENDING]: 2 });
  });
});
