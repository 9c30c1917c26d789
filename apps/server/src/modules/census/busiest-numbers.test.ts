import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { createTenant } from '../../test/whatsapp-fixtures.js';
import { busiestNumbers, wholeMonths } from './census-repository.js';

/**
 * The busiest numbers of a range read whole months from contact_month_number (0014) and the days
 * around them from contact_daily_stat: they must rank exactly as the daily rows alone would.
 */
const t = useTestApp();
let tenantId: string;

/** The ranking from contact_daily_stat alone: what the roll-up must not change. */
async function rankedByDay(from: string, to: string, limit: number) {
  const { rows } = await t.pool.query(
    `select number_id, sum(created)::int as created, sum(opted_out)::int as opted_out
       from contact_daily_stat where tenant_id = $1 and day between $2 and $3
      group by number_id order by created desc, opted_out desc, number_id limit $4`,
    [tenantId, from, to, limit],
  );
  return rows;
}

beforeAll(async () => {
  tenantId = await createTenant(t.pool);
  // 15 months of rows for 30 numbers (0: contacts of no number), uneven so the ranking moves with the range.
  await t.pool.query(
    `insert into contact_daily_stat (tenant_id, day, number_id, source, created, opted_out)
     select $1, day::date, n, s, ((n * 7 + extract(doy from day)::int * 13 + length(s)) % 11),
            ((n + extract(day from day)::int) % 3)
       from generate_series(date '2025-08-01', date '2026-10-31', interval '1 day') day,
            generate_series(0, 29) n, unnest(array['web', 'qr']) s
      where (n + extract(doy from day)::int) % 4 <> 0`,
    [tenantId],
  );
  // The roll-up follows updates and deletes too.
  await t.pool.query(
    `update contact_daily_stat set created = created + 40 where tenant_id = $1 and number_id = 3 and day between '2026-02-01' and '2026-02-10'`,
    [tenantId],
  );
  await t.pool.query(`delete from contact_daily_stat where tenant_id = $1 and number_id = 5 and day < '2026-01-01'`, [
    tenantId,
  ]);
});

describe('wholeMonths', () => {
  it('gives the calendar months a range covers whole, or none', () => {
    expect(wholeMonths({ from: '2026-01-15', to: '2026-11-20' })).toEqual({ from: '2026-02-01', to: '2026-11-01' });
    expect(wholeMonths({ from: '2026-10-01', to: '2026-10-31' })).toEqual({ from: '2026-10-01', to: '2026-11-01' });
    expect(wholeMonths({ from: '2025-12-01', to: '2026-02-28' })).toEqual({ from: '2025-12-01', to: '2026-03-01' });
    expect(wholeMonths({ from: '2026-10-15', to: '2026-11-20' })).toEqual({ from: '2026-11-01', to: '2026-11-01' });
    expect(wholeMonths({ from: '2026-11-05', to: '2026-11-20' })).toEqual({ from: '2026-12-01', to: '2026-11-01' });
  });
});

describe('busiestNumbers', () => {
  it('ranks as the daily rows do, for ranges with and without whole months', async () => {
    const ranges: Array<[string, string]> = [
      ['2025-08-01', '2026-10-31'],
      ['2025-08-02', '2026-10-30'],
      ['2025-11-17', '2026-10-31'],
      ['2026-01-31', '2026-03-01'],
      ['2026-02-01', '2026-02-28'],
      ['2026-10-15', '2026-11-20'],
      ['2026-01-15', '2026-02-20'],
      ['2026-09-03', '2026-09-21'],
      ['2026-03-01', '2026-03-01'],
    ];
    for (const [from, to] of ranges) {
      for (const limit of [5, 20]) {
        const ranked = await busiestNumbers(t.pool, tenantId, { from, to }, limit);
        expect(ranked, `${from}..${to}`).toEqual(await rankedByDay(from, to, limit));
      }
    }
  });

  it('rests on a roll-up equal to the daily rows summed by month', async () => {
    const byMonth = `select month::text, number_id, created, opted_out from (
        select date_trunc('month', day)::date as month, number_id, sum(created)::int as created,
               sum(opted_out)::int as opted_out
          from contact_daily_stat where tenant_id = $1 group by 1, 2) m
      order by 1, 2`;
    const rolled = `select month::text, number_id, created, opted_out from contact_month_number
      where tenant_id = $1 and (created <> 0 or opted_out <> 0) order by 1, 2`;
    const expected = (await t.pool.query(byMonth, [tenantId])).rows;
    expect(expected.length).toBeGreaterThan(400);
    expect((await t.pool.query(rolled, [tenantId])).rows).toEqual(expected);
  });

  it('counts one number from its own rows', async () => {
    const [row] = await busiestNumbers(t.pool, tenantId, { from: '2025-09-10', to: '2026-04-02', numberId: '3' }, 20);
    const [expected] = (await rankedByDay('2025-09-10', '2026-04-02', 100)).filter((r) => r.number_id === '3');
    expect(row).toEqual(expected);
  });
});
