import { type Pool, withRedoableTransaction } from '../../platform/db/pool.js';
import { AppError } from '../../platform/http/errors.js';
import { insertHolds, selectFundingRoom } from './hold-repository.js';
import { postTransaction } from './post-transaction.js';

/** How long a hold waits for its message's status before it is voided. */
export const HOLD_SECONDS = 3 * 24 * 60 * 60;
/** Tries at the affordable prefix when other postings keep spending the wallet meanwhile. */
const ROUNDS = 3;

export interface SendHold {
  messageId: string;
  amount: number;
  category: string;
  country: string;
  numberId: string;
}

/**
 * Sets aside the estimated cost of a batch of a prepaid tenant's sends (decision 0026): one
 * posting moves the total from the wallet to held, and one statement records a hold per message,
 * in one transaction. When the available balance cannot cover the whole batch, the longest prefix
 * it covers (in the batch's order) is held instead; a message held before, or costing nothing,
 * is always funded. The wallet's floor refuses any posting past the balance, so a prefix that
 * concurrent spending made too long is measured again, never overspent. Answers the funded ids.
 */
export async function takeSendHolds(pool: Pool, tenantId: string, holds: readonly SendHold[]): Promise<Set<string>> {
  let attempt = holds;
  for (let round = 0; round <= ROUNDS; round += 1) {
    if (await holdAll(pool, tenantId, attempt)) return new Set(attempt.map((hold) => hold.messageId));
    if (round === ROUNDS) break;
    const room = await selectFundingRoom(
      pool,
      tenantId,
      holds.map((hold) => hold.messageId),
    );
    attempt = affordablePrefix(holds, room.available, room.held);
  }
  return new Set();
}

/** The holds already taken or free, and the new ones in order while their sum fits the balance. */
export function affordablePrefix(holds: readonly SendHold[], available: number, held: ReadonlySet<string>): SendHold[] {
  let room = available;
  let cut = false;
  return holds.filter((hold) => {
    if (held.has(hold.messageId) || hold.amount === 0) return true;
    if (cut || hold.amount > room) {
      cut = true;
      return false;
    }
    room -= hold.amount;
    return true;
  });
}

/**
 * False when the wallet cannot cover them (nothing is held then). The commit does not wait for the
 * disk: every lane's hold moves the same wallet row, and a durable commit held its lock through a
 * WAL flush (measured: lanes' holds and the drain's captures queueing 2.6 sessions deep on it). The
 * sends' own claims commit durably after this and flush it with them, so no send goes out on a hold
 * a database crash could lose.
 */
async function holdAll(pool: Pool, tenantId: string, holds: readonly SendHold[]): Promise<boolean> {
  if (holds.length === 0) return true;
  try {
    await withRedoableTransaction(pool, async (client) => {
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
