import type { Db } from '../../platform/db/pool.js';
import { postTransaction } from './post-transaction.js';
import { lockInviteRoom } from './wallet-repository.js';

export { lockInviteRoom };

/** Why a prepaid tenant's pull-group task stopped (the task's last error, shown on its screen). */
export const INVITES_USED_UP =
  '群邀请额度已用完，请联系平台管理员充值后继续 / The group-invite quota is used up: ask the platform admin to credit more, then resume';

/**
 * Meters the group invitations a pull-group chunk queued (decision 0032): one `invite_usage`
 * posting of their count from the tenant's `invites` account, in the chunk's transaction, keyed by
 * the chunk's first message (a chunk is queued once: a retried chunk queues new messages).
 */
export async function meterInvites(db: Db, tenantId: string, taskId: string, messageIds: readonly string[]) {
  if (messageIds.length === 0) return;
  const count = BigInt(messageIds.length);
  await postTransaction(db, tenantId, {
    kind: 'invite_usage',
    idempotencyKey: `invites:${taskId}:${messageIds[0]}:${messageIds.length}`,
    unit: 'invites',
    quantity: messageIds.length,
    memo: `pull-group task ${taskId}`,
    entries: [
      { tenant: 'invites', amount: -count },
      { platform: 'invite_usage', amount: count },
    ],
  });
}
