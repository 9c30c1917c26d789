import { beforeAll, describe, expect, it } from 'vitest';
import { addNumber, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { seedContact } from '../../test/whatsapp-fixtures.js';

const t = useTestApp();
const { a: owner, b: other, seat } = useTenants(t);

const summary = (token: string | undefined = owner.token) => t.post('/api/home/summary', { token, body: {} });

/** A number's messages of a day (0: today, -1: yesterday) as the roll-up keeps them. */
const countMessages = (tenantId: string, numberId: string, dayOffset: number, sent: number, received: number) =>
  t.pool.query(
    `insert into number_daily_count (tenant_id, number_id, day, sent, received)
     values ($1, $2, (now() at time zone 'UTC')::date + $3::int, $4, $5)`,
    [tenantId, numberId, dayOffset, sent, received],
  );

beforeAll(async () => {
  const connected = await addNumber(t, owner.tenantId);
  const flagged = await addNumber(t, owner.tenantId);
  const binned = await addNumber(t, owner.tenantId);
  await addNumber(t, owner.tenantId);
  await t.pool.query(`update wa_number set status = 'FLAGGED' where id = $1`, [flagged]);
  await t.pool.query(`update wa_number set deleted_at = now() where id = $1`, [binned]);
  await seedContact(t.pool, owner.tenantId, { waId: '15550100001', numberId: connected, consent: true });
  await seedContact(t.pool, owner.tenantId, { waId: '15550100002', numberId: connected, consent: true });
  await seedContact(t.pool, owner.tenantId, {
    waId: '15550100003',
    numberId: flagged,
    consent: true,
    optedOut: { at: new Date(), channel: 'keyword' },
  });
  await seedContact(t.pool, owner.tenantId, { waId: '15550100004' });
  await countMessages(owner.tenantId, connected, 0, 7, 3);
  await countMessages(owner.tenantId, binned, 0, 1, 1);
  await countMessages(owner.tenantId, connected, -1, 100, 100);
  // Another tenant's figures never show.
  const theirs = await addNumber(t, other.tenantId);
  await seedContact(t.pool, other.tenantId, { waId: '15550100001', numberId: theirs, consent: true });
  await countMessages(other.tenantId, theirs, 0, 50, 40);
});

describe('POST /api/home/summary', () => {
  it("gives the tenant's numbers by status, its contacts by consent and today's messages", async () => {
    const reply = await summary();
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      numbers_by_status: [
        { status: 'CONNECTED', numbers: 2 },
        { status: 'FLAGGED', numbers: 1 },
      ],
      contacts: { total: 4, opted_in: 2, opted_out: 1 },
      messages_today: { sent: 8, received: 4 },
    });
  });

  it('shows another tenant only its own figures', async () => {
    const reply = await summary(other.token);
    expect(reply.body.data).toEqual({
      numbers_by_status: [{ status: 'CONNECTED', numbers: 1 }],
      contacts: { total: 1, opted_in: 1, opted_out: 0 },
      messages_today: { sent: 50, received: 40 },
    });
  });

  it('needs a sign-in and is not for seats', async () => {
    expect((await summary('')).status).toBe(401);
    expect((await summary(seat.token)).status).toBe(403);
  });
});
