import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db/pool.js';
import { useTestApp } from '../../test/test-app.js';
import { createTenant, seedNumber } from '../../test/whatsapp-fixtures.js';
import { holdLanes } from './lane-repository.js';
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
