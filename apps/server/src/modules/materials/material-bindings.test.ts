/**
 * Bindings: a material bound to no one is every agent's; once bound, only the bound users and the
 * agents serving a bound number see it (the library's list, getmater, and the seat client's quick
 * replies). Bindings are listed and removed; another tenant's users and numbers are unknown.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addNumber, type SignedIn, signedInSeat, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { serve } from '../inbox/test-support.js';
import { addMaterial } from './test-support.js';

const t = useTestApp();
const { a: operator, b: other } = useTenants(t, 'materbind');
let alice: SignedIn;
let bob: SignedIn;
let numberId: string;

beforeAll(async () => {
  alice = await signedInSeat(t, operator.tenantId);
  bob = await signedInSeat(t, operator.tenantId);
  numberId = await addNumber(t, operator.tenantId);
  await serve(t, operator, bob, [numberId]);
});

const post = (path: string, body: object, token = operator.token) => t.post(`/api/mater/${path}`, { token, body });
const seen = async (user: SignedIn, tp = 'text') => {
  const reply = await post('list', { tp }, user.token);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data.records.map((record: { title: string }) => record.title).sort();
};
const quickReplies = async (user: SignedIn) => {
  const reply = await t.post('/api/quickreply/list', { token: user.token, body: {} });
  expect(reply.status).toBe(200);
  return reply.body.data.records.map((record: { shortcut: string }) => record.shortcut).sort();
};

describe('material bindings', () => {
  it('narrow who sees a material to the bound users and the agents of bound numbers', async () => {
    await addMaterial(t, operator, { tp: 'text', title: 'open', text: 'For everyone' });
    const forAlice = await addMaterial(t, operator, { tp: 'text', title: 'alice', text: 'Only Alice' });
    const forNumber = await addMaterial(t, operator, { tp: 'text', title: 'number', text: "The number's agents" });
    const bound = await post('binduser', { materialIds: [forAlice.id], userIds: [alice.userId] });
    expect(bound.body.data).toEqual({ count: 1 });
    expect((await post('binduser', { materialIds: [forAlice.id], userIds: [alice.userId] })).body.data).toEqual({
      count: 0,
    });
    expect((await post('binduser', { materialIds: [forNumber.id], numberIds: [numberId] })).body.data).toEqual({
      count: 1,
    });

    expect(await seen(alice)).toEqual(['alice', 'open']);
    expect(await seen(bob)).toEqual(['number', 'open']);
    expect(await seen(operator)).toEqual(['alice', 'number', 'open']);
    expect(await quickReplies(alice)).toEqual(['alice', 'open']);
    expect(await quickReplies(bob)).toEqual(['number', 'open']);
    const hidden = await post('getmater', { id: forAlice.id }, bob.token);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('id: 素材不存在');
    expect((await post('getmater', { id: forAlice.id }, alice.token)).body.data.bindings).toBe(1);

    const bindings = (await post('bindlist', { id: forAlice.id })).body.data;
    expect(bindings).toMatchObject([{ material_id: forAlice.id, kind: 'user', target_id: alice.userId }]);
    expect(bindings[0].target_name).toMatch(/^seat_/);
    const numberBindings = (await post('bindlist', { id: forNumber.id })).body.data;
    expect(numberBindings).toMatchObject([{ kind: 'number', target_id: numberId }]);

    // A binding of another tenant cannot be removed; removing Alice's opens the material to all.
    expect((await post('delbind', { ids: [bindings[0].id] }, other.token)).status).toBe(404);
    expect((await post('delbind', { ids: [bindings[0].id] })).body.data).toEqual({ count: 1 });
    expect(await seen(bob)).toEqual(['alice', 'number', 'open']);
  });

  it("refuses another tenant's numbers and seats binding", async () => {
    const material = await addMaterial(t, operator, { tp: 'card', title: 'c', card: { name: 'C', phones: ['12345'] } });
    const theirNumber = await addNumber(t, other.tenantId);
    const foreign = await post('binduser', { materialIds: [material.id], numberIds: [theirNumber] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('numberIds: 号码不存在');
    const bySeat = await post('binduser', { materialIds: [material.id], userIds: [alice.userId] }, alice.token);
    expect(bySeat.status).toBe(403);
  });
});
