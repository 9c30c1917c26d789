import { calls, HOME_DAYS } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { addNumber, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { seedContact, seedNumber } from '../../test/whatsapp-fixtures.js';
import { approvedTemplate, consentingContacts, seedRunningCampaign } from '../campaigns/test-support.js';

const t = useTestApp();
const tenants = useTenants(t, 'home');
const { a: owner, b: other, seat } = tenants;

const summary = async (token: string = owner.token) => {
  const reply = await t.post('/api/home/summary', { token, body: {} });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
};

/** A number's messages of a day (0: today, -1: yesterday) as the send lane and the received trigger add them. */
const countMessages = (tenantId: string, numberId: string, dayOffset: number, sent: number, received: number) =>
  t.pool.query(
    `insert into number_daily_count as c (tenant_id, number_id, day, sent, received)
     values ($1, $2, (now() at time zone 'UTC')::date + $3::int, $4, $5)
     on conflict (tenant_id, number_id, day) do update set sent = c.sent + excluded.sent, received = c.received + excluded.received`,
    [tenantId, numberId, dayOffset, sent, received],
  );

/** Moves campaign recipients to a state (its position in RECIPIENT_STATES), as the drain does. */
const moveRecipients = (campaignId: string, contactIds: readonly string[], state: number) =>
  t.pool.query('update campaign_recipient set state = $3 where campaign_id = $1 and contact_id = any($2::bigint[])', [
    campaignId,
    contactIds,
    state,
  ]);

let connected: string;
let portfolioId: string;
let campaignId: string;

beforeAll(async () => {
  const first = await seedNumber(t.pool, t.context.whatsapp, owner.tenantId);
  connected = first.numberId;
  portfolioId = first.portfolioId;
  const flagged = await addNumber(t, owner.tenantId);
  const binned = await addNumber(t, owner.tenantId);
  const fourth = await addNumber(t, owner.tenantId);
  await t.pool.query(`update wa_number set quality_rating = 'GREEN', messaging_limit_tier = null where id = $1`, [
    fourth,
  ]);
  await t.pool.query(
    `update wa_number set status = 'FLAGGED', quality_rating = 'RED', messaging_limit_tier = 'TIER_1K' where id = $1`,
    [flagged],
  );
  await t.pool.query(`update wa_number set quality_rating = 'GREEN', messaging_limit_tier = 'TIER_1K' where id = $1`, [
    connected,
  ]);
  await t.pool.query(`update wa_number set deleted_at = now() where id = $1`, [binned]);
  await t.pool.query('update wa_portfolio set messaging_limit = 1000 where id = $1', [portfolioId]);
  await t.pool.query(
    `insert into portfolio_daily_reach (tenant_id, portfolio_id, day, bucket, reached)
     values ($1, $2, (now() at time zone 'UTC')::date, 3, 150), ($1, $2, (now() at time zone 'UTC')::date, 5, 100),
            ($1, $2, (now() at time zone 'UTC')::date - 1, 0, 999)`,
    [owner.tenantId, portfolioId],
  );
  await seedContact(t.pool, owner.tenantId, { waId: '15550100001', numberId: connected, consent: true });
  await seedContact(t.pool, owner.tenantId, { waId: '15550100002', numberId: connected, consent: true });
  await seedContact(t.pool, owner.tenantId, {
    waId: '15550100003',
    numberId: flagged,
    consent: true,
    optedOut: { at: new Date(), channel: 'keyword' },
  });
  await seedContact(t.pool, owner.tenantId, { waId: '15550100004' });
  await countMessages(owner.tenantId, connected, 0, 7, 3);
  await countMessages(owner.tenantId, binned, 0, 1, 1);
  await countMessages(owner.tenantId, connected, 0, 2, 0);
  await countMessages(owner.tenantId, connected, -1, 100, 100);
  await countMessages(owner.tenantId, connected, -HOME_DAYS, 5000, 5000);

  // A running campaign of three recipients: two delivered, one of them read, the third failed. They
  // are moved without messages, so the day's delivered, read and failed (counted from messages,
  // home-message-statuses.test.ts) stay 0: only the campaign's progress shows them.
  const templateId = await approvedTemplate(t, owner.tenantId, connected);
  const recipients = await consentingContacts(t.pool, owner.tenantId, 3);
  campaignId = await seedRunningCampaign(t.pool, owner.tenantId, {
    numberIds: [connected],
    templateId,
    contactIds: recipients,
  });
  await moveRecipients(campaignId, recipients, 3);
  await moveRecipients(campaignId, recipients.slice(0, 2), 4);
  await moveRecipients(campaignId, recipients.slice(0, 1), 5);
  await moveRecipients(campaignId, recipients.slice(2), 7);

  // The seat is online; two conversations wait unassigned, one is assigned.
  await t.pool.query(`insert into agent_presence (tenant_id, user_id, state) values ($1, $2, 'online')`, [
    owner.tenantId,
    seat.userId,
  ]);
  await t.pool.query(
    `insert into conversation (tenant_id, number_id, contact_id, status, assignee_user_id)
     select $1, $2, c.id, 'open', case when c.wa_id = '15550100001' then $3::bigint end
       from contact c where c.tenant_id = $1 and c.wa_id in ('15550100001', '15550100002', '15550100004')`,
    [owner.tenantId, connected, seat.userId],
  );
  await t.pool.query(
    `insert into tenant_wallet (tenant_id, low_balance_micros) values ($1, 5000000)
     on conflict (tenant_id) do update set low_balance_micros = excluded.low_balance_micros`,
    [owner.tenantId],
  );

  // Another tenant's figures never show.
  const theirs = await addNumber(t, other.tenantId);
  await seedContact(t.pool, other.tenantId, { waId: '15550100001', numberId: theirs, consent: true });
  await countMessages(other.tenantId, theirs, 0, 50, 40);
});

describe('POST /api/home/summary', () => {
  it("gives the tenant's numbers by status, quality and tier, and its contacts by consent", async () => {
    const data = await summary();
    expect(data.numbers_by_status).toEqual([
      { status: 'CONNECTED', numbers: 2 },
      { status: 'FLAGGED', numbers: 1 },
    ]);
    expect(data.numbers_by_quality).toEqual([
      { quality: 'GREEN', numbers: 2 },
      { quality: 'RED', numbers: 1 },
    ]);
    expect(data.numbers_by_tier).toEqual([
      { tier: 'TIER_1K', numbers: 2 },
      { tier: null, numbers: 1 },
    ]);
    expect(data.contacts).toEqual({ total: 7, opted_in: 5, opted_out: 1 });
  });

  it('gives new contacts and opt-outs, and messages, per day of the last 30 days', async () => {
    const data = await summary();
    expect(data.contact_days).toHaveLength(HOME_DAYS);
    expect(data.contact_days.at(-1)).toMatchObject({ created: 7, opted_out: 1 });
    expect(data.message_days).toHaveLength(HOME_DAYS);
    const today = new Date().toISOString().slice(0, 10);
    expect(data.message_days.at(-1)).toEqual({ day: today, sent: 10, received: 4, delivered: 0, read: 0, failed: 0 });
    expect(data.message_days.at(-2)).toMatchObject({ sent: 100, received: 100, delivered: 0 });
    // The day before the window is left out.
    const days = data.message_days as { sent: number }[];
    expect(days.reduce((sum, day) => sum + day.sent, 0)).toBe(110);
    expect(data.messages_today).toEqual({ sent: 10, received: 4, delivered: 0, read: 0, failed: 0 });
  });

  it('keeps number_tally and contact_consent_total equal to what they count', async () => {
    // A number of the recycle bin purged, another restored and binned again: the tally follows.
    const spare = await addNumber(t, owner.tenantId);
    await t.pool.query('update wa_number set deleted_at = now() where id = $1', [spare]);
    await t.pool.query('update wa_number set deleted_at = null, status = $2 where id = $1', [spare, 'PENDING']);
    await t.pool.query('update wa_number set deleted_at = now() where id = $1', [spare]);
    await t.pool.query('delete from wa_number where id = $1', [spare]);
    const numbers = await t.pool.query(
      `select tenant_id, status, quality_rating, coalesce(messaging_limit_tier, '') as tier, count(*)::int as n
         from wa_number where deleted_at is null group by 1, 2, 3, 4
       except
       select tenant_id, status, quality_rating, tier, numbers::int from number_tally where numbers <> 0`,
    );
    expect(numbers.rows).toEqual([]);
    const tallied = await t.pool.query(
      `select tenant_id, status, quality_rating, tier, numbers::int from number_tally where numbers <> 0
       except
       select tenant_id, status, quality_rating, coalesce(messaging_limit_tier, ''), count(*)::int
         from wa_number where deleted_at is null group by 1, 2, 3, 4`,
    );
    expect(tallied.rows).toEqual([]);
    const consent = await t.pool.query(
      `select t.tenant_id, t.consent, t.contacts, coalesce(c.contacts, 0)::int as counted
         from (select tenant_id, consent, sum(contacts)::int as contacts from contact_consent_total group by 1, 2) t
         full join (select tenant_id, consent, count(*)::int as contacts from contact where deleted_at is null group by 1, 2) c
           on c.tenant_id = t.tenant_id and c.consent = t.consent
        where coalesce(t.contacts, 0) <> coalesce(c.contacts, 0)`,
    );
    expect(consent.rows).toEqual([]);
  });

  it("keeps message_day's sent and received equal to number_daily_count", async () => {
    const { rows } = await t.pool.query(
      `select m.day::text, m.sent, m.received, coalesce(c.sent, 0) as c_sent, coalesce(c.received, 0) as c_received
         from (select tenant_id, day, sum(sent)::int as sent, sum(received)::int as received from message_day group by 1, 2) m
         left join (select tenant_id, day, sum(sent)::int as sent, sum(received)::int as received
                      from number_daily_count group by 1, 2) c on c.tenant_id = m.tenant_id and c.day = m.day`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect([row.sent, row.received]).toEqual([row.c_sent, row.c_received]);
  });

  it("gives the portfolios' limits used today, the campaigns under way, the inbox and the wallet", async () => {
    const data = await summary();
    expect(data.portfolios.total).toBeGreaterThanOrEqual(1);
    expect(data.portfolios.busiest[0]).toEqual({
      id: portfolioId,
      name: expect.any(String),
      messaging_limit: 1000,
      reached_today: 250,
      numbers: expect.any(Number),
    });
    expect(data.campaigns).toEqual({
      moving: 1,
      latest: [
        {
          id: campaignId,
          kind: 'mass',
          name: 'Spring sale',
          status: 'running',
          recipients: 3,
          counts: { delivered: 1, read: 1, failed: 1 },
        },
      ],
    });
    expect(data.inbox).toEqual({ agents: 1, online: 1, waiting: 2, waiting_capped: false });
    expect(data.wallet).toEqual({
      balance: 0,
      held: 0,
      available: 0,
      low_balance: true,
      low_balance_threshold: 5_000_000,
    });
  });

  it('shows another tenant only its own figures', async () => {
    const data = await summary(other.token);
    expect(data.numbers_by_status).toEqual([{ status: 'CONNECTED', numbers: 1 }]);
    expect(data.contacts).toEqual({ total: 1, opted_in: 1, opted_out: 0 });
    expect(data.messages_today).toEqual({ sent: 50, received: 40, delivered: 0, read: 0, failed: 0 });
    expect(data.campaigns).toEqual({ moving: 0, latest: [] });
    expect(data.inbox).toEqual({ agents: 0, online: 0, waiting: 0, waiting_capped: false });
    expect(data.portfolios.busiest.map((row: { id: string }) => row.id)).not.toContain(portfolioId);
    expect(data.wallet.low_balance).toBe(false);
  });

  it('needs a sign-in and is not for seats', () =>
    refusesStrangers(t, tenants, calls.homeSummary, { valid: () => ({}) }));
});
