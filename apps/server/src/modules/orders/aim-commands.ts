import type { OrderProgress, SetAim } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { insertLinkDetails } from './detail-repository.js';
import { publishOrderProgress } from './order-events.js';
import { orderProgress, requireOrder } from './order-queries.js';
import { startNextPeriod, updateOrderAims } from './order-repository.js';
import { insertRecords, recountOrderDays } from './record-repository.js';
import { selectShares, splitAims, updateShareAims } from './share-repository.js';

/** `order/setaim`: the order's aims, or one of its shares' (`shareId`); the values before and after are recorded. */
export async function setAim(context: AppContext, scope: Scope, change: SetAim): Promise<OrderProgress> {
  return withTransaction(context.pool, async (client) => {
    const order = await requireOrder(client, scope, change.orderId, 'orderId', true);
    let before: { aim: number; daily_aim: number | null };
    if (change.shareId) {
      const [share] = await selectShares(client, scope.tenantId, { ids: [change.shareId] });
      if (!share || share.order_id !== order.id) throw errors.notFound({ zh: 'shareId: 分配', en: 'shareId: Share' });
      before = { aim: share.aim, daily_aim: share.daily_aim };
      await updateShareAims(client, scope.tenantId, share.id, change);
    } else {
      before = { aim: order.total_aim, daily_aim: order.daily_aim };
      await updateOrderAims(client, scope.tenantId, order.id, { totalAim: change.aim, dailyAim: change.dailyAim });
    }
    const after = {
      aim: change.aim ?? before.aim,
      daily_aim: change.dailyAim === undefined ? before.daily_aim : change.dailyAim,
    };
    await insertRecords(client, scope.tenantId, scope.userId, [
      { orderId: order.id, action: 'setaim', data: { share_id: change.shareId ?? null, before, after } },
    ]);
    await publishOrderProgress(client, scope.tenantId, [{ orderId: order.id, period: order.period }]);
    return orderProgress(client, scope, order.id, 'orderId');
  });
}

/** `order/resetaim`: the order's aims split evenly over its live shares. */
export async function resetAims(context: AppContext, scope: Scope, orderId: string): Promise<OrderProgress> {
  return withTransaction(context.pool, async (client) => {
    const order = await requireOrder(client, scope, orderId, 'id', true);
    const shares = await splitAims(client, scope.tenantId, order.id);
    if (shares.length === 0) throw errors.invalid('id', '工单没有可分配的分配', 'the order has no live shares');
    await insertRecords(client, scope.tenantId, scope.userId, [
      {
        orderId: order.id,
        action: 'resetaim',
        data: {
          shares: shares.map((share) => ({
            share_id: share.id,
            before: { aim: share.old_aim, daily_aim: share.old_daily_aim },
            after: { aim: share.aim, daily_aim: share.daily_aim },
          })),
        },
      },
    ]);
    await publishOrderProgress(client, scope.tenantId, [{ orderId: order.id, period: order.period }]);
    return orderProgress(client, scope, order.id);
  });
}

/** `order/resetorder`: a new counting period; earlier details stay, and still deduplicate. */
export async function resetOrder(context: AppContext, scope: Scope, orderId: string): Promise<OrderProgress> {
  return withTransaction(context.pool, async (client) => {
    const order = await requireOrder(client, scope, orderId, 'id', true);
    const period = await startNextPeriod(client, scope.tenantId, order.id);
    await insertRecords(client, scope.tenantId, scope.userId, [
      { orderId: order.id, action: 'resetorder', data: { period, previous_leads: order.leads } },
    ]);
    await publishOrderProgress(client, scope.tenantId, [{ orderId: order.id, period }]);
    return orderProgress(client, scope, order.id);
  });
}

/**
 * `order/sync`: under the order's lock, the link attributions of its shares that have no intake
 * record yet get one (a missed drain step), then the per-day counts are recounted from the records.
 */
export async function syncOrder(
  context: AppContext,
  scope: Scope,
  orderId: string,
): Promise<{ leads: number; corrected: number; added: number }> {
  return withTransaction(context.pool, async (client) => {
    const order = await requireOrder(client, scope, orderId, 'id', true);
    const added = (await insertLinkDetails(client, scope.tenantId, { orderId: order.id })).length;
    const corrected = await recountOrderDays(client, scope.tenantId, order.id);
    const synced = await requireOrder(client, scope, order.id, 'id');
    await insertRecords(client, scope.tenantId, scope.userId, [
      { orderId: order.id, action: 'sync', data: { added, corrected, leads_before: order.leads, leads: synced.leads } },
    ]);
    if (synced.leads !== order.leads || corrected > 0) {
      await publishOrderProgress(client, scope.tenantId, [{ orderId: order.id, period: order.period }]);
    }
    return { leads: synced.leads, corrected, added };
  });
}
