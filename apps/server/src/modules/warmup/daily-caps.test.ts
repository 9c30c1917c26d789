import { addDays } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { addNumber, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { numbersPreferringEngaged, remainingDailyCaps } from './daily-caps.js';
import { utcToday } from './schedule-plan.js';
import { followWarmupPlans } from './snapshot-job.js';

const t = useTestApp();
const { a, b } = useTenants(t, 'caps');
const today = utcToday();
let numbers: string[];
let outside: string;
let portfolioId: string;
let planId: string;

const post = (path: string, body: object) => t.post(path, { token: a.token, body });

async function setNumber(id: string, quality: string, paused = false) {
  await t.pool.query('update wa_number set quality_rating = $2, paused_at = $3 where id = $1', [
    id,
    quality,
    paused ? new Date() : null,
  ]);
}

async function sentToday(id: string, sent: number) {
  await t.pool.query(
    `insert into number_daily_count (tenant_id, number_id, day, sent) values ($1, $2, $3, $4)
     on conflict (tenant_id, number_id, day) do update set sent = excluded.sent`,
    [a.tenantId, id, today, sent],
  );
}

const caps = () => remainingDailyCaps(t.pool, a.tenantId, [...numbers, outside]);

beforeAll(async () => {
  numbers = [];
  for (let index = 0; index < 3; index += 1) {
    numbers.push(await addNumber(t, a.tenantId, { portfolioName: 'Caps portfolio', messagingLimit: 2000 }));
  }
  outside = await addNumber(t, a.tenantId, { portfolioName: 'No plan', messagingLimit: 2000 });
  const { rows } = await t.pool.query(
    `select w.portfolio_id::text as id from wa_number n join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
      where n.id = $1`,
    [numbers[0]],
  );
  portfolioId = rows[0].id;
  // Fast from 2 000: 110 today, split over three numbers (37 each).
  const reply = await post('/api/keep/add', { name: 'Caps', portfolioId, targetTier: 'TIER_10K', pace: 'fast' });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  planId = reply.body.data.id;
});

describe('remainingDailyCaps', () => {
  it("gives each number of a started plan its share of today's target less what it sent; others are absent", async () => {
    expect(await caps()).toEqual(new Map(numbers.map((id) => [id, 37])));
    await sentToday(numbers[0] as string, 10);
    await sentToday(numbers[1] as string, 50);
    const after = await caps();
    expect(after.get(numbers[0] as string)).toBe(27);
    expect(after.get(numbers[1] as string)).toBe(0);
    expect(after.has(outside)).toBe(false);
    // Another tenant's id for the same numbers finds nothing.
    expect(await remainingDailyCaps(t.pool, b.tenantId, numbers)).toEqual(new Map());
    expect(await remainingDailyCaps(t.pool, a.tenantId, [])).toEqual(new Map());
    expect(await numbersPreferringEngaged(t.pool, a.tenantId, [...numbers, outside])).toEqual(new Set(numbers));
    await sentToday(numbers[0] as string, 0);
    await sentToday(numbers[1] as string, 0);
  });

  it('halves a YELLOW number, stops a RED or paused one, and gives the share back when it recovers', async () => {
    const [green, yellow, red] = numbers as [string, string, string];
    await setNumber(yellow, 'YELLOW');
    await setNumber(red, 'RED');
    expect(await caps()).toEqual(
      new Map([
        [green, 37],
        [yellow, 18],
        [red, 0],
      ]),
    );
    await setNumber(green, 'GREEN', true);
    expect((await caps()).get(green)).toBe(0);
    // Nothing moves to the healthy ones: the plan slows down instead.
    await setNumber(green, 'GREEN');
    await setNumber(yellow, 'GREEN');
    await setNumber(red, 'GREEN');
    expect(await caps()).toEqual(new Map(numbers.map((id) => [id, 37])));
  });

  it('holds every number of a paused plan, and lets them go when the plan is finished or deleted', async () => {
    await post('/api/keep/edit', { id: planId, status: 'paused' });
    expect(await caps()).toEqual(new Map(numbers.map((id) => [id, 0])));
    await post('/api/keep/edit', { id: planId, status: 'active' });
    expect((await caps()).get(numbers[0] as string)).toBe(37);
    await post('/api/keep/edit', { id: planId, status: 'done' });
    expect(await caps()).toEqual(new Map());
    await post('/api/keep/edit', { id: planId, status: 'active' });
    expect((await caps()).size).toBe(3);
  });

  it('has no cap before the start day', async () => {
    const later = await addNumber(t, a.tenantId, { portfolioName: 'Later portfolio', messagingLimit: 2000 });
    const { rows } = await t.pool.query(
      `select w.portfolio_id::text as id from wa_number n join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
        where n.id = $1`,
      [later],
    );
    const reply = await post('/api/keep/add', {
      name: 'Tomorrow',
      portfolioId: rows[0].id,
      targetTier: 'TIER_10K',
      startDate: addDays(today, 1),
    });
    expect(reply.status).toBe(200);
    expect(await remainingDailyCaps(t.pool, a.tenantId, [later])).toEqual(new Map());
    expect(await remainingDailyCaps(t.pool, a.tenantId, [later], addDays(today, 1))).toEqual(new Map([[later, 40]]));
  });
});

describe('the hourly follow job', () => {
  it('plans again from today when Meta moved the portfolio up sooner, snapshots quality, and ends at the target', async () => {
    await t.pool.query('update wa_portfolio set messaging_limit = 10000 where id = $1', [portfolioId]);
    await t.pool.query(`update wa_number set quality_rating = 'YELLOW' where id = $1`, [numbers[2]]);
    // The target is 10 000: reached, so the plan is done and its caps end.
    await followWarmupPlans(t.pool, today, a.tenantId);
    const done = (await post('/api/keep/details', { id: planId })).body.data;
    expect(done.status).toBe('done');
    expect(await caps()).toEqual(new Map());
    expect(done.number_days.find((day: { number_id: string }) => day.number_id === numbers[2]).quality_rating).toBe(
      'YELLOW',
    );

    // Aim higher: the plan goes on from 10 000 today.
    const edited = await post('/api/keep/edit', { id: planId, status: 'active', targetTier: 'TIER_100K' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.days.find((day: { day: string }) => day.day === today)).toMatchObject({
      tier: 'TIER_10K',
      target: 550,
    });
    // Meta took it down again: the job plans from the limit there is.
    await t.pool.query('update wa_portfolio set messaging_limit = 2000 where id = $1', [portfolioId]);
    await followWarmupPlans(t.pool, today, a.tenantId);
    const replanned = (await post('/api/keep/details', { id: planId })).body.data;
    expect(replanned.days.find((day: { day: string }) => day.day === today)).toMatchObject({
      tier: 'TIER_2K',
      target: 110,
    });
    expect(replanned.forecast).toMatchObject({ next_tier: 'TIER_10K', next_tier_day: addDays(today, 4) });
    // A day the schedule does not cover yet (past its end) is planned when the job gets there.
    const after = addDays(today, 30);
    await followWarmupPlans(t.pool, after, a.tenantId);
    const { rows } = await t.pool.query('select target from warmup_plan_day where plan_id = $1 and day = $2', [
      planId,
      after,
    ]);
    expect(rows).toEqual([{ target: 110 }]);
  });
});

describe('portfolio_daily_reach', () => {
  // An unlimited portfolio's reservations take no lock and count nothing, but record the reach all the same.
  it.each([
    ['limited', 2000, '4940'],
    ['unlimited', null, '4941'],
  ])(
    'counts each new reach of a contact on its UTC day, as reserve_portfolio_reach writes it (%s)',
    async (label, limit, prefix) => {
      const numberId = await addNumber(t, a.tenantId, { portfolioName: `Reach ${label}`, messagingLimit: limit });
      const portfolioId = (
        await t.pool.query<{ id: string }>(
          `select w.portfolio_id::text as id from wa_number n join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
          where n.id = $1`,
          [numberId],
        )
      ).rows[0]?.id;
      const { rows } = await t.pool.query<{ id: string }>(
        `insert into contact (tenant_id, wa_id) select $1, $2 || lpad(n::text, 8, '0') from generate_series(1, 10) n
       returning id::text`,
        [a.tenantId, prefix],
      );
      const ids = rows.map((row) => row.id);
      const reached = async () =>
        (
          await t.pool.query(
            'select coalesce(sum(reached), 0)::int as reached from portfolio_daily_reach where portfolio_id = $1 and day = $2',
            [portfolioId, today],
          )
        ).rows[0]?.reached;
      const before = await reached();
      await t.pool.query('select * from reserve_portfolio_reach($1, $2, $3::bigint[])', [a.tenantId, portfolioId, ids]);
      expect(await reached()).toBe(before + 10);
      await t.pool.query('select * from reserve_portfolio_reach($1, $2, $3::bigint[])', [a.tenantId, portfolioId, ids]);
      expect(await reached()).toBe(before + 10);
      // Two were last reached more than a day ago: reaching them again counts them again, today.
      await t.pool.query(
        `update portfolio_reach set reached_at = now() - interval '30 hours' where portfolio_id = $1 and contact_id = any($2::bigint[])`,
        [portfolioId, ids.slice(0, 2)],
      );
      await t.pool.query('select * from reserve_portfolio_reach($1, $2, $3::bigint[])', [a.tenantId, portfolioId, ids]);
      expect(await reached()).toBe(before + 12);
      const granted = await t.pool.query(
        'select count(*)::int as n from reserve_portfolio_reach($1, $2, $3::bigint[]) where granted',
        [a.tenantId, portfolioId, ids],
      );
      expect(granted.rows[0].n).toBe(10);
    },
  );

  it('reserves on an unlimited portfolio without waiting for its row', async () => {
    const numberId = await addNumber(t, a.tenantId, { portfolioName: 'Reach lockless', messagingLimit: null });
    const { rows } = await t.pool.query<{ portfolio_id: string; contact_id: string }>(
      `select w.portfolio_id::text, (select id::text from contact where tenant_id = $2 limit 1) as contact_id
         from wa_number n join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref where n.id = $1`,
      [numberId, a.tenantId],
    );
    const { portfolio_id: portfolio, contact_id: contact } = rows[0] as { portfolio_id: string; contact_id: string };
    const holder = await t.pool.connect();
    const reserver = await t.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from wa_portfolio where id = $1 for update', [portfolio]);
      // Were the row needed, the reservation would wait for it and fail on the lock timeout.
      await reserver.query('begin');
      await reserver.query(`set local lock_timeout = '5s'`);
      const granted = await reserver.query('select granted from reserve_portfolio_reach($1, $2, $3::bigint[])', [
        a.tenantId,
        portfolio,
        [contact],
      ]);
      expect(granted.rows).toEqual([{ granted: true }]);
      await reserver.query('commit');
    } finally {
      await holder.query('rollback');
      holder.release();
      reserver.release();
    }
  });
});
