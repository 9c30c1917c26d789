import type { IntakeOrder, NewOrder } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { requireOrder } from './order-queries.js';
import { deleteOrders, insertOrder } from './order-repository.js';
import { insertRecords } from './record-repository.js';
import { releaseShareLinks } from './share-link.js';
import { selectOrderShareIds } from './share-repository.js';

/** `order/create`: the order and its first record. */
export async function createOrder(context: AppContext, scope: Scope, order: NewOrder): Promise<IntakeOrder> {
  if (Date.parse(order.endsAt) <= Date.parse(order.startsAt)) {
    throw errors.invalid('endsAt', '必须晚于开始时间', 'must be after startsAt');
  }
  return withTransaction(context.pool, async (client) => {
    const id = await insertOrder(client, scope, order);
    const created = await requireOrder(client, scope, id, 'id');
    await insertRecords(client, scope.tenantId, scope.userId, [
      {
        orderId: id,
        action: 'create',
        data: {
          name: created.name,
          total_aim: created.total_aim,
          daily_aim: created.daily_aim,
          starts_at: created.starts_at,
          ends_at: created.ends_at,
          time_zone: created.time_zone,
        },
      },
    ]);
    return created;
  });
}

/** `order/del`: orders of the tenant with everything they hold, their shares' links too; what was deleted. */
export async function removeOrders(context: AppContext, scope: Scope, ids: readonly string[]) {
  const { deleted, released } = await withTransaction(context.pool, async (client) => {
    const released = await releaseShareLinks(client, scope, await selectOrderShareIds(client, scope.tenantId, ids));
    return { deleted: await deleteOrders(client, scope, ids), released };
  });
  released();
  return deleted;
}
