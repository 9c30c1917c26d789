import { calls } from '@ws/contract';
import { describe, expect, it } from 'vitest';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';

const t = useTestApp();
const tenants = useTenants(t, 'agents');
const { a, b, seat } = tenants;

describe('POST /api/friend/agents', () => {
  it("lists the tenant's admins, operators and seats, who may be given contacts, and no one else's", async () => {
    const reply = await t.post('/api/friend/agents', { token: a.token, body: {} });
    expect(reply.status).toBe(200);
    const ids = reply.body.data.map((user: { id: string }) => user.id);
    expect(ids).toContain(a.userId);
    expect(ids).toContain(seat.userId);
    expect(ids).not.toContain(b.userId);
    // Numbers still go to admins and operators only.
    const owners = await t.post('/api/agent/owners', { token: a.token, body: {} });
    expect(owners.body.data.map((user: { id: string }) => user.id)).not.toContain(seat.userId);
  });

  it('refuses strangers', async () => {
    await refusesStrangers(t, tenants, calls.contactAgents, { valid: () => ({}) });
  });
});
