import type { Db } from '../../platform/db/pool.js';
import { publishEvents } from '../../platform/realtime/publish.js';

/** Tells the tenant's admins and operators that orders' counts changed: one event per order, one statement. */
export function publishOrderProgress(
  db: Db,
  tenantId: string,
  orders: readonly { orderId: string; period: number }[],
): Promise<void> {
  const unique = new Map(orders.map((order) => [order.orderId, order.period]));
  return publishEvents(
    db,
    [...unique].map(([orderId, period]) => ({
      tenantId,
      roles: ['admin', 'operator'] as const,
      event: { type: 'order.progress' as const, data: { order_id: orderId, period } },
    })),
  );
}
