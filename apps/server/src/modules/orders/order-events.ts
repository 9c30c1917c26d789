import type { Db } from '../../platform/db/pool.js';
import { type Publication, publishEvents } from '../../platform/realtime/publish.js';

/** An `order.progress` event per order, for the tenant's admins and operators. */
export function progressPublications(
  tenantId: string,
  orders: readonly { orderId: string; period: number }[],
): Publication[] {
  const unique = new Map(orders.map((order) => [order.orderId, order.period]));
  return [...unique].map(([orderId, period]) => ({
    tenantId,
    roles: ['admin', 'operator'] as const,
    event: { type: 'order.progress' as const, data: { order_id: orderId, period } },
  }));
}

/** Tells the tenant's admins and operators that orders' counts changed: one statement for all. */
export function publishOrderProgress(
  db: Db,
  tenantId: string,
  orders: readonly { orderId: string; period: number }[],
): Promise<void> {
  return publishEvents(db, progressPublications(tenantId, orders));
}
