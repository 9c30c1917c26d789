import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db/pool.js';
import { addNumber, addTag, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { seedTemplate } from '../../test/whatsapp-fixtures.js';
import { dispatchStep, type StepPlan } from './dispatch-step.js';
import { decideSplit } from './split-decision.js';
import { startCampaign } from './start-campaign.js';
import {
  approvedTemplate,
  newCampaign,
  seedRunningCampaign,
  splitSeededCampaign,
  taggedContacts,
  templateContent,
} from './test-support.js';

// The A/B split's request, snapshot and decision, without a worker: each step is run by the test.
const t = useTestApp();
const tenants = useTenants(t, 'cmpsplit');
let numberA: string;
let numberB: string;
let tagA: string;
let templateA: string;
let templateB: string;
let contacts: string[];

beforeAll(async () => {
  numberA = await addNumber(t, tenants.a.tenantId);
  numberB = await addNumber(t, tenants.b.tenantId);
  tagA = await addTag(t, tenants.a.tenantId, 'split', 'contact');
  templateA = await approvedTemplate(t, tenants.a.tenantId, numberA);
  templateB = await approvedTemplate(t, tenants.a.tenantId, numberA, 'autumn_sale');
  contacts = await taggedContacts(t, tenants.a.tenantId, tagA, 40);
});

const split = (change: Record<string, unknown> = {}) => ({
  content: templateContent(templateB),
  samplePercent: 20,
  metric: 'reply',
  decideAfterMinutes: 60,
  ...change,
});

const add = (body: unknown, language = 'en', token = tenants.a.token) =>
  t.post('/api/btmsg/add', { body, token, headers: { 'accept-language': language } });

async function decide(campaignId: string, tenantId = tenants.a.tenantId): Promise<boolean> {
  return withTransaction(t.pool, (client) => decideSplit(client, tenantId, campaignId));
}

const stored = async (campaignId: string) =>
  (
    await t.pool.query(
      'select split_winner, split_decided_at, split_decision, dispatch_cursor::text from campaign where id = $1',
      [campaignId],
    )
  ).rows[0];

/** A running split campaign of tenant A (4 A, 4 B, the rest) seeded in the database; its id. */
async function seededSplit(metric: 'read' | 'reply' = 'reply'): Promise<string> {
  const id = await seedRunningCampaign(t.pool, tenants.a.tenantId, {
    numberIds: [numberA],
    templateId: templateA,
    contactIds: contacts.slice(0, 20),
    // The same contacts serve every test: no cross-campaign cap between them.
    options: { frequencyCapHours: 0 },
  });
  await splitSeededCampaign(t.pool, id, { templateId: templateB, metric, a: 4, b: 4 });
  return id;
}

/** Sets the recipients of a variant (1 A, 2 B) in contact order to these states. */
async function setStates(campaignId: string, variant: number, states: number[]): Promise<void> {
  await t.pool.query(
    `update campaign_recipient r set state = s.state
       from (select contact_id, row_number() over (order by contact_id) as place from campaign_recipient
              where campaign_id = $1 and variant = $2) o
       join unnest($3::smallint[]) with ordinality as s (state, place) on s.place = o.place
      where r.campaign_id = $1 and r.contact_id = o.contact_id`,
    [campaignId, variant, states],
  );
}

describe('an A/B split on POST /api/btmsg/add', () => {
  it('refuses a bad split, naming the field in en and zh', async () => {
    const pending = await seedTemplate(t.pool, tenants.a.tenantId, numberA, { name: 'pending_b', status: 'PENDING' });
    const utility = await seedTemplate(t.pool, tenants.a.tenantId, numberA, { name: 'notice', category: 'UTILITY' });
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [split({ samplePercent: 1 }), 400, /^split\.samplePercent: /],
      [split({ samplePercent: 60 }), 400, /^split\.samplePercent: /],
      [split({ decideAfterMinutes: 0 }), 400, /^split\.decideAfterMinutes: /],
      [split({ metric: 'opens' }), 400, /^split\.metric: /],
      [split({ metric: 'click' }), 400, /^split\.metric: click rate needs tracked links/],
      [split({ content: { kind: 'text', text: 'Hi' } }), 400, /^split\.content\.kind: /],
      [split({ content: templateContent(templateA) }), 400, /^split\.content: variant B is the same as A/],
      [split({ content: templateContent(pending) }), 400, /^split\.content\.templateId: .*PENDING/],
      [split({ content: templateContent(utility) }), 400, /^split\.content\.templateId: .*category/],
      [split({ content: { kind: 'template', templateId: templateB } }), 400, /^split\.content\.variables\.body\.1: /],
    ];
    for (const [value, status, message] of cases) {
      const reply = await add(newCampaign(numberA, tagA, templateA, { split: value }));
      expect(reply.status, JSON.stringify(value)).toBe(status);
      expect(reply.body.message).toMatch(message);
    }
    const zh = await add(newCampaign(numberA, tagA, templateA, { split: split({ metric: 'click' }) }), 'zh');
    expect(zh.body.message).toMatch(/^split\.metric: 点击率需要可跟踪的链接/);
  });

  it('forecasts the end later by the wait for the decision', async () => {
    const plain = await add(newCampaign(numberA, tagA, templateA, { preview: true }));
    const tested = await add(newCampaign(numberA, tagA, templateA, { preview: true, split: split() }));
    expect(tested.status).toBe(200);
    const later = Date.parse(tested.body.data.forecast.ends_at) - Date.parse(plain.body.data.forecast.ends_at);
    // 60 minutes, and the moment between the two calls.
    expect(later).toBeGreaterThanOrEqual(60 * 60_000);
    expect(later).toBeLessThan(61 * 60_000);
  });

  it('answers 404 naming the field for variant B’s template of another tenant', async () => {
    const strangers = await seedTemplate(t.pool, tenants.b.tenantId, numberB, { name: 'b_sale' });
    const reply = await add(
      newCampaign(numberA, tagA, templateA, { split: split({ content: templateContent(strangers) }) }),
    );
    expect(reply.status).toBe(404);
    expect(reply.body.message).toMatch(/^split\.content\.templateId: /);
  });

  it('snapshots the sample by its share, half A and half B, the same way every time, and answers it', async () => {
    const reply = await add(newCampaign(numberA, tagA, templateA, { name: 'Split', split: split() }));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const id = reply.body.data.campaign.id as string;
    expect(reply.body.data.campaign.split).toMatchObject({ sample_percent: 20, metric: 'reply', decision: null });
    await startCampaign(t.context, tenants.a.tenantId, id);
    const { rows } = await t.pool.query(
      'select variant, count(*)::int as n from campaign_recipient where campaign_id = $1 group by variant order by variant',
      [id],
    );
    expect(rows).toEqual([
      { variant: 1, n: 4 },
      { variant: 2, n: 4 },
      { variant: 3, n: 32 },
    ]);
    // Reproducible: A is the first share of the contacts in the order of a hash of (contact, campaign).
    const expected = await t.pool.query(
      `select array_agg(contact_id::text order by contact_id) as a from (
         select contact_id from campaign_recipient where campaign_id = $1
          order by hashint8extended(contact_id, $1), contact_id limit 4) first`,
      [id],
    );
    const a = await t.pool.query(
      'select array_agg(contact_id::text order by contact_id) as a from campaign_recipient where campaign_id = $1 and variant = 1',
      [id],
    );
    expect(a.rows[0].a).toEqual(expected.rows[0].a);
    const firstFour = [...contacts].sort((x, y) => Number(x) - Number(y)).slice(0, 4);
    expect(a.rows[0].a).not.toEqual(firstFour);

    const details = await t.post('/api/btmsg/details', { body: { id, pageSize: 50 }, token: tenants.a.token });
    expect(details.status).toBe(200);
    const answered = details.body.data.campaign.split;
    expect(answered.template).toMatchObject({ id: templateB, name: 'autumn_sale' });
    expect(answered.variants.map((v: { variant: string; recipients: number }) => [v.variant, v.recipients])).toEqual([
      ['a', 4],
      ['b', 4],
      ['rest', 32],
    ]);
    const variants = details.body.data.recipients.records.map((r: { variant: string }) => r.variant);
    expect(variants.filter((v: string) => v === 'b')).toHaveLength(4);
    const list = await t.post('/api/btmsg/list', { body: {}, token: tenants.a.token });
    expect(list.body.data.records[0].split.variants[2]).toMatchObject({ variant: 'rest', recipients: 32 });
    const stranger = await t.post('/api/btmsg/details', { body: { id }, token: tenants.b.token });
    expect(stranger.status).toBe(404);
  });
});

describe('the split decision', () => {
  it('picks B when its reply rate is better, records the rates once, and sends the rest from the first contact', async () => {
    const id = await seededSplit('reply');
    await t.pool.query('update campaign set dispatch_cursor = 999999999, split_sample_sent_at = now() where id = $1', [
      id,
    ]);
    await setStates(id, 1, [4, 4, 4, 6]);
    await setStates(id, 2, [6, 6, 4, 7]);
    expect(await decide(id)).toBe(true);
    const decided = await stored(id);
    expect(decided).toMatchObject({ split_winner: 2, dispatch_cursor: '0' });
    expect(decided.split_decision).toMatchObject({
      winner: 2,
      reason: 'metric',
      a: { sent: 4, rate: 0.25 },
      b: { sent: 3, rate: 2 / 3 },
    });
    // Once: a second run (a retry, a late duplicate job) changes nothing.
    expect(await decide(id)).toBe(false);
    expect((await stored(id)).split_decided_at).toEqual(decided.split_decided_at);
    const details = await t.post('/api/btmsg/details', { body: { id }, token: tenants.a.token });
    expect(details.body.data.campaign.split.decision).toMatchObject({ winner: 'b', reason: 'metric' });
    expect(details.body.data.campaign.split.variants[1]).toMatchObject({ sent: 3, replied: 2, failed: 1 });
  });

  it('keeps A on a tie, and on a sample with no sends says so', async () => {
    const tie = await seededSplit('read');
    await setStates(tie, 1, [5, 4, 4, 4]);
    await setStates(tie, 2, [6, 4, 4, 4]);
    await decide(tie);
    expect((await stored(tie)).split_decision).toMatchObject({ winner: 1, reason: 'tie' });
    const empty = await seededSplit();
    await decide(empty);
    expect((await stored(empty)).split_decision).toMatchObject({
      winner: 1,
      reason: 'no_sends',
      a: { sent: 0, rate: 0 },
      b: { sent: 0, rate: 0 },
    });
  });

  it('leaves nothing behind when its transaction dies, and decides on the retry', async () => {
    const id = await seededSplit();
    await setStates(id, 2, [6, 6, 6, 6]);
    await expect(
      withTransaction(t.pool, async (client) => {
        await decideSplit(client, tenants.a.tenantId, id);
        throw new Error('the worker died');
      }),
    ).rejects.toThrow('the worker died');
    expect((await stored(id)).split_winner).toBeNull();
    expect(await decide(id)).toBe(true);
    expect((await stored(id)).split_winner).toBe(2);
  });

  it('decides a paused campaign without running its dispatcher (resumed, it sends the rest), a cancelled one not at all, and never another tenant’s', async () => {
    const paused = await seededSplit();
    await t.post('/api/btmsg/operation', { body: { id: paused, action: 'pause' }, token: tenants.a.token });
    expect(await decide(paused)).toBe(false);
    expect((await stored(paused)).split_winner).toBe(1);
    // Resumed, its dispatcher sends the rest the winner's content.
    const resumed = await t.post('/api/btmsg/operation', {
      body: { id: paused, action: 'resume' },
      token: tenants.a.token,
    });
    expect(resumed.status).toBe(200);
    await withTransaction(t.pool, (client) => dispatchStep(client, tenants.a.tenantId, paused));
    const sentRest = await t.pool.query(
      `select count(*)::int as n from campaign_recipient r join message m on m.tenant_id = r.tenant_id and m.id = r.message_id
        where r.campaign_id = $1 and r.variant = 3 and m.template_id = $2`,
      [paused, templateA],
    );
    expect(sentRest.rows[0].n).toBe(12);
    const cancelled = await seededSplit();
    const reply = await t.post('/api/btmsg/operation', {
      body: { id: cancelled, action: 'cancel' },
      token: tenants.a.token,
    });
    expect(reply.status).toBe(200);
    const rest = await t.pool.query(
      'select count(*)::int as n from campaign_recipient where campaign_id = $1 and variant = 3 and state = 11',
      [cancelled],
    );
    expect(rest.rows[0].n).toBe(12);
    expect(await decide(cancelled)).toBe(false);
    expect((await stored(cancelled)).split_winner).toBeNull();
    const other = await seededSplit();
    expect(await decide(other, tenants.b.tenantId)).toBe(false);
    expect((await stored(other)).split_winner).toBeNull();
  });
});

describe('the dispatcher of a split campaign', () => {
  const step = (id: string): Promise<StepPlan> =>
    withTransaction(t.pool, (client) => dispatchStep(client, tenants.a.tenantId, id));
  const queuedByVariant = async (id: string) =>
    (
      await t.pool.query(
        `select r.variant, m.template_id::text, count(*)::int as n
           from campaign_recipient r join message m on m.tenant_id = r.tenant_id and m.id = r.message_id
          where r.campaign_id = $1 group by 1, 2 order by 1`,
        [id],
      )
    ).rows;

  it('queues the sample only, then waits and queues the decision once, again when it is late, and the rest after it', async () => {
    const id = await seededSplit();
    await step(id);
    expect(await queuedByVariant(id)).toEqual([
      { variant: 1, template_id: templateA, n: 4 },
      { variant: 2, template_id: templateB, n: 4 },
    ]);
    // The sample has gone out: the step records when, and asks for the decision 5 minutes on.
    const first = await step(id);
    const { rows } = await t.pool.query('select split_sample_sent_at as at from campaign where id = $1', [id]);
    expect(first).toEqual({ afterMs: 30_000, decideAt: new Date(rows[0].at.getTime() + 5 * 60_000) });
    // Waiting: nothing more goes, and the decision is not queued again while it is not late.
    expect(await step(id)).toEqual({ afterMs: 30_000 });
    expect(await queuedByVariant(id)).toHaveLength(2);
    await t.pool.query("update campaign set split_sample_sent_at = now() - interval '7 minutes' where id = $1", [id]);
    const late = await step(id);
    expect('decideAt' in late ? late.decideAt?.getTime() : 0).toBeGreaterThan(Date.now() - 60_000);

    await setStates(id, 2, [6, 4, 4, 4]);
    expect(await decide(id)).toBe(true);
    await step(id);
    expect(await queuedByVariant(id)).toEqual([
      { variant: 1, template_id: templateA, n: 4 },
      { variant: 2, template_id: templateB, n: 4 },
      { variant: 3, template_id: templateB, n: 12 },
    ]);
  });
});
