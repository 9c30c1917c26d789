import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db/pool.js';
import type { RunningSandbox } from '../../sandbox/index.js';
import { addTag, type SignedIn, tenantOperator } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { seedSandboxNumber, seedSandboxTemplate } from '../../test/whatsapp-fixtures.js';
import { utcToday } from '../warmup/schedule-plan.js';
import { enqueueDispatch } from './dispatch-job.js';
import { dispatchStep } from './dispatch-step.js';
import { dueEngagedRecipients } from './engaged-repository.js';
import { newCampaign, sandboxForApp, seedRunningCampaign, taggedContacts, until } from './test-support.js';

// Warm-up plans preferring engaged recipients (decision 0014): a warming number spends its daily
// cap on contacts who wrote to the tenant within 30 days first, then on the others.
const app = useTestApp({}, { worker: true });
let sandbox: RunningSandbox;
let a: SignedIn;
let b: SignedIn;

beforeAll(async () => {
  sandbox = await sandboxForApp(app);
  a = await tenantOperator(app, 'engaged_a');
  b = await tenantOperator(app, 'engaged_b');
});

afterAll(async () => {
  await sandbox?.stop();
});

const post = (who: SignedIn, path: string, body: object) =>
  app.post(path, { body, token: who.token, headers: { 'accept-language': 'en' } });

let portfolios = 0;

/**
 * A sandbox number alone in a portfolio limited to 2 000, its template, and a warm-up plan over
 * it whose target today is `cap` (so its daily cap is `cap`); answers the ids.
 */
async function warmingNumber(who: SignedIn, preferEngaged: boolean, cap: number) {
  portfolios += 1;
  const { numberId, made } = await seedSandboxNumber(app.pool, app.context.whatsapp, sandbox, who.tenantId, {
    connection: { throughputPerSecond: 20, messagingLimit: 2000, portfolioName: `warming ${portfolios}` },
  });
  const templateId = await seedSandboxTemplate(
    app.pool,
    sandbox,
    who.tenantId,
    { numberId, wabaId: made.waba_id },
    { name: 'spring_sale', category: 'MARKETING', text: 'Hello {{1}}' },
  );
  const { rows } = await app.pool.query(
    `select w.portfolio_id::text as id from wa_number n
       join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref where n.id = $1`,
    [numberId],
  );
  const plan = await post(who, '/api/keep/add', {
    name: `Warm-up ${portfolios}`,
    portfolioId: rows[0].id,
    targetTier: 'TIER_10K',
    pace: 'fast',
    preferEngaged,
  });
  expect(plan.status, JSON.stringify(plan.body)).toBe(200);
  const planId = plan.body.data.id as string;
  await setCap(who.tenantId, planId, cap);
  return { numberId, phoneNumberId: made.phone_number_id, templateId, planId };
}

/** Today's target of the plan (its only number's cap). */
async function setCap(tenantId: string, planId: string, cap: number) {
  const { rowCount } = await app.pool.query(
    'update warmup_plan_day set target = $3 where tenant_id = $1 and plan_id = $2 and day = $4::date',
    [tenantId, planId, cap, utcToday()],
  );
  expect(rowCount).toBe(1);
}

/** Marks these contacts as having written to the tenant `daysAgo` days ago. */
async function wroteAgo(contactIds: readonly string[], daysAgo: number) {
  await app.pool.query(
    `update contact set last_inbound_at = now() - make_interval(days => $2) where id = any($1::bigint[])`,
    [contactIds, daysAgo],
  );
}

/** The campaign's messages in the order they were queued: contact ids. */
async function messagedInOrder(tenantId: string, campaignId: string): Promise<string[]> {
  const { rows } = await app.pool.query(
    'select contact_id::text from message where tenant_id = $1 and campaign_id = $2 order by id',
    [tenantId, campaignId],
  );
  return rows.map((row) => row.contact_id);
}

async function statusOf(campaignId: string): Promise<string> {
  return (await app.pool.query('select status from campaign where id = $1', [campaignId])).rows[0]?.status;
}

const pick = (ids: readonly string[], places: readonly number[]) => places.map((place) => ids[place] as string);
const sorted = (ids: readonly string[]) => [...ids].sort((x, y) => Number(x) - Number(y));

/** A mass send over a tag of 12 contacts, four of them engaged (one more wrote 40 days ago), under a cap of 4. */
async function cappedCampaign(who: SignedIn, preferEngaged: boolean) {
  const number = await warmingNumber(who, preferEngaged, 4);
  const tagId = await addTag(app, who.tenantId, `engaged ${portfolios}`, 'contact');
  const contacts = await taggedContacts(app, who.tenantId, tagId, 12);
  const engaged = pick(contacts, [2, 6, 9, 11]);
  await wroteAgo(engaged, 5);
  await wroteAgo(pick(contacts, [3]), 40);
  const added = await post(who, '/api/btmsg/add', newCampaign(number.numberId, tagId, number.templateId));
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const campaignId = added.body.data.campaign.id as string;
  await until(async () => (await messagedInOrder(who.tenantId, campaignId)).length === 4, "the day's cap");
  return { ...number, contacts, engaged, campaignId };
}

/** Lifts the cap and lets the dispatcher finish the campaign. */
async function liftCapAndFinish(who: SignedIn, world: Awaited<ReturnType<typeof cappedCampaign>>) {
  await setCap(who.tenantId, world.planId, 100);
  await enqueueDispatch(app.pool, who.tenantId, world.campaignId);
  await until(async () => (await statusOf(world.campaignId)) === 'completed', 'the campaign to complete');
}

describe('a warm-up plan preferring engaged recipients', () => {
  it("spends the day's cap on the contacts who wrote within 30 days, and sends the rest later", async () => {
    const world = await cappedCampaign(a, true);
    const { rows } = await app.pool.query(
      'select r.contact_id::text from campaign_recipient r where r.campaign_id = $1 and r.engaged order by r.contact_id',
      [world.campaignId],
    );
    expect(rows.map((row) => row.contact_id)).toEqual(world.engaged);
    expect(sorted(await messagedInOrder(a.tenantId, world.campaignId))).toEqual(world.engaged);

    await liftCapAndFinish(a, world);
    const order = await messagedInOrder(a.tenantId, world.campaignId);
    expect(sorted(order)).toEqual(world.contacts);
    expect(sorted(order.slice(0, 4))).toEqual(world.engaged);
    // The others in contact order, the one who wrote 40 days ago among them.
    expect(order.slice(4)).toEqual(world.contacts.filter((id) => !world.engaged.includes(id)));
  });

  it('leaves the order alone without the preference: the cap goes to the first contacts', async () => {
    const world = await cappedCampaign(a, false);
    const { rows } = await app.pool.query(
      'select count(*)::int as n from campaign_recipient where campaign_id = $1 and engaged',
      [world.campaignId],
    );
    expect(rows[0].n).toBe(0);
    expect(await messagedInOrder(a.tenantId, world.campaignId)).toEqual(world.contacts.slice(0, 4));
    await liftCapAndFinish(a, world);
    expect(await messagedInOrder(a.tenantId, world.campaignId)).toEqual(world.contacts);
  });

  it('walks the engaged first again in a resend (a new run)', async () => {
    const world = await cappedCampaign(a, true);
    await liftCapAndFinish(a, world);
    const failed = [...pick(world.contacts, [0, 1]), ...pick(world.engaged, [2, 3])];
    await app.pool.query(
      'update campaign_recipient set state = 7 where campaign_id = $1 and contact_id = any($2::bigint[])',
      [world.campaignId, failed],
    );
    // Two more today: they go to the failed engaged recipients, the others wait.
    await setCap(a.tenantId, world.planId, 14);
    const resent = await post(a, '/api/btmsg/operation', {
      id: world.campaignId,
      action: 'resend',
      states: ['failed'],
    });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    await until(async () => (await messagedInOrder(a.tenantId, world.campaignId)).length === 14, "the new run's cap");
    expect((await messagedInOrder(a.tenantId, world.campaignId)).slice(12)).toEqual(pick(world.engaged, [2, 3]));
    await liftCapAndFinish(a, world);
    expect((await messagedInOrder(a.tenantId, world.campaignId)).slice(14)).toEqual(pick(world.contacts, [0, 1]));
    // Three campaign runs one after another: over 30 s once in a loaded CI run (4.5 s alone here).
  }, 90_000);

  it('keeps its walk with the step: a rolled-back step changes nothing, concurrent steps never send twice', async () => {
    const number = await warmingNumber(b, true, 3);
    const tagId = await addTag(app, b.tenantId, 'engaged seeded', 'contact');
    const contacts = await taggedContacts(app, b.tenantId, tagId, 40);
    const campaignId = await seedRunningCampaign(app.pool, b.tenantId, {
      numberIds: [number.numberId],
      templateId: number.templateId,
      contactIds: contacts,
    });
    const engaged = pick(contacts, [5, 17, 18, 30, 39]);
    await app.pool.query(
      'update campaign_recipient set engaged = true where campaign_id = $1 and contact_id = any($2::bigint[])',
      [campaignId, engaged],
    );
    const step = () => withTransaction(app.pool, (client) => dispatchStep(client, b.tenantId, campaignId));

    // Another tenant's step finds no campaign, and another tenant's walk no recipient.
    expect(await withTransaction(app.pool, (client) => dispatchStep(client, a.tenantId, campaignId))).toEqual({
      end: true,
    });
    const walk = [{ numberId: number.numberId, cursor: '0', room: 10 }];
    expect(await dueEngagedRecipients(app.pool, a.tenantId, campaignId, walk, null)).toEqual([]);
    expect(await dueEngagedRecipients(app.pool, b.tenantId, campaignId, walk, null)).toHaveLength(5);

    // A step killed before its commit leaves the walk where it was.
    const crash = new Error('killed mid-step');
    await expect(
      withTransaction(app.pool, async (client) => {
        await dispatchStep(client, b.tenantId, campaignId);
        throw crash;
      }),
    ).rejects.toBe(crash);
    const cursor = () =>
      app.pool.query('select engaged_cursor::text as c from campaign_sender where campaign_id = $1', [campaignId]);
    expect((await cursor()).rows[0].c).toBe('0');
    expect(await messagedInOrder(b.tenantId, campaignId)).toEqual([]);

    await step();
    expect(await messagedInOrder(b.tenantId, campaignId)).toEqual(engaged.slice(0, 3));
    expect((await cursor()).rows[0].c).toBe(engaged[2]);

    await setCap(b.tenantId, number.planId, 100);
    await until(
      async () => {
        await Promise.all([step(), step(), step()]);
        return (await statusOf(campaignId)) === 'completed';
      },
      'concurrent steps to finish the campaign',
      60_000,
    );
    const order = await messagedInOrder(b.tenantId, campaignId);
    expect(sorted(order)).toEqual(contacts);
    expect(order.slice(0, 5)).toEqual(engaged);
    expect((await cursor()).rows[0].c).toBeNull();
  });
});
