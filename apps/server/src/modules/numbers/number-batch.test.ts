import { type CallDefinition, calls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BadInput } from '../../test/bad-input.js';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { addNumber, addTag, signedInUser, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { listen } from '../../whatsapp/webhooks/test-support.js';
import { addIp, ok } from './test-support.js';

const t = useTestApp();
const tenants = useTenants(t);
const { a, b, seat } = tenants;
let one: string;
let two: string;
let theirs: string;

beforeAll(async () => {
  one = await addNumber(t, a.tenantId);
  two = await addNumber(t, a.tenantId);
  theirs = await addNumber(t, b.tenantId);
});

const row = async (id: string) =>
  (
    await t.pool.query(
      `select owner_user_id, egress_ip_id, standby, paused_at is not null as paused,
              array(select tag_id::text from number_tag where number_id = n.id order by tag_id) as tags
         from wa_number n where id = $1`,
      [id],
    )
  ).rows[0];

/** Bad input (400 naming the field), no token (401), a seat (403), and only another tenant's ids (404). */
function refusesWhatItShould(call: CallDefinition, valid: Record<string, unknown>, bad: BadInput[]) {
  return refusesStrangers(t, tenants, call, {
    valid: () => valid,
    bad: [[{ ...valid, ids: [] }, 'ids'], [{ ...valid, ids: ['x'] }, 'ids.0'], ...bad],
    onlyStrangers: { body: () => ({ ...valid, ids: [theirs, '987654321'] }), field: 'ids' },
  });
}

describe('POST /api/agent/batch (number tags)', () => {
  it('adds and removes tags on the selected numbers, keeping tag counts', async () => {
    const vip = await addTag(t, a.tenantId, 'VIP', 'number');
    const hot = await addTag(t, a.tenantId, 'Hot', 'number');
    const reply = await t.post('/api/agent/batch', {
      token: a.token,
      body: { ids: [one, two, one], addTagIds: [vip, hot] },
    });
    expect(reply.body).toMatchObject({ code: 0, message: '更新成功', data: { count: 2 } });
    expect((await row(one)).tags).toEqual([vip, hot]);
    await ok(t, '/api/agent/batch', a.token, { ids: [one, two, theirs], addTagIds: [vip], removeTagIds: [hot] });
    expect((await row(two)).tags).toEqual([vip]);
    expect((await row(theirs)).tags).toEqual([]);
    const counts = await t.pool.query('select id::text, item_count from tag where id = any($1::bigint[]) order by id', [
      [vip, hot],
    ]);
    expect(counts.rows).toEqual([
      { id: vip, item_count: 2 },
      { id: hot, item_count: 0 },
    ]);
    const log = await t.pool.query(
      `select target from operation_log where action = 'agent.batch' order by id desc limit 1`,
    );
    expect(log.rows[0].target).toContain(`numbers ${one},${two}`);
  });

  it("refuses tags that are not the tenant's number tags", async () => {
    const contactTag = await addTag(t, a.tenantId, 'Lead', 'contact');
    const foreignTag = await addTag(t, b.tenantId, 'Theirs', 'number');
    for (const body of [
      { ids: [one], addTagIds: [contactTag] },
      { ids: [one], addTagIds: [foreignTag] },
      { ids: [one], addTagIds: ['999999999'] },
      { ids: [one], removeTagIds: [foreignTag] },
    ]) {
      const reply = await t.post('/api/agent/batch', { token: a.token, body });
      // Another tenant's tag answers exactly like one that does not exist.
      expect(reply.status).toBe(404);
      expect(reply.body.message).toMatch(/^(addTagIds|removeTagIds): 号码标签（\d+）不存在$/);
    }
    expect((await row(one)).tags).not.toContain(contactTag);
  });

  it('refuses bad input, strangers and seats', async () => {
    const tag = await addTag(t, a.tenantId, 'Any', 'number');
    await refusesWhatItShould(calls.numberTags, { ids: [one], addTagIds: [tag] }, [
      [{ ids: [one] }, 'addTagIds'],
      [{ ids: [one], addTagIds: ['a'] }, 'addTagIds.0'],
    ]);
  });
});

describe('POST /api/agent/moveagent', () => {
  it('gives numbers to another operator or admin of the tenant', async () => {
    const colleague = await signedInUser(t, a.tenantId, 'operator');
    const lanes = await listen<{ tenantId: string; numberId: string }>(t.pool, 'wa_number_state');
    const reply = await ok(t, '/api/agent/moveagent', a.token, { ids: [one, two], ownerUserId: colleague.userId });
    // The send lanes are told, in the shape lane-runner.ts reads.
    const told = await lanes.waitFor((item) => item.numberId === one);
    await lanes.stop();
    expect(told).toEqual([{ tenantId: a.tenantId, numberId: one }]);
    expect(reply).toEqual({ count: 2 });
    expect((await row(one)).owner_user_id).toBe(colleague.userId);
    // The tenant's admins and operators are told, in the same transaction.
    const { rows } = await t.pool.query(
      `select payload, roles from realtime_event where tenant_id = $1 and type = 'assignee.changed' order by id desc limit 1`,
      [a.tenantId],
    );
    expect(rows[0]).toEqual({
      payload: {
        subject: 'number',
        ids: [one, two].sort((x, y) => Number(x) - Number(y)),
        owner_user_id: colleague.userId,
      },
      roles: ['admin', 'operator'],
    });
  });

  it('refuses seats and strangers as owners', async () => {
    const asOwner = (ownerUserId: string) =>
      t.post('/api/agent/moveagent', { token: a.token, body: { ids: [one], ownerUserId } });
    // Another tenant's user answers exactly like one that does not exist.
    for (const ownerUserId of [b.userId, '987654321']) {
      const reply = await asOwner(ownerUserId);
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe('ownerUserId: 用户不存在');
    }
    const refusedSeat = await asOwner(seat.userId);
    expect(refusedSeat.status).toBe(400);
    expect(refusedSeat.body.message).toBe('ownerUserId: 坐席不能拥有号码');
    await refusesWhatItShould(calls.numberMoveOwner, { ids: [one], ownerUserId: a.userId }, [
      [{ ids: [one] }, 'ownerUserId'],
    ]);
    expect((await row(theirs)).owner_user_id).toBeNull();
  });
});

describe('POST /api/agent/setip', () => {
  it('sets an own or system IP and clears it with null', async () => {
    const own = await addIp(t, a.tenantId);
    const system = await addIp(t);
    expect(await ok(t, '/api/agent/setip', a.token, { ids: [one], ipId: own })).toEqual({ count: 1 });
    expect((await row(one)).egress_ip_id).toBe(own);
    await ok(t, '/api/agent/setip', a.token, { ids: [one, two], ipId: system });
    expect((await row(two)).egress_ip_id).toBe(system);
    await ok(t, '/api/agent/setip', a.token, { ids: [one, two], ipId: null });
    expect((await row(one)).egress_ip_id).toBeNull();
  });

  it("refuses disabled IPs and other tenants' own IPs", async () => {
    const withIp = (ipId: string) => t.post('/api/agent/setip', { token: a.token, body: { ids: [one], ipId } });
    // Another tenant's own IP answers exactly like one that does not exist.
    for (const ipId of [await addIp(t, b.tenantId), '99999999']) {
      const reply = await withIp(ipId);
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe('ipId: IP不存在');
    }
    const disabled = await withIp(await addIp(t, a.tenantId, { enabled: false }));
    expect(disabled.status).toBe(400);
    expect(disabled.body.message).toBe('ipId: 该 IP 已停用');
    await refusesWhatItShould(calls.numberSetIp, { ids: [one], ipId: null }, [[{ ids: [one] }, 'ipId']]);
  });
});

describe('POST /api/agent/changetype', () => {
  it('moves numbers between service and standby', async () => {
    expect(await ok(t, '/api/agent/changetype', a.token, { ids: [one], standby: true })).toEqual({ count: 1 });
    expect((await row(one)).standby).toBe(true);
    await ok(t, '/api/agent/changetype', a.token, { ids: [one], standby: false });
    expect((await row(one)).standby).toBe(false);
    await refusesWhatItShould(calls.numberChangeType, { ids: [one], standby: true }, [
      [{ ids: [one] }, 'standby'],
      [{ ids: [one], standby: 'yes' }, 'standby'],
    ]);
  });
});

describe('POST /api/agent/resume', () => {
  it('resumes paused numbers and wakes their lanes', async () => {
    const wakes = await listen<{ tenantId: string; numberId: string }>(t.pool, 'wa_send_wake');
    await t.pool.query(`update wa_number set paused_at = now(), pause_reason = 'quality_red' where id = $1`, [one]);
    await t.pool.query('insert into send_lane (tenant_id, number_id, due_at) values ($1, $2, null)', [a.tenantId, one]);
    expect(await ok(t, '/api/agent/resume', a.token, { ids: [one, two] })).toEqual({ count: 2 });
    expect((await row(one)).paused).toBe(false);
    const lane = await t.pool.query('select due_at from send_lane where number_id = $1', [one]);
    expect(lane.rows[0].due_at).not.toBeNull();
    // Running lanes hear of it by the number's tenant and id.
    expect(await wakes.waitFor((wake) => wake.numberId === one)).toEqual([{ tenantId: a.tenantId, numberId: one }]);
    await wakes.stop();
    await t.pool.query(`update wa_number set paused_at = now() where id = $1`, [theirs]);
    await refusesWhatItShould(calls.numberResume, { ids: [one] }, []);
    expect((await row(theirs)).paused).toBe(true);
  });
});
