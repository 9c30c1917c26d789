import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadInput } from '../../test/bad-input.js';
import { addNumber, addTag, type SignedIn, tenantOperator, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { SEARCH_WINDOW } from './contact-search.js';
import { contactOf, manyContacts, tagContact } from './test-support.js';

const t = useTestApp();
const { a, b, seat } = useTenants(t, 'contacts');
let numberA1: string;
let numberA2: string;
let numberB: string;
let vipTag: string;
let coldTag: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  numberA1 = await addNumber(t, a.tenantId);
  numberA2 = await addNumber(t, a.tenantId);
  numberB = await addNumber(t, b.tenantId);
  vipTag = await addTag(t, a.tenantId, 'VIP', 'contact');
  coldTag = await addTag(t, a.tenantId, 'cold', 'contact');
  const owner = a.userId;
  // Oldest first: the list shows them newest first.
  ids.alice = await contactOf(t, a.tenantId, {
    waId: '8613800000001',
    name: 'Alice Wong',
    numberId: numberA1,
    optedIn: true,
    source: 'web_form',
    wroteHoursAgo: 2,
  });
  ids.bob = await contactOf(t, a.tenantId, {
    waId: '8613800000002',
    name: 'Bob 100%',
    numberId: numberA1,
    ownerUserId: owner,
    optedIn: true,
    source: 'checkout',
    wroteHoursAgo: 30,
  });
  ids.carol = await contactOf(t, a.tenantId, {
    waId: '447700900003',
    name: 'Carol',
    numberId: numberA2,
    optedOut: true,
  });
  ids.dan = await contactOf(t, a.tenantId, { waId: '447700900004', name: 'Dan', ownerUserId: owner });
  ids.erin = await contactOf(t, a.tenantId, {
    waId: '447700900005',
    name: 'Erin',
    numberId: numberA2,
    optedIn: true,
    source: 'web_form',
  });
  await tagContact(t, a.tenantId, ids.alice as string, vipTag);
  await tagContact(t, a.tenantId, ids.alice as string, coldTag);
  await tagContact(t, a.tenantId, ids.erin as string, vipTag);
  ids.gone = await contactOf(t, a.tenantId, { waId: '447700900006', name: 'Gone', numberId: numberA1 });
  await t.pool.query('update contact set deleted_at = now() where id = $1', [ids.gone]);
  ids.bella = await contactOf(t, b.tenantId, { waId: '8613800000009', name: 'Bella', numberId: numberB });
});

const list = (fixture: SignedIn, body: object) => t.post('/api/friend/list', { token: fixture.token, body });
const names = (reply: { body: { data: { records: Array<{ name: string }> } } }) =>
  reply.body.data.records.map((record) => record.name);

describe('POST /api/friend/list', () => {
  it('pages live contacts newest first with their number, owner, consent, tags and window', async () => {
    const reply = await list(a, { page: 1, pageSize: 10 });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ total: 5, size: 10, current: 1, pages: 1, total_capped: false });
    expect(names(reply)).toEqual(['Erin', 'Dan', 'Carol', 'Bob 100%', 'Alice Wong']);
    const alice = reply.body.data.records[4];
    expect(alice).toMatchObject({
      id: ids.alice,
      wa_id: '8613800000001',
      number: { id: numberA1 },
      owner: null,
      consent: 'opted_in',
      opt_in_source: 'web_form',
      opted_out_at: null,
      window_open: true,
      tags: [
        { id: vipTag, name: 'VIP', color: '#296EFF' },
        { id: coldTag, name: 'cold', color: '#296EFF' },
      ],
    });
    expect(Date.parse(alice.window_closes_at) - Date.parse(alice.last_inbound_at)).toBe(86_400_000);
    expect(alice.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const bob = reply.body.data.records[3];
    expect(bob).toMatchObject({
      window_open: false,
      window_closes_at: null,
      owner: { id: a.userId, username: 'contacts_a' },
      tags: [],
    });
    expect(reply.body.data.records[2]).toMatchObject({ consent: 'opted_out', opt_out_channel: 'stop_keyword' });
    expect(reply.body.data.records[1]).toMatchObject({ number: null, consent: 'none', last_inbound_at: null });
  });

  it('pages with every page size of the specification', async () => {
    const first = await list(a, { page: 1, pageSize: 10 });
    expect(first.body.data.records).toHaveLength(5);
    const beyond = await list(a, { page: 2, pageSize: 10 });
    expect(beyond.body.data).toMatchObject({ total: 5, records: [] });
    for (const pageSize of [30, 50, 100, 200]) expect((await list(a, { pageSize })).status).toBe(200);
  });

  it('filters by each field, and by several at once', async () => {
    const cases: Array<[object, string[]]> = [
      [{ numberId: numberA1 }, ['Bob 100%', 'Alice Wong']],
      [{ numberId: numberA2 }, ['Erin', 'Carol']],
      [{ ownerUserId: a.userId }, ['Dan', 'Bob 100%']],
      [{ tagId: vipTag }, ['Erin', 'Alice Wong']],
      [{ consent: 'opted_in' }, ['Erin', 'Bob 100%', 'Alice Wong']],
      [{ consent: 'opted_out' }, ['Carol']],
      [{ consent: 'none' }, ['Dan']],
      [{ window: 'open' }, ['Alice Wong']],
      [{ window: 'closed' }, ['Erin', 'Dan', 'Carol', 'Bob 100%']],
      [{ source: 'web_form' }, ['Erin', 'Alice Wong']],
      [{ search: 'alice' }, ['Alice Wong']],
      [{ search: '100%' }, ['Bob 100%']],
      [{ search: '%' }, ['Bob 100%']],
      [{ search: '+86 138' }, ['Bob 100%', 'Alice Wong']],
      [{ search: '900004' }, ['Dan']],
      [{ search: '  ', consent: null, numberId: null }, ['Erin', 'Dan', 'Carol', 'Bob 100%', 'Alice Wong']],
      [{ tagId: vipTag, consent: 'opted_in', numberId: numberA2 }, ['Erin']],
      [{ search: 'Gone' }, []],
    ];
    for (const [filters, expected] of cases) {
      const reply = await list(a, { filters });
      expect(reply.status, JSON.stringify(filters)).toBe(200);
      expect(names(reply), JSON.stringify(filters)).toEqual(expected);
      expect(reply.body.data.total, JSON.stringify(filters)).toBe(expected.length);
      expect(reply.body.data.total_capped).toBe(false);
    }
  });

  it('takes totals from the roll-ups: the tally per number and the tag count', async () => {
    // The roll-ups are the source of these totals: changing them shows it.
    await t.pool.query('update contact_tally set contacts = contacts + 100 where tenant_id = $1 and number_id = $2', [
      a.tenantId,
      numberA1,
    ]);
    await t.pool.query('update tag set item_count = item_count + 50 where id = $1', [vipTag]);
    try {
      expect((await list(a, {})).body.data.total).toBe(105);
      expect((await list(a, { filters: { numberId: numberA1 } })).body.data.total).toBe(102);
      expect((await list(a, { filters: { tagId: vipTag } })).body.data.total).toBe(52);
      expect((await list(a, { filters: { tagId: vipTag, consent: 'opted_in' } })).body.data.total).toBe(2);
    } finally {
      await t.pool.query('update contact_tally set contacts = contacts - 100 where tenant_id = $1 and number_id = $2', [
        a.tenantId,
        numberA1,
      ]);
      await t.pool.query('update tag set item_count = item_count - 50 where id = $1', [vipTag]);
    }
  });

  it('counts filtered lists up to a cap, and says when the total is a lower bound', async () => {
    const c = await tenantOperator(t, 'contacts_many');
    await manyContacts(t, c.tenantId, 10_050);
    const all = await list(c, { pageSize: 200 });
    expect(all.body.data).toMatchObject({ total: 10_050, total_capped: false });
    const capped = await list(c, { filters: { consent: 'none' } });
    expect(capped.body.data).toMatchObject({ total: 10_001, total_capped: true, pages: 1001 });
    expect(names(capped)[0]).toBe('Bulk 10050');
    // A page past the cap counts further, so the next page stays reachable.
    const last = await list(c, { filters: { consent: 'none' }, page: 50, pageSize: 200 });
    expect(last.body.data).toMatchObject({ total: 10_001, total_capped: true, pages: 51 });
    const deep = await list(c, { filters: { consent: 'none' }, page: 51, pageSize: 200 });
    expect(deep.body.data).toMatchObject({ total: 10_050, total_capped: false, pages: 51 });
    expect(names(deep)).toEqual(Array.from({ length: 50 }, (_, index) => `Bulk ${50 - index}`));
  });

  it('searches the newest contacts first, then the trigram indexes, then further for short texts', async () => {
    const d = await tenantOperator(t, 'contacts_search');
    await manyContacts(t, d.tenantId, SEARCH_WINDOW + 50);
    // The oldest contact, outside the window of the newest: only a later step finds it.
    await t.pool.query(`update contact set name = 'Zo' where tenant_id = $1 and name = 'Bulk 1'`, [d.tenantId]);
    const common = await list(d, { filters: { search: 'bulk' } });
    expect(common.body.data).toMatchObject({ total: SEARCH_WINDOW, total_capped: true });
    expect(names(common)).toEqual(Array.from({ length: 10 }, (_, index) => `Bulk ${SEARCH_WINDOW + 50 - index}`));
    const rare = await list(d, { filters: { search: '4400000000017' } });
    expect(rare.body.data).toMatchObject({ total: 1, total_capped: false });
    expect(names(rare)).toEqual(['Bulk 17']);
    const short = await list(d, { filters: { search: 'zo' } });
    expect(short.body.data).toMatchObject({ total: 1, total_capped: false });
    expect(names(short)).toEqual(['Zo']);
    // Any script, past the window: Chinese through the trigram index, accents folded by ILIKE.
    await t.pool.query(
      `update contact set name = case name when 'Bulk 20' then '王小明' else 'JOSÉ Núñez' end
        where tenant_id = $1 and name in ('Bulk 20', 'Bulk 21')`,
      [d.tenantId],
    );
    for (const [search, name] of [
      ['王小明', '王小明'],
      ['小明', '王小明'],
      ['josé núñ', 'JOSÉ Núñez'],
    ]) {
      const found = await list(d, { filters: { search } });
      expect(found.body.data, search).toMatchObject({ total: 1, total_capped: false });
      expect(names(found)).toEqual([name]);
    }
    // A short text with hits on both sides of the first window: the read past it goes on where
    // the window stopped, and the pages continue across the two.
    await t.pool.query(
      `update contact set name = 'Zo ' || substr(name, 6) where tenant_id = $1
          and (name in ('Bulk 2', 'Bulk 3', 'Bulk 4', 'Bulk 5', 'Bulk 6', 'Bulk 7', 'Bulk 8', 'Bulk 9', 'Bulk 10')
               or name in ('Bulk ${SEARCH_WINDOW + 46}', 'Bulk ${SEARCH_WINDOW + 47}', 'Bulk ${SEARCH_WINDOW + 48}',
                           'Bulk ${SEARCH_WINDOW + 49}', 'Bulk ${SEARCH_WINDOW + 50}'))`,
      [d.tenantId],
    );
    const firstPage = await list(d, { filters: { search: 'zo' }, page: 1, pageSize: 10 });
    expect(firstPage.body.data).toMatchObject({ total: 15, total_capped: false });
    expect(names(firstPage)).toEqual([
      ...[50, 49, 48, 47, 46].map((n) => `Zo ${SEARCH_WINDOW + n}`),
      ...[10, 9, 8, 7, 6].map((n) => `Zo ${n}`),
    ]);
    const secondPage = await list(d, { filters: { search: 'ZO' }, page: 2, pageSize: 10 });
    expect(secondPage.body.data).toMatchObject({ total: 15, total_capped: false });
    expect(names(secondPage)).toEqual(['Zo 5', 'Zo 4', 'Zo 3', 'Zo 2', 'Zo']);
    // Within the other filters: the window is read through their index.
    const none = await list(d, { filters: { search: 'bulk', consent: 'opted_in' } });
    expect(none.body.data).toMatchObject({ total: 0, total_capped: false, records: [] });
  });

  it('answers bad input with a 400 naming the field', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ pageSize: 20 }, /^pageSize: /],
      [{ page: 0 }, /^page: /],
      [{ filters: { numberId: 'abc' } }, /^filters\.numberId: /],
      [{ filters: { ownerUserId: '1.5' } }, /^filters\.ownerUserId: /],
      [{ filters: { tagId: 7 } }, /^filters\.tagId: /],
      [{ filters: { consent: 'maybe' } }, /^filters\.consent: /],
      [{ filters: { window: 'ajar' } }, /^filters\.window: /],
      [{ filters: { search: 'x'.repeat(65) } }, /^filters\.search: /],
      [{ filters: { source: ['web_form'] } }, /^filters\.source: /],
      [{ filters: 'all' }, /^filters: /],
    ];
    await expectBadInput((body) => list(a, body), cases);
  });

  it('needs a signed-in operator or admin: 401 without a token, 403 for a seat', async () => {
    expect((await t.post('/api/friend/list', { body: {} })).status).toBe(401);
    const reply = await t.post('/api/friend/list', { token: seat.token, body: {} });
    expect(reply.status).toBe(403);
    expect((await t.post('/api/friend/sources', { token: seat.token })).status).toBe(403);
  });

  it("never shows another tenant's contacts, whatever the filters name", async () => {
    const own = await list(b, {});
    expect(names(own)).toEqual(['Bella']);
    expect(own.body.data.total).toBe(1);
    for (const filters of [
      { numberId: numberA1 },
      { tagId: vipTag },
      { ownerUserId: a.userId },
      { search: 'Alice' },
      { source: 'web_form' },
    ]) {
      const reply = await list(b, { filters });
      expect(reply.body.data, JSON.stringify(filters)).toMatchObject({ total: 0, records: [] });
    }
    const theirs = await list(a, { filters: { numberId: numberB } });
    expect(theirs.body.data).toMatchObject({ total: 0, records: [] });
  });
});

describe('POST /api/friend/sources', () => {
  it("lists the tenant's opt-in sources of live contacts", async () => {
    const reply = await t.post('/api/friend/sources', { token: a.token });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual(['checkout', 'web_form']);
    expect((await t.post('/api/friend/sources', { token: b.token })).body.data).toEqual([]);
    expect((await t.post('/api/friend/sources', {})).status).toBe(401);
  });
});
