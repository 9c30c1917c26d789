import { calls, type Pool } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { addNumber, addTag, signedInSeat, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { csvFile, listWhen, uploadList } from '../audiences/test-support.js';

const t = useTestApp({}, { worker: true });
const tenants = useTenants(t, 'pools');
const { a, b } = tenants;
let big: string;
let small: string;
let numberB: string;
let agent: string;

beforeAll(async () => {
  big = await addNumber(t, a.tenantId);
  // Another business portfolio: its messaging limit is its own, not shared with big's.
  small = await addNumber(t, a.tenantId, { portfolioName: 'second portfolio' });
  numberB = await addNumber(t, b.tenantId);
  await t.pool.query(`update wa_number set messaging_limit_tier = 'TIER_2K' where id = $1`, [big]);
  await t.pool.query(`update wa_number set messaging_limit_tier = 'TIER_50' where id = $1`, [small]);
  agent = (await signedInSeat(t, a.tenantId)).userId;
});

let made = 0;
/** `count` contacts of tenant A with a new contact tag (one opted out more, which no pool holds); the tag's id. */
async function taggedContacts(count: number): Promise<string> {
  made += 1;
  const tag = await addTag(t, a.tenantId, `pool tag ${made}`, 'contact');
  await t.pool.query(
    `with made as (
       insert into contact (tenant_id, wa_id, name)
       select $1, '4917' || lpad(($2 * 1000 + n)::text, 9, '0'), 'c' || n from generate_series(1, $3) n
       returning id)
     insert into contact_tag (tenant_id, contact_id, tag_id) select $1, id, $4 from made`,
    [a.tenantId, made, count, tag],
  );
  await t.pool.query(
    `with gone as (insert into contact (tenant_id, wa_id, opted_out_at) values ($1, '4917' || lpad(($2 * 1000 + 999)::text, 9, '0'), now()) returning id)
     insert into contact_tag (tenant_id, contact_id, tag_id) select $1, id, $3 from gone`,
    [a.tenantId, made, tag],
  );
  return tag;
}

async function poolWhenIdle(id: string): Promise<Pool> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const reply = await t.post('/api/fansdata/list', { token: a.token, body: { pageSize: 200 } });
    const pool = (reply.body.data.records as Pool[]).find((record) => record.id === id);
    if (pool?.status === 'idle' && pool.counted_at) return pool;
    if (Date.now() > deadline) throw new Error(`pool ${id} is ${pool?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function newPool(body: object): Promise<Pool> {
  const reply = await t.post('/api/fansdata/add', { token: a.token, body: { name: 'Spring', ...body } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return poolWhenIdle(reply.body.data.id);
}

async function setShares(id: string, mode: string, shares: object[]): Promise<Pool> {
  const reply = await t.post('/api/fansdata/setrange', { token: a.token, body: { id, mode, shares } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  // The run starts at once: the reply already says so.
  expect(reply.body.data.status).toBe('allocating');
  return poolWhenIdle(id);
}

describe('fansdata', () => {
  it('counts a tag pool, then splits it by weight over numbers and gives every contact an agent', async () => {
    const tag = await taggedContacts(60);
    const pool = await newPool({ tagId: tag });
    expect(pool).toMatchObject({
      source: { kind: 'tag', id: tag, name: 'pool tag 1' },
      total: 60,
      with_number: 0,
      with_agent: 0,
    });
    const split = await setShares(pool.id, 'weight', [
      { target: 'number', targetId: big, amount: 3 },
      { target: 'number', targetId: small, amount: 1 },
      { target: 'agent', targetId: agent, amount: 1 },
    ]);
    expect(split).toMatchObject({ total: 60, with_number: 60, with_agent: 60 });
    const byTarget = Object.fromEntries(split.shares.map((share) => [share.target_id, share]));
    expect(byTarget[big]).toMatchObject({
      allocated: 45,
      daily_capacity: 2000,
      days_to_reach: 1,
      over_capacity: false,
    });
    // 15 contacts on a number that may start 50 conversations a day: said, not hidden.
    expect(byTarget[small]).toMatchObject({
      allocated: 15,
      daily_capacity: 50,
      capacity_shared_by: 1,
      over_capacity: false,
    });
    expect(byTarget[agent]).toMatchObject({ target: 'agent', allocated: 60, daily_capacity: null });
    const { rows } = await t.pool.query(
      `select number_id::text, count(*)::int as n from contact c join contact_tag ct on ct.contact_id = c.id
        where ct.tag_id = $1 and c.opted_out_at is null group by 1 order by 2 desc`,
      [tag],
    );
    expect(rows).toEqual([
      { number_id: big, n: 45 },
      { number_id: small, n: 15 },
    ]);
  });

  it("divides a business portfolio's messaging limit among the pool's numbers that share it", async () => {
    // twin is in big's portfolio (the tenant's first): they share its 2 000 a day.
    const twin = await addNumber(t, a.tenantId);
    await t.pool.query(`update wa_number set messaging_limit_tier = 'TIER_2K' where id = $1`, [twin]);
    const pool = await newPool({ tagId: await taggedContacts(30) });
    const split = await setShares(pool.id, 'weight', [
      { target: 'number', targetId: big, amount: 1 },
      { target: 'number', targetId: twin, amount: 1 },
      { target: 'number', targetId: small, amount: 1 },
    ]);
    const byTarget = Object.fromEntries(split.shares.map((share) => [share.target_id, share]));
    expect(byTarget[big]).toMatchObject({ daily_capacity: 1000, capacity_shared_by: 2 });
    expect(byTarget[twin]).toMatchObject({ daily_capacity: 1000, capacity_shared_by: 2 });
    expect(byTarget[small]).toMatchObject({ daily_capacity: 50, capacity_shared_by: 1 });
  });

  it('gives counts, tops a number up from what is left, and never moves a contact that has a number', async () => {
    const tag = await taggedContacts(60);
    await t.pool.query(
      `update contact set number_id = $2 where id = (select contact_id from contact_tag where tag_id = $1 order by contact_id limit 1)`,
      [tag, small],
    );
    const pool = await newPool({ tagId: tag });
    expect(pool.with_number).toBe(1);
    const counted = await setShares(pool.id, 'count', [{ target: 'number', targetId: big, amount: 20 }]);
    expect(counted).toMatchObject({ total: 60, with_number: 21 });
    const supply = await t.post('/api/fansdata/supply', {
      token: a.token,
      body: { id: pool.id, numberId: small, count: 55 },
    });
    expect(supply.status).toBe(200);
    expect(supply.body.data).toMatchObject({ supplied: 39, with_number: 60 });
    const share = supply.body.data.shares.find((s: { target_id: string }) => s.target_id === small);
    // Within a day's capacity (50): no warning.
    expect(share).toMatchObject({ allocated: 40, daily_capacity: 50, over_capacity: false });
    const more = await t.post('/api/fansdata/supply', {
      token: a.token,
      body: { id: pool.id, numberId: small, count: 5 },
    });
    expect(more.body.data.supplied).toBe(0);
  });

  it("pools a list's loaded contacts, and downloads them with their number and agent", async () => {
    const upload = await uploadList(t, a.token, {
      file: {
        fileName: 'p.csv',
        content: csvFile([
          ['phone', 'name'],
          ['+8613800139001', 'Ann'],
          ['+8613800139002', 'Bo'],
        ]),
      },
      mapping: { phone: 'phone', name: 'name' },
    });
    await listWhen(t, a.token, upload.body.data.id, ['ready']);
    await t.post('/api/data/login', { token: a.token, body: { id: upload.body.data.id } });
    await listWhen(t, a.token, upload.body.data.id, ['loaded']);
    const pool = await newPool({ listId: upload.body.data.id });
    expect(pool).toMatchObject({ source: { kind: 'list', name: 'Spring sign-ups' }, total: 2 });
    await setShares(pool.id, 'weight', [{ target: 'number', targetId: big, amount: 1 }]);
    const file = await t.post('/api/fansdata/down', {
      token: a.token,
      body: { id: pool.id },
      headers: { 'accept-language': 'en' },
    });
    expect(file.status).toBe(200);
    const phone = (await t.pool.query('select phone from wa_number where id = $1', [big])).rows[0].phone;
    expect(
      String(file.body)
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toEqual(['WhatsApp ID,Name,Number,Agent', `8613800139001,Ann,${phone},`, `8613800139002,Bo,${phone},`]);
  });

  it('over capacity: more contacts than a day of the number\u2019s tier', async () => {
    const tag = await taggedContacts(120);
    const pool = await newPool({ tagId: tag });
    const shared = await setShares(pool.id, 'weight', [{ target: 'number', targetId: small, amount: 1 }]);
    expect(shared.shares[0]).toMatchObject({
      allocated: 120,
      daily_capacity: 50,
      days_to_reach: 3,
      over_capacity: true,
    });
  });

  it("keeps tenants apart: another tenant's pool, list, tag, number or agent is not found", async () => {
    const tag = await taggedContacts(2);
    const pool = await newPool({ tagId: tag });
    const asB = (url: string, body: object) => t.post(url, { token: b.token, body });
    expect((await asB('/api/fansdata/setrange', { id: pool.id, mode: 'weight', shares: [] })).status).toBe(404);
    expect((await asB('/api/fansdata/supply', { id: pool.id, numberId: numberB, count: 1 })).status).toBe(404);
    expect((await asB('/api/fansdata/down', { id: pool.id })).status).toBe(404);
    expect((await asB('/api/fansdata/del', { ids: [pool.id] })).status).toBe(404);
    expect((await asB('/api/fansdata/add', { name: 'x', tagId: tag })).body.message).toMatch(/^tagId: /);
    const listed = await asB('/api/fansdata/list', {});
    expect(listed.body.data.records).toEqual([]);
    const foreign = await t.post('/api/fansdata/setrange', {
      token: a.token,
      body: { id: pool.id, mode: 'count', shares: [{ target: 'number', targetId: numberB, amount: 1 }] },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toMatch(/^shares: /);
    const agentB = await t.post('/api/fansdata/setrange', {
      token: a.token,
      body: { id: pool.id, mode: 'count', shares: [{ target: 'agent', targetId: b.userId, amount: 1 }] },
    });
    expect(agentB.status).toBe(404);
    const deleted = await t.post('/api/fansdata/del', { token: a.token, body: { ids: [pool.id] } });
    expect(deleted.body.data).toEqual({ count: 1 });
  });

  it('refuses strangers and bad input, naming the field', async () => {
    await refusesStrangers(t, tenants, calls.poolAdd, {
      valid: () => ({ name: 'x', tagId: '1' }),
      bad: [
        [{ name: 'x' }, 'listId'],
        [{ name: 'x', tagId: '1', listId: '2' }, 'listId'],
        [{ name: '', tagId: '1' }, 'name'],
      ],
    });
    await refusesStrangers(t, tenants, calls.poolSetShares, {
      valid: () => ({ id: '1', mode: 'weight', shares: [] }),
      bad: [
        [{ id: '1', mode: 'even', shares: [] }, 'mode'],
        [{ id: '1', mode: 'count', shares: [{ target: 'number', targetId: '1', amount: -1 }] }, 'shares.0.amount'],
        [
          {
            id: '1',
            mode: 'count',
            shares: [
              { target: 'number', targetId: '1', amount: 1 },
              { target: 'number', targetId: '1', amount: 2 },
            ],
          },
          'shares',
        ],
      ],
    });
    await refusesStrangers(t, tenants, calls.poolDelete, {
      valid: () => ({ ids: ['1'] }),
      onlyStrangers: { body: () => ({ ids: ['99999'] }), field: 'ids' },
    });
  });
});
