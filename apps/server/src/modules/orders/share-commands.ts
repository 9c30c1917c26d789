import type { IntakeShare, NewShare } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { lockLiveNumber, lockUser } from '../contacts/contact-repository.js';
import { publishOrderProgress } from './order-events.js';
import { presentShares, requireOrder } from './order-queries.js';
import { insertRecords } from './record-repository.js';
import { createShareLink, releaseShareLinks } from './share-link.js';
import { insertShare, removeShares, selectShares } from './share-repository.js';

/** The share's window: inside the order's, start before end. */
function shareWindow(order: { starts_at: string; ends_at: string }, share: NewShare) {
  const startsAt = share.startsAt ?? order.starts_at;
  const endsAt = share.endsAt ?? order.ends_at;
  if (Date.parse(startsAt) < Date.parse(order.starts_at)) {
    throw errors.invalid('startsAt', '不能早于工单开始时间', "must not be before the order's start");
  }
  if (Date.parse(endsAt) > Date.parse(order.ends_at)) {
    throw errors.invalid('endsAt', '不能晚于工单结束时间', "must not be after the order's end");
  }
  if (Date.parse(endsAt) <= Date.parse(startsAt))
    throw errors.invalid('endsAt', '必须晚于开始时间', 'must be after startsAt');
  return { startsAt: share.startsAt ?? null, endsAt: share.endsAt ?? null };
}

/** `order/addshare`: a share owned by an agent or a live number of the tenant, with its link. */
export async function addShare(context: AppContext, scope: Scope, share: NewShare): Promise<IntakeShare> {
  const ownerUserId = share.ownerKind === 'agent' ? share.ownerUserId : undefined;
  const numberId = share.ownerKind === 'number' ? share.numberId : undefined;
  if (share.ownerKind === 'agent' && !ownerUserId) throw errors.invalid('ownerUserId', '必填', 'is required');
  if (share.ownerKind === 'number' && !numberId) throw errors.invalid('numberId', '必填', 'is required');
  return withTransaction(context.pool, async (client) => {
    const order = await requireOrder(client, scope, share.orderId, 'orderId', true);
    const window = shareWindow(order, share);
    if (ownerUserId && !(await lockUser(client, scope, ownerUserId))) {
      throw errors.notFound({ zh: 'ownerUserId: 用户', en: 'ownerUserId: User' });
    }
    if (numberId && !(await lockLiveNumber(client, scope, numberId))) {
      throw errors.notFound({ zh: 'numberId: 号码', en: 'numberId: Number' });
    }
    const id = await insertShare(client, scope, {
      orderId: order.id,
      ownerKind: share.ownerKind,
      ownerUserId: ownerUserId ?? null,
      numberId: numberId ?? null,
      aim: share.aim,
      dailyAim: share.dailyAim ?? null,
      ...window,
    });
    await createShareLink(client, scope, {
      id,
      name: `${order.name} #${id}`,
      ownerKind: share.ownerKind,
      ownerUserId: ownerUserId ?? null,
      numberId: numberId ?? null,
      message: share.message,
    });
    const [added] = await presentShares(
      client,
      scope.tenantId,
      await selectShares(client, scope.tenantId, { ids: [id] }),
    );
    const created = added as IntakeShare;
    await insertRecords(client, scope.tenantId, scope.userId, [
      {
        orderId: order.id,
        action: 'addshare',
        data: {
          share_id: id,
          owner_kind: created.owner_kind,
          owner_id: created.owner_id,
          owner_name: created.owner_name,
          aim: created.aim,
          daily_aim: created.daily_aim,
          starts_at: created.starts_at,
          ends_at: created.ends_at,
        },
      },
    ]);
    await publishOrderProgress(client, scope.tenantId, [{ orderId: order.id, period: order.period }]);
    return created;
  });
}

/** `order/delshare`: the shares stop taking leads (their links too); their details stay. */
export async function deleteShares(context: AppContext, scope: Scope, ids: readonly string[]): Promise<number> {
  const { count, released } = await withTransaction(context.pool, async (client) => {
    const removed = await removeShares(client, scope, ids);
    const released = await releaseShareLinks(
      client,
      scope,
      removed.map((share) => share.id),
    );
    await insertRecords(
      client,
      scope.tenantId,
      scope.userId,
      removed.map((share) => ({ orderId: share.order_id, action: 'delshare', data: { share_id: share.id } })),
    );
    await publishOrderProgress(
      client,
      scope.tenantId,
      removed.map((share) => ({ orderId: share.order_id, period: share.period })),
    );
    return { count: removed.length, released };
  });
  released();
  return count;
}
