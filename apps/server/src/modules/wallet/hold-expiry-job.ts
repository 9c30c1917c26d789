import { z } from 'zod';
import { withTransaction } from '../../platform/db/pool.js';
import { defineJob } from '../../platform/queue/jobs.js';
import { lockExpiredHolds, settleHolds } from './hold-repository.js';
import { postTransactions } from './post-transaction.js';
import { voidPosting } from './void-holds.js';

/** Holds voided per transaction, and the most transactions one run makes (the next run goes on). */
const CHUNK = 2000;
const MAX_CHUNKS = 50;

/**
 * Voids the holds whose message never reported a final status within HOLD_SECONDS (refused after
 * its hold was taken, or its status lost): the money goes back to the wallet, a chunk per
 * transaction (postings and hold states together), every ten minutes.
 */
export const walletHoldExpiryJob = defineJob({
  name: 'wallet_hold_expiry',
  payload: z.unknown(),
  maxAttempts: 1,
  cron: '*/10 * * * *',
  async handle(_payload, _helpers, context) {
    for (let chunk = 0; chunk < MAX_CHUNKS; chunk += 1) {
      const voided = await withTransaction(context.pool, async (client) => {
        const expired = await lockExpiredHolds(client, CHUNK);
        await postTransactions(
          client,
          expired.map((hold) => ({ tenantId: hold.tenant_id, posting: voidPosting(hold, 'expired') })),
        );
        await settleHolds(
          client,
          expired.map((hold) => ({ tenantId: hold.tenant_id, messageId: hold.message_id, state: 'voided' as const })),
        );
        return expired.length;
      });
      if (voided < CHUNK) break;
    }
  },
});
