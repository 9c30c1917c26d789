import { addDays, calls, type WarmupPlanDetails, type WarmupPortfolio } from '@ws/contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { addNumber, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { utcToday } from './schedule-plan.js';

const t = useTestApp();
const tenants = useTenants(t, 'keep');
const { a, b } = tenants;
// Read again before each test: read once when the file loaded, it was yesterday's for the tests of
// a run that went past midnight (UTC), and every plan the server made that day looked a day late.
let today = utcToday();
beforeEach(() => {
  today = utcToday();
});
let warm: { portfolioId: string; numbers: string[] };
let other: { portfolioId: string; number: string };
let strangerPortfolio: string;
let strangerNumber: string;

async function portfolioOf(numberId: string): Promise<string> {
  const { rows } = await t.pool.query(
    `select w.portfolio_id::text as id from wa_number n join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
      where n.id = $1`,
    [numberId],
  );
  return rows[0].id;
}

beforeAll(async () => {
  const numbers: string[] = [];
  for (let index = 0; index < 3; index += 1) {
    numbers.push(await addNumber(t, a.tenantId, { portfolioName: 'Warm portfolio', messagingLimit: 2000 }));
  }
  warm = { portfolioId: await portfolioOf(numbers[0] as string), numbers };
  const number = await addNumber(t, a.tenantId, { portfolioName: 'Other portfolio', messagingLimit: 2000 });
  other = { portfolioId: await portfolioOf(number), number };
  strangerNumber = await addNumber(t, b.tenantId, { portfolioName: 'Stranger portfolio', messagingLimit: 2000 });
  strangerPortfolio = await portfolioOf(strangerNumber);
});

const post = (path: string, body: object, token = a.token, language = 'zh') =>
  t.post(path, { token, body, headers: { 'accept-language': language } });

async function added(body: object): Promise<WarmupPlanDetails> {
  const reply = await post('/api/keep/add', {
    name: 'Ramp',
    portfolioId: warm.portfolioId,
    targetTier: 'TIER_100K',
    ...body,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
}

describe('keep (warm-up plans)', () => {
  it("lists the portfolios of the caller's numbers with their tier and numbers, never another tenant's", async () => {
    const reply = await post('/api/keep/portfolios', {});
    expect(reply.status).toBe(200);
    const portfolios = reply.body.data as WarmupPortfolio[];
    expect(portfolios.map((portfolio) => portfolio.name)).toEqual(['Other portfolio', 'Warm portfolio']);
    const warmOne = portfolios.find((portfolio) => portfolio.id === warm.portfolioId);
    expect(warmOne).toMatchObject({ messaging_limit: 2000, tier: 'TIER_2K', plan_id: null });
    expect(warmOne?.numbers.map((number) => number.id).sort()).toEqual([...warm.numbers].sort());
    const theirs = await post('/api/keep/portfolios', {}, b.token);
    expect((theirs.body.data as WarmupPortfolio[]).map((portfolio) => portfolio.id)).toEqual([strangerPortfolio]);
  });

  it('plans a portfolio over all its numbers: the ramp, the split, the forecast and its caveat', async () => {
    const plan = await added({});
    expect(plan).toMatchObject({
      name: 'Ramp',
      status: 'active',
      pace: 'normal',
      prefer_engaged: true,
      start_date: today,
      end_date: addDays(today, 13),
      portfolio: { id: warm.portfolioId, tier: 'TIER_2K', messaging_limit: 2000 },
      today: { day: today, target: 40, reached: 0 },
    });
    expect(plan.numbers).toHaveLength(3);
    // Half of 2 000 (and 10 %) in 7 rising days, then half of 10 000 in the next 7.
    expect(plan.days.map((day) => day.target).slice(0, 7)).toEqual([40, 79, 118, 158, 197, 236, 275]);
    expect(plan.days[7]).toMatchObject({ day: addDays(today, 7), tier: 'TIER_10K', reached: null, sent: null });
    expect(plan.days[0]).toMatchObject({ tier: 'TIER_2K', reached: 0, sent: 0 });
    expect(plan.forecast).toMatchObject({
      next_tier: 'TIER_10K',
      next_tier_day: addDays(today, 7),
      target_day: addDays(today, 14),
      needs_verification: false,
    });
    expect(plan.forecast.caveat).toContain('Meta 决定');
    // Each number's share of today's 40, snapshotted with its quality and tier.
    expect(plan.number_days).toHaveLength(3);
    expect(plan.number_days.every((day) => day.share === 14 && day.day === today)).toBe(true);
    const { rows } = await t.pool.query('select count(*)::int as n from warmup_plan_day where plan_id = $1', [plan.id]);
    expect(rows[0].n).toBe(14);

    const inEnglish = await post('/api/keep/details', { id: plan.id }, a.token, 'en');
    expect(inEnglish.body.data.forecast.caveat).toContain('Meta decides');
    const portfolios = await post('/api/keep/portfolios', {});
    expect(portfolios.body.data.find((p: WarmupPortfolio) => p.id === warm.portfolioId).plan_id).toBe(plan.id);
  });

  it('refuses a second live plan for the same portfolio with a 409 naming portfolioId', async () => {
    const reply = await post('/api/keep/add', { name: 'Again', portfolioId: warm.portfolioId, targetTier: 'TIER_10K' });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toMatch(/^portfolioId: /);
  });

  it('add: 401, 403 for a seat, a 400 naming each bad field, a 404 for what is not the caller’s', async () => {
    const valid = () => ({ name: 'Other', portfolioId: other.portfolioId, targetTier: 'TIER_10K' });
    await refusesStrangers(t, tenants, calls.warmupAdd, {
      valid,
      bad: [
        [{ ...valid(), name: ' ' }, 'name'],
        [{ ...valid(), targetTier: 'TIER_250' }, 'targetTier'],
        // Not above the portfolio's 2 000.
        [{ ...valid(), targetTier: 'TIER_2K' }, 'targetTier'],
        [{ ...valid(), pace: 'warp' }, 'pace'],
        [{ ...valid(), startDate: '2020-01-01' }, 'startDate'],
        [{ ...valid(), startDate: '31.12.2026' }, 'startDate'],
        // A number of the caller's, of another portfolio.
        [{ ...valid(), numberIds: [warm.numbers[0]] }, 'numberIds'],
      ],
    });
    const strangers = await post('/api/keep/add', { ...valid(), portfolioId: strangerPortfolio });
    expect(strangers.status).toBe(404);
    expect(strangers.body.message).toMatch(/^portfolioId: /);
    const strangerNumbers = await post('/api/keep/add', { ...valid(), numberIds: [strangerNumber] });
    expect(strangerNumbers.status).toBe(404);
    expect(strangerNumbers.body.message).toMatch(/^numberIds: /);
  });

  it('lists the plans with filters and today’s progress; another tenant sees none of them', async () => {
    const later = await post('/api/keep/add', {
      name: 'Later one',
      portfolioId: other.portfolioId,
      targetTier: 'TIER_10K',
      pace: 'fast',
      startDate: addDays(today, 2),
      numberIds: [other.number],
      preferEngaged: false,
    });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body.data).toMatchObject({ today: null, start_date: addDays(today, 2), prefer_engaged: false });
    expect(later.body.data.days[0]).toMatchObject({ day: addDays(today, 2), target: 110 });
    const all = await post('/api/keep/list', {});
    expect(all.body.data.records.map((plan: { name: string }) => plan.name)).toEqual(['Later one', 'Ramp']);
    expect(all.body.data.records[1].today).toEqual({ day: today, target: 40, reached: 0 });
    const found = await post('/api/keep/list', { filters: { search: 'ramp', status: 'active' } });
    expect(found.body.data).toMatchObject({ total: 1, records: [{ name: 'Ramp' }] });
    const none = await post('/api/keep/list', { filters: { status: 'done' } });
    expect(none.body.data.total).toBe(0);
    expect((await post('/api/keep/list', {}, b.token)).body.data.total).toBe(0);
    await expectBadList();
  });

  async function expectBadList() {
    await refusesStrangers(t, tenants, calls.warmupList, {
      valid: () => ({}),
      bad: [
        [{ filters: { status: 'running' } }, 'filters.status'],
        [{ pageSize: 7 }, 'pageSize'],
      ],
    });
  }

  it('shows what the portfolio reached and the numbers sent, from the roll-ups', async () => {
    const [plan] = (await post('/api/keep/list', { filters: { search: 'Ramp' } })).body.data.records;
    const contacts = await t.pool.query<{ id: string }>(
      `insert into contact (tenant_id, wa_id) select $1, '4930' || lpad(n::text, 8, '0') from generate_series(1, 25) n
       returning id::text`,
      [a.tenantId],
    );
    const ids = contacts.rows.map((row) => row.id);
    await t.pool.query('select * from reserve_portfolio_reach($1, $2, $3::bigint[])', [
      a.tenantId,
      warm.portfolioId,
      ids,
    ]);
    // Reached again within 24 h: the same users, no new reach.
    await t.pool.query('select * from reserve_portfolio_reach($1, $2, $3::bigint[])', [
      a.tenantId,
      warm.portfolioId,
      ids.slice(0, 5),
    ]);
    await t.pool.query(
      `insert into number_daily_count (tenant_id, number_id, day, sent) values ($1, $2, $3, 12)
       on conflict (tenant_id, number_id, day) do update set sent = 12`,
      [a.tenantId, warm.numbers[0], today],
    );
    const details = (await post('/api/keep/details', { id: plan.id })).body.data as WarmupPlanDetails;
    expect(details.today).toEqual({ day: today, target: 40, reached: 25 });
    expect(details.days[0]).toMatchObject({ reached: 25, sent: 12 });
    expect(details.number_days.find((day) => day.number_id === warm.numbers[0])).toMatchObject({ sent: 12, share: 14 });
  });

  it('details: a 404 naming id for another tenant’s plan', async () => {
    const [plan] = (await post('/api/keep/list', { filters: { search: 'Ramp' } })).body.data.records;
    const reply = await post('/api/keep/details', { id: plan.id }, b.token);
    expect(reply.status).toBe(404);
    expect(reply.body.message).toMatch(/^id: /);
    await refusesStrangers(t, tenants, calls.warmupDetails, {
      valid: () => ({ id: plan.id }),
      bad: [[{ id: 'x' }, 'id']],
    });
  });

  it('edits: renames, re-plans from today, narrows the numbers, pauses and finishes', async () => {
    const [plan] = (await post('/api/keep/list', { filters: { search: 'Ramp' } })).body.data.records;
    const edited = await post('/api/keep/edit', {
      id: plan.id,
      name: 'Ramp fast',
      pace: 'fast',
      targetTier: 'TIER_10K',
      numberIds: warm.numbers.slice(0, 2),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const data = edited.body.data as WarmupPlanDetails;
    expect(data).toMatchObject({
      name: 'Ramp fast',
      pace: 'fast',
      target_tier: 'TIER_10K',
      end_date: addDays(today, 3),
    });
    expect(data.days.map((day) => day.target)).toEqual([110, 220, 330, 440]);
    expect(data.numbers.map((number) => number.id).sort()).toEqual(warm.numbers.slice(0, 2).sort());
    // Today's shares follow: 110 over two numbers; the third is no longer in the plan.
    expect(data.number_days.map((day) => day.share)).toEqual([55, 55]);
    expect(data.forecast).toMatchObject({ next_tier_day: addDays(today, 4), target_day: addDays(today, 4) });

    const paused = await post('/api/keep/edit', { id: plan.id, status: 'paused' });
    expect(paused.body.data.status).toBe('paused');
    expect(paused.body.data.number_days.map((day: { share: number }) => day.share)).toEqual([0, 0]);

    await refusesStrangers(t, tenants, calls.warmupEdit, {
      valid: () => ({ id: plan.id }),
      bad: [
        [{ id: plan.id, targetTier: 'TIER_2K' }, 'targetTier'],
        [{ id: plan.id, startDate: addDays(today, 1) }, 'startDate'],
        [{ id: plan.id, status: 'running' }, 'status'],
        [{ id: plan.id, numberIds: [other.number] }, 'numberIds'],
      ],
    });
    const theirs = await post('/api/keep/edit', { id: plan.id, name: 'Mine now' }, b.token);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toMatch(/^id: /);

    const done = await post('/api/keep/edit', { id: plan.id, status: 'done' });
    expect(done.body.data.status).toBe('done');
    // The portfolio is free for a new plan; taking up the old one again is then a conflict.
    const next = await added({ name: 'Next ramp', targetTier: 'TIER_10K' });
    const reopened = await post('/api/keep/edit', { id: plan.id, status: 'active' });
    expect(reopened.status).toBe(409);
    expect(reopened.body.message).toMatch(/^portfolioId: /);
    await post('/api/keep/del', { ids: [next.id] });
  });

  it('forecasts the 1 000-a-second upgrade from the day the portfolio should be unlimited', async () => {
    const big = await addNumber(t, a.tenantId, { portfolioName: 'Big portfolio', messagingLimit: 100_000 });
    const plan = await added({
      name: 'To unlimited',
      portfolioId: await portfolioOf(big),
      targetTier: 'TIER_UNLIMITED',
    });
    expect(plan.days).toHaveLength(7);
    expect(plan.days[6]?.target).toBe(13_750);
    expect(plan.forecast).toMatchObject({
      next_tier: 'TIER_UNLIMITED',
      next_tier_day: addDays(today, 7),
      throughput: [{ number_id: big, eligible_from: addDays(today, 7) }],
    });
    await t.pool.query(`update wa_number set throughput_per_second = 1000 where id = $1`, [big]);
    const upgraded = await post('/api/keep/details', { id: plan.id });
    expect(upgraded.body.data.forecast.throughput).toEqual([]);
  });

  it('deletes plans: only the caller’s, a 404 naming ids when none is', async () => {
    const { records } = (await post('/api/keep/list', { pageSize: 50 })).body.data;
    const theirs = await post('/api/keep/del', { ids: records.map((plan: { id: string }) => plan.id) }, b.token);
    expect(theirs.status).toBe(404);
    await refusesStrangers(t, tenants, calls.warmupDel, {
      valid: () => ({ ids: [records[0].id] }),
      bad: [[{ ids: [] }, 'ids']],
      onlyStrangers: { body: () => ({ ids: ['999999999'] }), field: 'ids' },
    });
    const reply = await post('/api/keep/del', { ids: records.map((plan: { id: string }) => plan.id) });
    expect(reply.body.data).toEqual({ count: records.length });
    expect((await post('/api/keep/list', {})).body.data.total).toBe(0);
    const portfolios = (await post('/api/keep/portfolios', {})).body.data as WarmupPortfolio[];
    expect(portfolios.every((portfolio) => portfolio.plan_id === null)).toBe(true);
  });
});
