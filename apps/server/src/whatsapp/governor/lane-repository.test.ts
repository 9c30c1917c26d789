import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db/pool.js';
import { useTestApp } from '../../test/test-app.js';
import { createTenant, seedContact, seedNumber } from '../../test/whatsapp-fixtures.js';
import { holdLanes, recordOutcomes } from './lane-repository.js';
import { queueMessages } from './queue-messages.js';
import { markLanesDue } from './queue-repository.js';

const app = useTestApp();

const dueAt = async (tenantId: string, numberId: string) => {
  const { rows } = await app.pool.query<{ due_at: Date | null }>(
    'select due_at from send_lane where tenant_id = $1 and number_id = $2',
    [tenantId, numberId],
  );
  return rows[0]?.due_at ?? null;
};

describe('holding lanes', () => {
  it('holds the lanes it can and skips one a transaction holds, without waiting for it', async () => {
    const tenantId = await createTenant(app.pool);
    const free = (await seedNumber(app.pool, app.context.whatsapp, tenantId)).numberId;
    const busy = (await seedNumber(app.pool, app.context.whatsapp, tenantId)).numberId;
    await withTransaction(app.pool, (client) =>
      markLanesDue(client, tenantId, [
        { numberId: free, dueAt: null },
        { numberId: busy, dueAt: null },
      ]),
    );
    const client = await app.pool.connect();
    try {
      await client.query('begin');
      // A drain batch queueing on the busy number holds its lane's row until it commits.
      await markLanesDue(client, tenantId, [{ numberId: busy, dueAt: null }]);
      const before = new Date();
      await holdLanes(
        app.pool,
        [
          { tenantId, numberId: free },
          { tenantId, numberId: busy },
        ],
        30,
      );
      expect((await dueAt(tenantId, free))?.getTime()).toBeGreaterThan(before.getTime() + 20_000);
      await client.query('commit');
      // The skipped lane is due now (its new work), to be held at the next sweep.
      expect((await dueAt(tenantId, busy))?.getTime()).toBeLessThanOrEqual(Date.now());
    } finally {
      client.release();
    }
  });
});

describe("recording a lane's outcomes", () => {
  it('keeps one generic plan, whatever the size of the batches', async () => {
    const tenantId = await createTenant(app.pool);
    const { numberId } = await seedNumber(app.pool, app.context.whatsapp, tenantId);
    const contactId = await seedContact(app.pool, tenantId, { waId: '4479101', numberId, lastInboundAt: new Date() });
    const queued = await withTransaction(app.pool, (client) =>
      queueMessages(
        client,
        tenantId,
        Array.from({ length: 8 }, (_, index) => ({
          numberId,
          contactId,
          type: 'text',
          content: { text: { body: `reply ${index}` } },
        })),
      ),
    );
    const client = await app.pool.connect();
    try {
      // One outcome a flush, as a lane sends a reply or two at a time: small batches whose custom
      // plans looked cheaper than the generic one had the statement planned anew on every call.
      for (const message of queued) {
        await client.query('begin');
        await recordOutcomes(client, tenantId, numberId, [
          { kind: 'sent', id: message.id, createdAt: message.createdAt, metaMessageId: `wamid.plan.${message.id}` },
        ]);
        await client.query('commit');
      }
      const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>(
        `select generic_plans::text, custom_plans::text from pg_prepared_statements
          where statement like '%The tenant and number are columns of the outcomes%'`,
      );
      expect(rows).toEqual([{ generic_plans: '8', custom_plans: '0' }]);
    } finally {
      client.release();
    }
    const { rows } = await app.pool.query<{ status: string }>(
      "select status from message where tenant_id = $1 and direction = 'out'",
      [tenantId],
    );
    expect(rows.map((row) => row.status)).toEqual(Array.from({ length: 8 }, () => 'accepted'));
  });
});
