import type { Db } from '../../platform/db/pool.js';
import { lockOpenHolds, type OpenHold, settleHolds } from './hold-repository.js';
import { type Posting, postTransactions } from './post-transaction.js';

/** The posting that gives a hold's money back to the wallet (once per message). */
export function voidPosting(hold: OpenHold, memo: string): Posting {
  return {
    kind: 'void',
    idempotencyKey: `void:${hold.message_id}`,
    unit: 'usd_micros',
    messageId: hold.message_id,
    numberId: hold.number_id,
    category: hold.category,
    country: hold.country,
    memo,
    entries: [
      { tenant: 'held', amount: -BigInt(hold.amount) },
      { tenant: 'wallet', amount: BigInt(hold.amount) },
    ],
  };
}

/**
 * Voids the open holds of a tenant's messages that will never be sent (refused or failed by the
 * send lane after their hold was taken), in the caller's transaction: the money is available
 * again at once rather than at the hold's expiry. Messages without an open hold are skipped.
 */
export async function voidHoldsOf(db: Db, tenantId: string, messageIds: readonly string[], memo: string) {
  if (messageIds.length === 0) return;
  const holds = await lockOpenHolds(
    db,
    messageIds.map((messageId) => ({ tenantId, messageId })),
  );
  if (holds.length === 0) return;
  await postTransactions(
    db,
    holds.map((hold) => ({ tenantId, posting: voidPosting(hold, memo) })),
  );
  await settleHolds(
    db,
    holds.map((hold) => ({ tenantId, messageId: hold.message_id, state: 'voided' as const })),
  );
}
