import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadInput } from '../../test/bad-input.js';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { seedNumber } from '../../test/whatsapp-fixtures.js';

const t = useTestApp();
const DAY_MS = 86_400_000;
const { a: owner, b: other, seat } = useTenants(t);
let tenantId: string;
let first: { numberId: string; phone: string };
let second: { numberId: string; phone: string };
let today: string;
const dayOffset = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * DAY_MS);
const dayString = (days: number) => dayOffset(days).toISOString().slice(0, 10);
const daysSinceMonday = () => (dayOffset(0).getUTCDay() + 6) % 7;

interface ContactRow {
  waId: string;
  numberId?: string | null;
  source?: string | null;
  createdDaysAgo: number;
  optedIn?: boolean;
  optedOutDaysAgo?: number;
  wroteHoursAgo?: number;
}

/** Contacts straight in the database, as imports and webhooks leave them. */
async function insertContacts(tenant: string, rows: ContactRow[]): Promise<string[]> {
  const ids: string[] = [];
  for (const row of rows) {
    const result = await t.pool.query<{ id: string }>(
      `insert into contact (tenant_id, wa_id, number_id, opt_in_source, opted_in_at, opted_out_at, last_inbound_at,
                            created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [
        tenant,
        row.waId,
        row.numberId ?? null,
        row.source ?? null,
        row.optedIn ? dayOffset(-row.createdDaysAgo) : null,
        row.optedOutDaysAgo === undefined ? null : dayOffset(-row.optedOutDaysAgo),
        row.wroteHoursAgo === undefined ? null : new Date(Date.now() - row.wroteHoursAgo * 3_600_000),
        dayOffset(-row.createdDaysAgo),
      ],
    );
    ids.push(result.rows[0]!.id);
  }
  return ids;
}

const data = (body: unknown, as = owner.token) => t.post('/api/census/data', { token: as, body });
const total = (body: unknown = {}, as = owner.token) => t.post('/api/census/total', { token: as, body });
const exportCsv = (body: unknown, as = owner.token, headers: Record<string, string> = {}) =>
  t.post('/api/census/export', { token: as, body, headers });

beforeAll(async () => {
  tenantId = owner.tenantId;
  today = (await t.pool.query(`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as d`)).rows[0].d;
  for (const phone of ['15550001111', '15550002222']) {
    const made = await seedNumber(t.pool, t.context.whatsapp, tenantId, { phone });
    if (!first) first = { numberId: made.numberId, phone };
    else second = { numberId: made.numberId, phone };
  }
  const [, , , , optOutLater] = await insertContacts(tenantId, [
    { waId: '100', numberId: first.numberId, source: 'web form', createdDaysAgo: 0, optedIn: true, wroteHoursAgo: 1 },
    { waId: '101', numberId: first.numberId, source: 'web form', createdDaysAgo: 0, optedIn: true },
    { waId: '102', numberId: first.numberId, createdDaysAgo: 2, wroteHoursAgo: 30 },
    { waId: '103', numberId: second.numberId, source: 'qr code', createdDaysAgo: 2, optedIn: true, wroteHoursAgo: 2 },
    { waId: '104', numberId: second.numberId, source: 'qr code', createdDaysAgo: 2, optedIn: true },
    { waId: '105', numberId: null, source: '=HYPERLINK("x")', createdDaysAgo: 9 },
  ]);
  // An opt-out counts on the day it happens.
  await t.pool.query(
    `update contact set opted_out_at = $2, opt_out_channel = 'keyword' where tenant_id = $1 and id = $3`,
    [tenantId, dayOffset(-1), optOutLater],
  );
  // Another tenant's contacts never show.
  const theirNumber = await seedNumber(t.pool, t.context.whatsapp, other.tenantId);
  await insertContacts(other.tenantId, [
    { waId: '100', numberId: theirNumber.numberId, source: 'web form', createdDaysAgo: 0, wroteHoursAgo: 1 },
  ]);
});

describe('POST /api/census/data', () => {
  it('gives every day of the range, zeros included, and the range by number and by source', async () => {
    const reply = await data({ from: dayString(-3), to: today });
    expect(reply.status).toBe(200);
    expect(reply.body.data.days).toEqual([
      { day: dayString(-3), created: 0, opted_out: 0 },
      { day: dayString(-2), created: 3, opted_out: 0 },
      { day: dayString(-1), created: 0, opted_out: 1 },
      { day: today, created: 2, opted_out: 0 },
    ]);
    expect(reply.body.data.by_number).toEqual([
      { number_id: first.numberId, phone: first.phone, created: 3, opted_out: 0 },
      { number_id: second.numberId, phone: second.phone, created: 2, opted_out: 1 },
    ]);
    expect(reply.body.data.by_source).toEqual([
      { source: 'qr code', created: 2, opted_out: 1 },
      { source: 'web form', created: 2, opted_out: 0 },
      { source: 'inbound', created: 1, opted_out: 0 },
    ]);
  });

  it('counts the contacts of no number under a null number', async () => {
    const reply = await data({ from: dayString(-10), to: today });
    expect(reply.body.data.by_number).toContainEqual({ number_id: null, phone: '', created: 1, opted_out: 0 });
  });

  it('narrows to one number', async () => {
    const reply = await data({ from: dayString(-3), to: today, numberId: second.numberId });
    expect(reply.body.data.days.map((day: { created: number }) => day.created)).toEqual([0, 2, 0, 0]);
    expect(reply.body.data.by_number).toEqual([
      { number_id: second.numberId, phone: second.phone, created: 2, opted_out: 1 },
    ]);
    expect(reply.body.data.by_source).toEqual([{ source: 'qr code', created: 2, opted_out: 1 }]);
  });

  it('shows another tenant nothing of this one', async () => {
    const reply = await data({ from: dayString(-3), to: today }, other.token);
    expect(reply.body.data.days.at(-1)).toEqual({ day: today, created: 1, opted_out: 0 });
    expect(reply.body.data.days.slice(0, 3).every((day: { created: number }) => day.created === 0)).toBe(true);
    expect(JSON.stringify(reply.body.data.by_number)).not.toContain(first.phone);
    const foreign = await data({ from: today, to: today, numberId: first.numberId }, other.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('numberId: 号码不存在');
    expect((await data({ from: today, to: today, numberId: '987654321' })).status).toBe(404);
  });

  it('accepts up to 366 days and names the field of bad input', async () => {
    expect((await data({ from: '2024-01-01', to: '2024-12-31' })).body.data.days).toHaveLength(366);
    const cases: [unknown, RegExp][] = [
      [{ to: today }, /^from: /],
      [{ from: today }, /^to: /],
      [{ from: '2024-1-01', to: '2024-01-02' }, /^from: /],
      [{ from: '2024-02-30', to: '2024-03-01' }, /^from: .*date/],
      [{ from: '2024-01-01', to: '2024-13-01' }, /^to: /],
      [{ from: '2024-03-02', to: '2024-03-01' }, /^to: must not be before from/],
      [{ from: '2024-01-01', to: '2025-01-01' }, /^to: must be at most 366 days/],
      [{ from: today, to: today, numberId: 'first' }, /^numberId: /],
      [{ from: 20240101, to: today }, /^from: /],
    ];
    await expectBadInput(
      (body) => t.post('/api/census/data', { token: owner.token, body, headers: { 'accept-language': 'en' } }),
      cases,
    );
  });
});

describe('POST /api/census/total', () => {
  it('gives the contact totals of the tenant from the roll-ups', async () => {
    const reply = await total();
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      contacts: 6,
      opted_in: 3,
      opted_out: 1,
      none: 2,
      new_today: 2,
      // The three contacts of two days ago are this week's from Wednesday (UTC) on.
      new_this_week: daysSinceMonday() >= 2 ? 5 : 2,
      window_open: 2,
    });
  });

  it('follows opt-outs, resumes and deletions, and narrows to one number', async () => {
    const [added] = await insertContacts(tenantId, [
      { waId: '200', numberId: second.numberId, createdDaysAgo: 0, optedIn: true, wroteHoursAgo: 0 },
    ]);
    const before = (await total()).body.data;
    expect(before).toMatchObject({ contacts: 7, opted_in: 4, new_today: 3, window_open: 3 });
    await t.pool.query('update contact set opted_out_at = now() where id = $1', [added]);
    expect((await total()).body.data).toMatchObject({ opted_in: 3, opted_out: 2 });
    await t.pool.query('update contact set opted_out_at = null where id = $1', [added]);
    await t.pool.query('update contact set number_id = $2 where id = $1', [added, first.numberId]);
    expect((await total({ numberId: first.numberId })).body.data).toMatchObject({ contacts: 4, opted_in: 3 });
    await t.pool.query('update contact set deleted_at = now() where id = $1', [added]);
    expect((await total()).body.data).toMatchObject({
      contacts: 6,
      opted_in: 3,
      opted_out: 1,
      none: 2,
      window_open: 2,
    });
    expect((await total({ numberId: second.numberId })).body.data).toMatchObject({
      contacts: 2,
      opted_in: 1,
      opted_out: 1,
      none: 0,
      window_open: 1,
    });
  });

  it('keeps tenants apart and names the field of bad input', async () => {
    expect((await total({}, other.token)).body.data).toMatchObject({ contacts: 1, none: 1, window_open: 1 });
    expect((await total({ numberId: first.numberId }, other.token)).status).toBe(404);
    const bad = await total({ numberId: 12 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^numberId: /);
  });
});

describe('POST /api/census/export', () => {
  it('downloads the range as a days x sources CSV', async () => {
    const reply = await exportCsv({ from: dayString(-2), to: dayString(-1) });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toContain(`contact-statistics-${dayString(-2)}-${dayString(-1)}.csv`);
    const text = String(reply.body);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).trimEnd().split('\r\n')).toEqual([
      '日期,来源,新增粉丝,退订',
      `${dayString(-2)},inbound,1,0`,
      `${dayString(-2)},qr code,2,0`,
      `${dayString(-1)},inbound,0,0`,
      `${dayString(-1)},qr code,0,1`,
    ]);
  });

  it('writes English headers when asked, narrows to a number and defuses formulas', async () => {
    const english = await exportCsv({ from: dayString(-9), to: dayString(-9) }, owner.token, {
      'accept-language': 'en',
    });
    expect(String(english.body).slice(1).trimEnd().split('\r\n')).toEqual([
      'Day,Source,New contacts,Opt-outs',
      `${dayString(-9)},"'=HYPERLINK(""x"")",1,0`,
    ]);
    const one = await exportCsv({ from: today, to: today, numberId: first.numberId });
    expect(one.headers['content-disposition']).toContain(`-number-${first.numberId}.csv`);
    expect(String(one.body).trimEnd().split('\r\n').slice(1)).toEqual([`${today},web form,2,0`]);
  });

  it('keeps tenants apart and refuses bad input with the JSON error', async () => {
    const theirs = await exportCsv({ from: dayString(-2), to: today }, other.token);
    expect(String(theirs.body)).not.toContain('qr code');
    expect((await exportCsv({ from: today, to: today, numberId: first.numberId }, other.token)).status).toBe(404);
    const bad = await exportCsv({ from: today, to: '2020-01-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^to: /);
  });
});

describe('access to statistics calls', () => {
  const calls: [string, unknown][] = [
    ['/api/census/data', { from: '2024-01-01', to: '2024-01-02' }],
    ['/api/census/total', {}],
    ['/api/census/export', { from: '2024-01-01', to: '2024-01-02' }],
  ];

  it('needs a sign-in and is not for seats', async () => {
    for (const [path, body] of calls) {
      expect((await t.post(path, { body })).status, path).toBe(401);
      expect((await t.post(path, { token: seat.token, body })).status, path).toBe(403);
    }
  });
});

describe('contact_consent_tally (migration 0009)', () => {
  it('matches a count of the live contacts after bulk statements of every kind', async () => {
    const ids = await insertContacts(
      tenantId,
      Array.from({ length: 12 }, (_, i) => ({
        waId: `300${i}`,
        numberId: i % 2 ? first.numberId : null,
        createdDaysAgo: 1,
        optedIn: i % 3 === 0,
      })),
    );
    await t.pool.query('update contact set opted_out_at = now() where id = any($1::bigint[]) and id % 4 = 0', [ids]);
    await t.pool.query('update contact set number_id = $2 where id = any($1::bigint[]) and id % 5 = 0', [
      ids,
      second.numberId,
    ]);
    await t.pool.query('update contact set deleted_at = now() where id = any($1::bigint[]) and id % 3 = 1', [ids]);
    await t.pool.query('update contact set deleted_at = null where id = any($1::bigint[]) and id % 6 = 1', [ids]);
    await t.pool.query('delete from contact where id = any($1::bigint[]) and id % 7 = 2', [ids]);
    const tally = await t.pool.query(
      `select number_id, consent, contacts::int from contact_consent_tally
        where tenant_id = $1 and contacts <> 0 order by 1, 2`,
      [tenantId],
    );
    const counted = await t.pool.query(
      `select coalesce(number_id, 0) as number_id, consent, count(*)::int as contacts from contact
        where tenant_id = $1 and deleted_at is null group by 1, 2 order by 1, 2`,
      [tenantId],
    );
    expect(tally.rows).toEqual(counted.rows);
  });
});
