import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { createTenant, seedContact, seedNumber } from '../../test/whatsapp-fixtures.js';

/**
 * The roll-ups of migration 0004 (kept by statement triggers) against the rows they summarise,
 * after every kind of change the product makes: inserts, moves, soft deletes, revivals, hard
 * deletes, opt-outs, tagging.
 */
const t = useTestApp();
let tenantId: string;
let numberA: string;
let numberB: string;

async function tallies(): Promise<Record<string, number>> {
  const { rows } = await t.pool.query<{ number_id: string; contacts: string }>(
    'select number_id::text, contacts from contact_tally where tenant_id = $1 and contacts <> 0',
    [tenantId],
  );
  return Object.fromEntries(rows.map((row) => [row.number_id, Number(row.contacts)]));
}

async function counted(): Promise<Record<string, number>> {
  const { rows } = await t.pool.query<{ number_id: string; n: number }>(
    `select coalesce(number_id, 0)::text as number_id, count(*)::int as n from contact
      where tenant_id = $1 and deleted_at is null group by 1`,
    [tenantId],
  );
  return Object.fromEntries(rows.map((row) => [row.number_id, row.n]));
}

beforeAll(async () => {
  tenantId = await createTenant(t.pool);
  numberA = (await seedNumber(t.pool, t.context.whatsapp, tenantId)).numberId;
  numberB = (await seedNumber(t.pool, t.context.whatsapp, tenantId)).numberId;
});

describe('contact_tally', () => {
  it('follows inserts, moves, soft deletes, revivals and hard deletes', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      ids.push(await seedContact(t.pool, tenantId, { waId: `1555000${i}`, numberId: i < 4 ? numberA : numberB }));
    }
    await seedContact(t.pool, tenantId, { waId: '15550009' });
    expect(await tallies()).toEqual(await counted());
    expect(await tallies()).toEqual({ [numberA]: 4, [numberB]: 2, '0': 1 });

    await t.pool.query('update contact set number_id = $2 where tenant_id = $1 and id = any($3::bigint[])', [
      tenantId,
      numberB,
      ids.slice(0, 2),
    ]);
    await t.pool.query('update contact set deleted_at = now() where tenant_id = $1 and id = $2', [tenantId, ids[5]]);
    expect(await tallies()).toEqual({ [numberA]: 2, [numberB]: 3, '0': 1 });

    // Deleted and moved in one statement: counted once, out of its old number.
    await t.pool.query('update contact set deleted_at = now(), number_id = $3 where tenant_id = $1 and id = $2', [
      tenantId,
      ids[2],
      numberB,
    ]);
    // Revived on another number.
    await t.pool.query('update contact set deleted_at = null, number_id = $3 where tenant_id = $1 and id = $2', [
      tenantId,
      ids[5],
      numberA,
    ]);
    await t.pool.query('delete from contact where tenant_id = $1 and wa_id = $2', [tenantId, '15550009']);
    // An update that changes neither place nor deletion leaves the counts alone.
    await t.pool.query("update contact set name = 'x' where tenant_id = $1", [tenantId]);
    expect(await tallies()).toEqual(await counted());
    expect(await tallies()).toEqual({ [numberA]: 2, [numberB]: 3 });
  });
});

describe('contact_daily_stat', () => {
  it('counts new contacts by day and source, and each opt-out on its day', async () => {
    const other = await createTenant(t.pool);
    const number = (await seedNumber(t.pool, t.context.whatsapp, other)).numberId;
    const a = await seedContact(t.pool, other, { waId: '15551000', numberId: number, consent: true });
    await seedContact(t.pool, other, { waId: '15551001', numberId: number });
    await t.pool.query(
      "update contact set opted_out_at = '2026-03-04T10:00:00Z', opt_out_channel = 'stop_keyword' where tenant_id = $1 and id = $2",
      [other, a],
    );
    // A second opt-out of the same person is not a new one.
    await t.pool.query("update contact set opted_out_at = '2026-03-05T10:00:00Z' where tenant_id = $1 and id = $2", [
      other,
      a,
    ]);
    const { rows } = await t.pool.query(
      `select day::text, source, created, opted_out from contact_daily_stat where tenant_id = $1 order by day, source`,
      [other],
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(rows).toEqual(
      [
        { day: '2026-03-04', source: 'web form', created: 0, opted_out: 1 },
        { day: today, source: 'inbound', created: 1, opted_out: 0 },
        { day: today, source: 'web form', created: 1, opted_out: 0 },
      ].sort((x, y) => x.day.localeCompare(y.day) || x.source.localeCompare(y.source)),
    );
  });
});

describe('contact_daily_source', () => {
  it('sums contact_daily_stat without the number, through inserts, upserts and deletes', async () => {
    const other = await createTenant(t.pool);
    const numbers = [
      (await seedNumber(t.pool, t.context.whatsapp, other)).numberId,
      (await seedNumber(t.pool, t.context.whatsapp, other)).numberId,
    ];
    const ids = [];
    for (const [index, numberId] of [...numbers, ...numbers, undefined].entries()) {
      ids.push(await seedContact(t.pool, other, { waId: `1555300${index}`, numberId, consent: index % 2 === 0 }));
    }
    // Many rows in one statement, opt-outs on an earlier day, and a contact moved to another number.
    await t.pool.query(
      `update contact set opted_out_at = '2026-02-01T08:00:00Z', opt_out_channel = 'stop_keyword'
        where tenant_id = $1 and id = any($2::bigint[])`,
      [other, ids.slice(0, 3)],
    );
    await t.pool.query('update contact set number_id = $3 where tenant_id = $1 and id = $2', [
      other,
      ids[4],
      numbers[0],
    ]);
    await t.pool.query(
      `delete from contact_daily_stat where tenant_id = $1 and number_id = $2 and day = '2026-02-01'`,
      [other, numbers[1]],
    );
    const sums = (table: string) =>
      t.pool
        .query(
          `select day::text, source, sum(created)::int as created, sum(opted_out)::int as opted_out from ${table}
            where tenant_id = $1 group by 1, 2 having sum(created) <> 0 or sum(opted_out) <> 0 order by 1, 2`,
          [other],
        )
        .then(({ rows }) => rows);
    const expected = await sums('contact_daily_stat');
    expect(expected.length).toBeGreaterThan(2);
    expect(await sums('contact_daily_source')).toEqual(expected);
  });
});

describe('tag.item_count', () => {
  it('follows tagging, untagging and tag deletion', async () => {
    const { rows } = await t.pool.query<{ id: string }>(
      "insert into tag (tenant_id, kind, name) values ($1, 'contact', 'VIP') returning id::text",
      [tenantId],
    );
    const tagId = rows[0]?.id as string;
    await t.pool.query(
      `insert into contact_tag (tenant_id, contact_id, tag_id) select tenant_id, id, $2 from contact where tenant_id = $1`,
      [tenantId, tagId],
    );
    const count = async () =>
      (await t.pool.query('select item_count from tag where tenant_id = $1 and id = $2', [tenantId, tagId])).rows[0]
        ?.item_count;
    const { rows: all } = await t.pool.query('select count(*)::int as n from contact where tenant_id = $1', [tenantId]);
    expect(await count()).toBe(all[0].n);
    await t.pool.query(
      'delete from contact_tag where tenant_id = $1 and tag_id = $2 and contact_id = (select min(contact_id) from contact_tag where tenant_id = $1)',
      [tenantId, tagId],
    );
    expect(await count()).toBe(all[0].n - 1);
    // Deleting the tag takes its contact_tag rows with it, the trigger finding no tag to update.
    await t.pool.query('delete from tag where tenant_id = $1 and id = $2', [tenantId, tagId]);
    const { rows: left } = await t.pool.query('select count(*)::int as n from contact_tag where tag_id = $1', [tagId]);
    expect(left[0].n).toBe(0);
  });
});

describe('number_daily_count', () => {
  it('counts received messages as they are stored, once each', async () => {
    const contactId = await seedContact(t.pool, tenantId, { waId: '15552000', numberId: numberA });
    const insert = (metaId: string) =>
      t.pool.query(
        `insert into message (tenant_id, created_at, number_id, contact_id, direction, type, body, status, meta_message_id)
         values ($1, $5, $2, $3, 'in', 'text', '{}', 'received', $4) on conflict do nothing`,
        [tenantId, numberA, contactId, metaId, receivedAt],
      );
    // Meta's timestamp, so a redelivery names the same row and is not counted again.
    const receivedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    await insert('wamid.rollup.1');
    await insert('wamid.rollup.2');
    await insert('wamid.rollup.1');
    const { rows } = await t.pool.query(
      `select sent, received from number_daily_count where tenant_id = $1 and number_id = $2 and day = (now() at time zone 'UTC')::date`,
      [tenantId, numberA],
    );
    expect(rows).toEqual([{ sent: 0, received: 2 }]);
  });
});
