import type { Db } from '../../platform/db/pool.js';
import type { Publication } from '../../platform/realtime/publish.js';
import { insertLinkDetails } from './detail-repository.js';
import { progressPublications } from './order-events.js';

/**
 * The webhook drain's intake step, right after the link attribution of its batch (decision 0020):
 * the batch's conversations that a share's link brought become the orders' intake records, in one
 * statement; answers the orders' `order.progress` events, published with the batch's.
 */
export async function intakeFromLinks(
  db: Db,
  tenantId: string,
  conversationIds: readonly string[],
): Promise<Publication[]> {
  if (conversationIds.length === 0) return [];
  const orders = await insertLinkDetails(db, tenantId, { conversationIds });
  return progressPublications(
    tenantId,
    orders.map((order) => ({ orderId: order.order_id, period: order.period })),
  );
}
