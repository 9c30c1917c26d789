import type { IntakeDetail, NewDetail } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import {
  deleteDetails,
  insertManualDetail,
  liveContactExists,
  lockOrdersOfDetails,
  selectDetails,
} from './detail-repository.js';
import { publishOrderProgress } from './order-events.js';
import { insertRecords } from './record-repository.js';
import { lockShare } from './share-repository.js';

/** How far ahead of the server's clock a browser's "now" may be. */
const CLOCK_SKEW_MS = 60_000;

export const DETAIL_IDS = { zh: 'ids: 进粉明细', en: 'ids: Intake record' };

/**
 * `order/adddetail`: a lead entered by hand through a live share, inside its window; a contact
 * who already counts for the order is refused (409 naming contactId). Logged in the records.
 */
export async function addDetail(context: AppContext, scope: Scope, detail: NewDetail): Promise<IntakeDetail> {
  return withTransaction(context.pool, async (client) => {
    const share = await lockShare(client, scope, detail.shareId);
    if (!share) throw errors.notFound({ zh: 'shareId: 分配', en: 'shareId: Share' });
    if (share.removed) throw errors.invalid('shareId', '该分配已删除', 'the share was removed');
    const at = detail.at ? new Date(detail.at) : new Date();
    if (at.getTime() > Date.now() + CLOCK_SKEW_MS)
      throw errors.invalid('at', '不能晚于现在', 'must not be in the future');
    if (at < share.starts_at || at >= share.ends_at) {
      throw errors.invalid('at', '不在该分配的时间范围内', "is outside the share's time window");
    }
    if (!(await liveContactExists(client, scope, detail.contactId))) {
      throw errors.notFound({ zh: 'contactId: 联系人', en: 'contactId: Contact' });
    }
    const id = await insertManualDetail(client, scope, {
      shareId: detail.shareId,
      contactId: detail.contactId,
      at: at.toISOString(),
      note: detail.note,
    });
    if (!id) {
      throw errors.conflict({
        zh: 'contactId: 该联系人已计入此工单',
        en: 'contactId: this contact already counts for the order',
      });
    }
    const [added] = await selectDetails(client, scope.tenantId, [id]);
    const created = added as IntakeDetail;
    await insertRecords(client, scope.tenantId, scope.userId, [
      {
        orderId: created.order_id,
        action: 'adddetail',
        data: { detail_id: id, share_id: created.share_id, contact_id: created.contact_id, day: created.day },
      },
    ]);
    await publishOrderProgress(client, scope.tenantId, [{ orderId: created.order_id, period: created.period }]);
    return created;
  });
}

/** `order/deldetail`: removes wrong details; each is logged in its order's records. */
export function removeDetails(context: AppContext, scope: Scope, ids: readonly string[]): Promise<number> {
  return withTransaction(context.pool, async (client) => {
    await lockOrdersOfDetails(client, scope, ids);
    const removed = await deleteDetails(client, scope, ids);
    await insertRecords(
      client,
      scope.tenantId,
      scope.userId,
      removed.map((detail) => ({
        orderId: detail.order_id,
        action: 'deldetail',
        data: {
          detail_id: detail.id,
          share_id: detail.share_id,
          contact_id: detail.contact_id,
          day: detail.day,
          source: detail.source,
        },
      })),
    );
    await publishOrderProgress(
      client,
      scope.tenantId,
      removed.map((detail) => ({ orderId: detail.order_id, period: detail.period })),
    );
    return removed.length;
  });
}
