import { calls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { type InboxNumber, inboxNumber, serve } from './test-support.js';

const t = useTestApp();
const tenants = useTenants(t, 'agentset');
const { a: operator, b: other, seat } = tenants;
let numbers: InboxNumber[];

beforeAll(async () => {
  numbers = [await inboxNumber(t, operator.tenantId), await inboxNumber(t, operator.tenantId)];
});

const agentsOf = async (token: string, search?: string) => {
  const reply = await t.post('/api/inbox/agents', { token, body: { pageSize: 50, filters: { search } } });
  expect(reply.status).toBe(200);
  return reply.body.data;
};

describe('agent settings', () => {
  it("are the operators' to set: seats and strangers are refused", async () => {
    await refusesStrangers(t, tenants, calls.inboxAgents, { valid: () => ({}) });
    await refusesStrangers(t, tenants, calls.inboxAgentSet, {
      valid: () => ({ userId: seat.userId, numberIds: [], maxOpen: 5 }),
      bad: [[{ userId: seat.userId, numberIds: [], maxOpen: 1001 }, 'maxOpen']],
    });
  });

  it("list the tenant's agents with the default cap and no numbers until set", async () => {
    const page = await agentsOf(operator.token);
    const ids = page.records.map((record: { user: { id: string } }) => record.user.id);
    expect(ids).toEqual(expect.arrayContaining([operator.userId, seat.userId]));
    expect(ids).not.toContain(other.userId);
    const row = page.records.find((record: { user: { id: string } }) => record.user.id === seat.userId);
    expect(row).toMatchObject({
      role: 'seat',
      numbers: [],
      max_open: 20,
      open_count: 0,
      presence: { state: 'away', online: false, last_seen_at: null },
    });
  });

  it("replace an agent's numbers and cap, keeping the turn of a number it keeps", async () => {
    await serve(t, operator, seat, [numbers[0]?.numberId as string, numbers[1]?.numberId as string], 3);
    await t.pool.query(
      `update agent_number set last_assigned_at = '2026-01-01Z' where user_id = $1 and number_id = $2`,
      [seat.userId, numbers[0]?.numberId],
    );
    const reply = await t.post('/api/inbox/agent/set', {
      token: operator.token,
      body: { userId: seat.userId, numberIds: [numbers[0]?.numberId, numbers[0]?.numberId], maxOpen: 4 },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ max_open: 4, numbers: [{ id: numbers[0]?.numberId }] });
    const { rows } = await t.pool.query<{ number_id: string; kept: boolean }>(
      `select number_id::text, last_assigned_at is not null as kept from agent_number where user_id = $1`,
      [seat.userId],
    );
    expect(rows).toEqual([{ number_id: numbers[0]?.numberId, kept: true }]);
    const found = await agentsOf(operator.token, 'seat_');
    expect(found.records.every((record: { role: string }) => record.role === 'seat')).toBe(true);
  });

  it("refuse another tenant's agent or number, and numbers in the recycle bin, as not found", async () => {
    const foreign = await inboxNumber(t, other.tenantId);
    const reply = await t.post('/api/inbox/agent/set', {
      token: operator.token,
      body: { userId: seat.userId, numberIds: [foreign.numberId], maxOpen: 3 },
      headers: { 'accept-language': 'en' },
    });
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe('numberIds: Number not found');
    await t.pool.query('update wa_number set deleted_at = now() where id = $1', [numbers[1]?.numberId]);
    const recycled = await t.post('/api/inbox/agent/set', {
      token: operator.token,
      body: { userId: seat.userId, numberIds: [numbers[1]?.numberId], maxOpen: 3 },
    });
    expect(recycled.status).toBe(404);
    const stranger = await t.post('/api/inbox/agent/set', {
      token: operator.token,
      body: { userId: other.userId, numberIds: [], maxOpen: 3 },
    });
    expect(stranger.body.message).toBe('userId: 用户不存在');
  });
});
