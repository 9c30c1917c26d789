import { calls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { addNumber, signedInSeat, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { serve } from '../inbox/test-support.js';
import { orderOf, progressOf, recordsOf, shareOf } from './test-support.js';

const t = useTestApp();
const tenants = useTenants(t, 'orders');
const { a, b, seat } = tenants;
const HOUR = 3_600_000;
let orderB: { id: string };
let shareB: { id: string };
let numberA: string;
let numberB: string;

beforeAll(async () => {
  numberA = await addNumber(t, a.tenantId);
  numberB = await addNumber(t, b.tenantId);
  // A share's link goes to its agent's numbers.
  await serve(t, a, a, [numberA]);
  await serve(t, a, seat, [numberA]);
  await serve(t, b, b, [numberB]);
  orderB = await orderOf(t, b, { name: 'B order' });
  shareB = await shareOf(t, b, orderB.id);
});

const post = (path: string, body: object, token = a.token) => t.post(path, { token, body });
const later = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describe('order/create and order/list', () => {
  it('creates an order counted in the tenant time zone by default, and records it', async () => {
    const order = await orderOf(t, a, { name: 'Launch week', totalAim: 500, dailyAim: 40 });
    expect(order).toMatchObject({
      name: 'Launch week',
      total_aim: 500,
      daily_aim: 40,
      time_zone: 'Asia/Shanghai',
      state: 'running',
      period: 1,
      leads: 0,
      shares: 0,
    });
    const [record] = await recordsOf(t, a, order.id);
    expect(record).toMatchObject({ action: 'create', by_user_id: a.userId, data: { total_aim: 500 } });
    const zoned = await orderOf(t, a, { timeZone: 'America/New_York', startsAt: later(2) });
    expect(zoned).toMatchObject({ time_zone: 'America/New_York', state: 'scheduled' });
  });

  it('refuses bad input naming the field, and strangers', () =>
    refusesStrangers(t, tenants, calls.orderCreate, {
      valid: () => ({ name: 'x', totalAim: 1, startsAt: later(0), endsAt: later(1) }),
      bad: [
        [{ name: '', totalAim: 1, startsAt: later(0), endsAt: later(1) }, 'name'],
        [{ name: 'x', totalAim: 0, startsAt: later(0), endsAt: later(1) }, 'totalAim'],
        [{ name: 'x', totalAim: 1, dailyAim: -1, startsAt: later(0), endsAt: later(1) }, 'dailyAim'],
        [{ name: 'x', totalAim: 1, startsAt: 'soon', endsAt: later(1) }, 'startsAt'],
        [{ name: 'x', totalAim: 1, startsAt: later(2), endsAt: later(1) }, 'endsAt'],
        [{ name: 'x', totalAim: 1, startsAt: later(0), endsAt: later(1), timeZone: 'Mars/Olympus' }, 'timeZone'],
      ],
    }));

  it("lists the tenant's orders only, by name and state", async () => {
    await orderOf(t, a, { name: 'Ended one', startsAt: later(-48), endsAt: later(-24) });
    const all = await post('/api/order/list', { pageSize: 100 });
    expect(all.status).toBe(200);
    const names = all.body.data.records.map((order: { name: string }) => order.name);
    expect(names).toContain('Ended one');
    expect(names).not.toContain('B order');
    const ended = await post('/api/order/list', { filters: { state: 'ended' } });
    expect(ended.body.data.records.map((order: { name: string }) => order.name)).toEqual(['Ended one']);
    const searched = await post('/api/order/list', { filters: { search: 'launch' } });
    expect(searched.body.data.total).toBe(1);
    await refusesStrangers(t, tenants, calls.orderList, {
      valid: () => ({}),
      bad: [[{ filters: { state: 'x' } }, 'filters.state']],
    });
  });

  it("answers another tenant's order as not found", async () => {
    const reply = await post('/api/order/progress', { id: orderB.id });
    expect(reply.status).toBe(404);
    expect(reply.body.message).toMatch(/^id: /);
    await refusesStrangers(t, tenants, calls.orderProgress, {
      valid: () => ({ id: orderB.id }),
      bad: [[{ id: 'x' }, 'id']],
    });
  });
});

describe('order/addshare and order/delshare', () => {
  it('adds shares owned by an agent and by a number, inside the order window, and records them', async () => {
    const order = await orderOf(t, a);
    const agent = await shareOf(t, a, order.id, { ownerUserId: seat.userId, aim: 30, dailyAim: 5 });
    expect(agent).toMatchObject({ owner_kind: 'agent', owner_id: seat.userId, owner_name: 'seat user', aim: 30 });
    expect(agent.starts_at).toBe(order.starts_at);
    const number = await shareOf(t, a, order.id, { ownerKind: 'number', numberId: numberA, startsAt: later(1) });
    expect(number).toMatchObject({ owner_kind: 'number', owner_id: numberA, daily_aim: null });
    const progress = await progressOf(t, a, order.id);
    expect(progress.order.shares).toBe(2);
    expect(progress.shares.map((share: { id: string }) => share.id)).toEqual([agent.id, number.id]);
    expect((await recordsOf(t, a, order.id)).map((record) => record.action)).toEqual([
      'addshare',
      'addshare',
      'create',
    ]);
  });

  it('refuses owners and orders of other tenants (404 naming the field) and windows outside the order (400)', async () => {
    const order = await orderOf(t, a);
    const share = (body: object) =>
      post('/api/order/addshare', { orderId: order.id, ownerKind: 'agent', ownerUserId: a.userId, aim: 5, ...body });
    const cases: [object, number, string][] = [
      [{ ownerUserId: b.userId }, 404, 'ownerUserId'],
      [{ ownerKind: 'number', numberId: numberB }, 404, 'numberId'],
      [{ orderId: orderB.id }, 404, 'orderId'],
      [{ ownerUserId: undefined }, 400, 'ownerUserId'],
      [{ ownerKind: 'number' }, 400, 'numberId'],
      [{ startsAt: later(-2) }, 400, 'startsAt'],
      [{ endsAt: later(24 * 31) }, 400, 'endsAt'],
      [{ aim: 0 }, 400, 'aim'],
      // An agent who serves no number: the share's link would lead nowhere.
      [{ ownerUserId: (await signedInSeat(t, a.tenantId)).userId }, 400, 'ownerUserId'],
    ];
    for (const [body, status, field] of cases) {
      const reply = await share(body);
      expect(reply.status, JSON.stringify(body)).toBe(status);
      expect(reply.body.message).toMatch(new RegExp(`^${field}: `));
    }
    await refusesStrangers(t, tenants, calls.orderAddShare, {
      valid: () => ({ orderId: order.id, ownerKind: 'agent', aim: 1 }),
    });
  });

  it('removes shares: they stay listed as removed and stop counting as live', async () => {
    const order = await orderOf(t, a);
    const share = await shareOf(t, a, order.id);
    const removed = await post('/api/order/delshare', { ids: [share.id, shareB.id] });
    expect(removed.body.data).toEqual({ count: 1 });
    const progress = await progressOf(t, a, order.id);
    expect(progress.order.shares).toBe(0);
    expect(progress.shares[0]).toMatchObject({ id: share.id, removed: true });
    expect((await recordsOf(t, a, order.id))[0]).toMatchObject({ action: 'delshare', data: { share_id: share.id } });
    await refusesStrangers(t, tenants, calls.orderDelShare, {
      valid: () => ({ ids: [share.id] }),
      bad: [[{ ids: [] }, 'ids']],
      onlyStrangers: { body: () => ({ ids: [shareB.id] }), field: 'ids' },
    });
  });
});

describe('order/setaim and order/resetaim', () => {
  it("changes the order's and a share's aims, recording before and after", async () => {
    const order = await orderOf(t, a, { totalAim: 100 });
    const share = await shareOf(t, a, order.id, { aim: 10 });
    const changed = await post('/api/order/setaim', { orderId: order.id, aim: 120, dailyAim: 12 });
    expect(changed.status).toBe(200);
    expect(changed.body.data.order).toMatchObject({ total_aim: 120, daily_aim: 12 });
    const shareChanged = await post('/api/order/setaim', { orderId: order.id, shareId: share.id, dailyAim: 3 });
    expect(shareChanged.body.data.shares[0]).toMatchObject({ aim: 10, daily_aim: 3 });
    const cleared = await post('/api/order/setaim', { orderId: order.id, dailyAim: null });
    expect(cleared.body.data.order.daily_aim).toBeNull();
    const records = await recordsOf(t, a, order.id);
    expect(records[1]).toMatchObject({
      action: 'setaim',
      data: { share_id: share.id, before: { aim: 10, daily_aim: null }, after: { aim: 10, daily_aim: 3 } },
    });
    const other = await post('/api/order/setaim', { orderId: order.id, shareId: shareB.id, aim: 1 });
    expect(other.status).toBe(404);
    expect(other.body.message).toMatch(/^shareId: /);
    await refusesStrangers(t, tenants, calls.orderSetAim, {
      valid: () => ({ orderId: order.id, aim: 1 }),
      bad: [
        [{ orderId: order.id }, 'aim'],
        [{ orderId: order.id, aim: 1.5 }, 'aim'],
      ],
    });
    const stranger = await post('/api/order/setaim', { orderId: orderB.id, aim: 5 });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toMatch(/^orderId: /);
  });

  it("splits the order's aims evenly over its live shares", async () => {
    const order = await orderOf(t, a, { totalAim: 10, dailyAim: 5 });
    const shares = [await shareOf(t, a, order.id), await shareOf(t, a, order.id), await shareOf(t, a, order.id)];
    await post('/api/order/delshare', { ids: [(await shareOf(t, a, order.id)).id] });
    const reset = await post('/api/order/resetaim', { id: order.id });
    expect(reset.status).toBe(200);
    const live = reset.body.data.shares.filter((share: { removed: boolean }) => !share.removed);
    expect(
      live.map((share: { id: string; aim: number; daily_aim: number }) => [share.id, share.aim, share.daily_aim]),
    ).toEqual([
      [shares[0]?.id, 4, 2],
      [shares[1]?.id, 3, 2],
      [shares[2]?.id, 3, 1],
    ]);
    expect((await recordsOf(t, a, order.id))[0]?.action).toBe('resetaim');
    const empty = await post('/api/order/resetaim', { id: (await orderOf(t, a)).id });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/^id: /);
    await refusesStrangers(t, tenants, calls.orderResetAim, { valid: () => ({ id: order.id }), bad: [[{}, 'id']] });
    expect((await post('/api/order/resetaim', { id: orderB.id })).status).toBe(404);
  });
});

describe('order/del', () => {
  it("deletes the tenant's orders with their shares and records; another tenant's are not found", async () => {
    const order = await orderOf(t, a);
    await shareOf(t, a, order.id);
    const deleted = await post('/api/order/del', { ids: [order.id, orderB.id] });
    expect(deleted.body.data).toEqual({ count: 1 });
    const { rows } = await t.pool.query('select count(*)::int as n from intake_share where order_id = $1', [order.id]);
    expect(rows[0].n).toBe(0);
    expect((await post('/api/order/progress', { id: orderB.id }, b.token)).status).toBe(200);
    await refusesStrangers(t, tenants, calls.orderDel, {
      valid: () => ({ ids: [order.id] }),
      bad: [[{ ids: ['x'] }, 'ids.0']],
      onlyStrangers: { body: () => ({ ids: [orderB.id] }), field: 'ids' },
    });
  });
});
