import { calls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { addNumber, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { contactOf } from '../contacts/test-support.js';
import { eventsSince, lastEventId, serve } from '../inbox/test-support.js';
import { detailOf, orderOf, progressOf, recordsOf, rollUpAndCount, shareOf } from './test-support.js';

const t = useTestApp();
const tenants = useTenants(t, 'intake');
const { a, b } = tenants;
let numberA: string;
let contactB: string;
let orderB: { id: string };
let shareB: { id: string };
let detailB: string;

let waCounter = 0;
async function contactA(name = 'Lead') {
  waCounter += 1;
  return contactOf(t, a.tenantId, { waId: `4477009${String(waCounter).padStart(5, '0')}`, name, numberId: numberA });
}

beforeAll(async () => {
  numberA = await addNumber(t, a.tenantId);
  const numberB = await addNumber(t, b.tenantId);
  await serve(t, a, a, [numberA]);
  await serve(t, b, b, [numberB]);
  contactB = await contactOf(t, b.tenantId, { waId: '4477000099999', name: 'Bea', numberId: numberB });
  orderB = await orderOf(t, b);
  shareB = await shareOf(t, b, orderB.id);
  detailB = (await detailOf(t, b, shareB.id, contactB)).body.data.id;
});

const post = (path: string, body: object, token = a.token) => t.post(path, { token, body });

describe('order/adddetail', () => {
  it('records a lead by hand once per order, counts it toward the share and the order, and logs it', async () => {
    const order = await orderOf(t, a);
    const [first, second] = [await shareOf(t, a, order.id), await shareOf(t, a, order.id)];
    const contact = await contactA('Ana');
    const before = await lastEventId(t);
    const added = await detailOf(t, a, first.id, contact, { note: 'called the desk' });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      share_id: first.id,
      contact_id: contact,
      contact_name: 'Ana',
      source: 'manual',
      period: 1,
      note: 'called the desk',
      created_by: a.userId,
    });
    const again = await detailOf(t, a, second.id, contact);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^contactId: /);
    const progress = await progressOf(t, a, order.id);
    expect(progress.order.leads).toBe(1);
    expect(progress.order.today.leads).toBe(1);
    expect(progress.shares.map((share: { leads: number }) => share.leads)).toEqual([1, 0]);
    expect((await recordsOf(t, a, order.id))[0]).toMatchObject({
      action: 'adddetail',
      data: { share_id: first.id, contact_id: contact },
    });
    // Deduplicated per order, not per tenant: another order counts the same contact.
    const other = await orderOf(t, a);
    expect((await detailOf(t, a, (await shareOf(t, a, other.id)).id, contact)).status).toBe(200);
    // One event for the lead (the refused one published nothing), to the tenant's admins and operators.
    const events = await eventsSince(t, a.tenantId, 'order.progress', before);
    expect(events.filter((event) => event.payload.order_id === order.id)).toEqual([
      { payload: { order_id: order.id, period: 1 }, assignee_ids: null },
    ]);
  });

  it("refuses another tenant's share or contact (404), removed shares and times outside the window (400)", async () => {
    const order = await orderOf(t, a);
    const share = await shareOf(t, a, order.id, { startsAt: new Date(Date.now() - 1_800_000).toISOString() });
    const contact = await contactA();
    const cases: [string, string, object, number, string][] = [
      [shareB.id, contact, {}, 404, 'shareId'],
      [share.id, contactB, {}, 404, 'contactId'],
      [share.id, contact, { at: new Date(Date.now() - 3_000_000).toISOString() }, 400, 'at'],
      [share.id, contact, { at: 'yesterday' }, 400, 'at'],
      [share.id, contact, { at: new Date(Date.now() + 3_600_000).toISOString() }, 400, 'at'],
    ];
    for (const [shareId, contactId, fields, status, field] of cases) {
      const reply = await detailOf(t, a, shareId, contactId, fields);
      expect(reply.status, field).toBe(status);
      expect(reply.body.message).toMatch(new RegExp(`^${field}: `));
    }
    await post('/api/order/delshare', { ids: [share.id] });
    const removed = await detailOf(t, a, share.id, contact);
    expect(removed.status).toBe(400);
    expect(removed.body.message).toMatch(/^shareId: /);
    await refusesStrangers(t, tenants, calls.orderAddDetail, {
      valid: () => ({ shareId: share.id, contactId: contact }),
      bad: [[{ shareId: share.id }, 'contactId']],
    });
  });
});

describe('days in the order time zone', () => {
  it('counts a lead on its local day: the same instant is one day in Los Angeles and the next in Shanghai', async () => {
    const window = { startsAt: '2026-01-01T00:00:00Z', endsAt: '2027-01-01T00:00:00Z' };
    const la = await orderOf(t, a, { ...window, timeZone: 'America/Los_Angeles' });
    const shanghai = await orderOf(t, a, window);
    const at = '2026-03-10T05:30:00Z';
    for (const order of [la, shanghai]) {
      const share = await shareOf(t, a, order.id);
      expect((await detailOf(t, a, share.id, await contactA(), { at })).body.data.day).toBe(
        order === la ? '2026-03-09' : '2026-03-10',
      );
    }
    expect((await progressOf(t, a, la.id)).days).toMatchObject([{ day: '2026-03-09', leads: 1 }]);
    expect((await progressOf(t, a, shanghai.id)).days).toMatchObject([{ day: '2026-03-10', leads: 1 }]);
    const listed = await post('/api/order/detaillist', { orderId: la.id, filters: { fromDay: '2026-03-10' } });
    expect(listed.body.data.total).toBe(0);
  });
});

describe('order/detaillist and order/deldetail', () => {
  it('filters by share, source, day and contact; removes wrong details with a record; strangers are 404', async () => {
    const order = await orderOf(t, a);
    const [one, two] = [await shareOf(t, a, order.id), await shareOf(t, a, order.id)];
    const ids: string[] = [];
    for (const [share, name] of [
      [one, 'Nadia'],
      [one, 'Omar'],
      [two, 'Nadia Two'],
    ] as const) {
      ids.push((await detailOf(t, a, share.id, await contactA(name))).body.data.id);
    }
    const list = (filters: object) => post('/api/order/detaillist', { orderId: order.id, filters });
    expect((await list({})).body.data).toMatchObject({ total: 3, total_capped: false });
    expect((await list({ shareId: one.id })).body.data.total).toBe(2);
    expect((await list({ search: 'nadia' })).body.data.total).toBe(2);
    expect((await list({ source: 'link' })).body.data.total).toBe(0);
    const today = (await progressOf(t, a, order.id)).order.today.day;
    expect((await list({ fromDay: today, toDay: today })).body.data.total).toBe(3);
    const strangers = await post('/api/order/detaillist', { orderId: orderB.id });
    expect(strangers.status).toBe(404);
    expect(strangers.body.message).toMatch(/^orderId: /);
    await refusesStrangers(t, tenants, calls.orderDetailList, {
      valid: () => ({ orderId: order.id }),
      bad: [
        [{ orderId: order.id, filters: { source: 'x' } }, 'filters.source'],
        [{ orderId: order.id, filters: { fromDay: '10/03' } }, 'filters.fromDay'],
      ],
    });

    const removed = await post('/api/order/deldetail', { ids: [ids[0], detailB] });
    expect(removed.body.data).toEqual({ count: 1 });
    const progress = await progressOf(t, a, order.id);
    expect(progress.order.leads).toBe(2);
    expect(progress.shares.map((share: { leads: number }) => share.leads)).toEqual([1, 1]);
    expect((await recordsOf(t, a, order.id))[0]).toMatchObject({ action: 'deldetail', data: { detail_id: ids[0] } });
    await refusesStrangers(t, tenants, calls.orderDelDetail, {
      valid: () => ({ ids: [ids[1]] }),
      onlyStrangers: { body: () => ({ ids: [detailB] }), field: 'ids' },
    });
  });
});

describe('order/resetorder and order/sync', () => {
  it('starts a new period from zero; earlier details stay listed in their period and still deduplicate', async () => {
    const order = await orderOf(t, a);
    const share = await shareOf(t, a, order.id);
    const contact = await contactA();
    await detailOf(t, a, share.id, contact);
    const reset = await post('/api/order/resetorder', { id: order.id });
    expect(reset.status).toBe(200);
    expect(reset.body.data.order).toMatchObject({ period: 2, leads: 0 });
    expect(reset.body.data.shares[0].leads).toBe(0);
    expect((await detailOf(t, a, share.id, contact)).status).toBe(409);
    await detailOf(t, a, share.id, await contactA());
    const periodOne = await post('/api/order/detaillist', { orderId: order.id, filters: { period: 1 } });
    expect(periodOne.body.data.records.map((detail: { contact_id: string }) => detail.contact_id)).toEqual([contact]);
    expect((await progressOf(t, a, order.id)).order.leads).toBe(1);
    expect((await recordsOf(t, a, order.id))[1]).toMatchObject({
      action: 'resetorder',
      data: { period: 2, previous_leads: 1 },
    });
    await refusesStrangers(t, tenants, calls.orderResetOrder, { valid: () => ({ id: order.id }) });
    expect((await post('/api/order/resetorder', { id: orderB.id })).status).toBe(404);
  });

  it('recounts the per-day counts from the details: a broken roll-up is repaired to equal them', async () => {
    const order = await orderOf(t, a);
    const [one, two] = [await shareOf(t, a, order.id), await shareOf(t, a, order.id)];
    await detailOf(t, a, one.id, await contactA(), { at: new Date(Date.now() - 1_000_000).toISOString() });
    await detailOf(t, a, one.id, await contactA());
    await detailOf(t, a, two.id, await contactA());
    const before = await rollUpAndCount(t, a.tenantId, order.id);
    expect(before.rollUp).toEqual(before.counted);
    // A detail moved to the other share and day by hand: the triggers follow it too.
    await t.pool.query(
      `update intake_detail set share_id = $2, day = day - 1 where order_id = $1 and share_id = $3
        and id = (select min(id) from intake_detail where order_id = $1 and share_id = $3)`,
      [order.id, two.id, one.id],
    );
    const moved = await rollUpAndCount(t, a.tenantId, order.id);
    expect(moved.rollUp).toEqual(moved.counted);
    expect(Object.keys(moved.counted)).toHaveLength(3);
    // Then the roll-up is broken: one count too high, two missing.
    await t.pool.query('update intake_day set leads = leads + 7 where order_id = $1 and share_id = $2', [
      order.id,
      one.id,
    ]);
    await t.pool.query('delete from intake_day where order_id = $1 and share_id = $2', [order.id, two.id]);
    expect((await progressOf(t, a, order.id)).order.leads).not.toBe(3);

    const synced = await post('/api/order/sync', { id: order.id });
    expect(synced.status).toBe(200);
    expect(synced.body.data).toEqual({ leads: 3, corrected: 3, added: 0 });
    const after = await rollUpAndCount(t, a.tenantId, order.id);
    expect(after.rollUp).toEqual(after.counted);
    expect(Object.values(after.counted).reduce((sum, leads) => sum + leads, 0)).toBe(3);
    expect((await post('/api/order/sync', { id: order.id })).body.data).toEqual({ leads: 3, corrected: 0, added: 0 });
    expect((await recordsOf(t, a, order.id))[1]).toMatchObject({ action: 'sync', data: { corrected: 3, leads: 3 } });
    await refusesStrangers(t, tenants, calls.orderSync, { valid: () => ({ id: order.id }) });
    expect((await post('/api/order/sync', { id: orderB.id })).status).toBe(404);
  });

  it('lists the records of the tenant only', async () => {
    const strangers = await post('/api/order/records', { orderId: orderB.id });
    expect(strangers.status).toBe(404);
    expect(strangers.body.message).toMatch(/^orderId: /);
    await refusesStrangers(t, tenants, calls.orderRecords, {
      valid: () => ({ orderId: orderB.id }),
      bad: [[{ orderId: orderB.id, pageSize: 7 }, 'pageSize']],
    });
  });
});
