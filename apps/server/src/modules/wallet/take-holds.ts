import { type Pool, withTransaction } from '../../platform/db/pool.js';
import { AppError } from '../../platform/http/errors.js';
import { insertHolds } from './hold-repository.js';
import { postTransaction } from './post-transaction.js';

/** How long a hold waits for its message's status before it is voided. */
export const HOLD_SECONDS = 3 * 24 * 60 * 60;

export interface SendHold {
  messageId: string;
  amount: number;
  category: string;
  country: string;
  numberId: string;
}

/**
 * Sets aside the estimated cost of a batch of a prepaid tenant's sends (decision 0026): one
 * posting moves the batch's total from the wallet to held, and one statement records a hold per
 * message, in one transaction. False when the available balance cannot cover the batch (nothing
 * is held then). A message held before is not held again (a lane that took over re-runs a batch).
 */
export async function takeSendHolds(pool: Pool, tenantId: string, holds: readonly SendHold[]): Promise<boolean> {
  if (holds.length === 0) return true;
  try {
    await withTransaction(pool, async (client) => {
      const taken = await insertHolds(client, tenantId, holds, HOLD_SECONDS);
      if (taken.length === 0) return;
      const total = BigInt(taken.reduce((sum, hold) => sum + hold.amount, 0));
      const ids = taken.map((hold) => BigInt(hold.message_id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      await postTransaction(client, tenantId, {
        kind: 'hold',
        idempotencyKey: `hold:${ids[0]}:${ids[ids.length - 1]}:${ids.length}`,
        unit: 'usd_micros',
        quantity: taken.length,
        entries: [
          { tenant: 'wallet', amount: -total },
          { tenant: 'held', amount: total },
        ],
        memo: `${taken.length} messages`,
      });
    });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.kind === 'conflict') return false;
    throw error;
  }
}
