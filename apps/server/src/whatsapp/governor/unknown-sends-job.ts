import type pg from 'pg';
import { z } from 'zod';
import { withTransaction } from '../../platform/db/pool.js';
import { defineJob } from '../../platform/queue/jobs.js';
import { markLanesDue } from './queue-repository.js';
import { forgetOldUnknowns, forgetSettledUnknowns, requeueUnheardSends } from './unknown-send-repository.js';

/**
 * How long an unknown send waits for a status webhook before the evidence may send it again. Meta's
 * `sent` status comes within seconds; the later-message rule guards against a stalled webhook flow.
 */
export const UNKNOWN_SEND_GRACE_SECONDS = 120;
/** After this, an unknown send is left `unknown` for the operator (campaign resend). */
const WATCH_SECONDS = 7 * 24 * 3600;
const CHUNK = 1000;

/** One pass: forgets what webhooks settled, queues again what Meta never took. Answers how many went back. */
export async function settleUnknownSends(pool: pg.Pool, graceSeconds = UNKNOWN_SEND_GRACE_SECONDS): Promise<number> {
  await forgetSettledUnknowns(pool);
  let total = 0;
  for (;;) {
    const lanes = await withTransaction(pool, async (client) => {
      const requeued = await requeueUnheardSends(client, graceSeconds, CHUNK);
      const tenants = new Set(requeued.map((lane) => lane.tenant_id));
      for (const tenantId of tenants) {
        const own = requeued.filter((lane) => lane.tenant_id === tenantId);
        await markLanesDue(
          client,
          tenantId,
          own.map((lane) => ({ numberId: lane.number_id, dueAt: null })),
        );
      }
      return requeued;
    });
    const count = lanes.reduce((sum, lane) => sum + lane.requeued, 0);
    total += count;
    if (count === 0) break;
  }
  await forgetOldUnknowns(pool, WATCH_SECONDS);
  return total;
}

/** Every minute: unknown sends settled by webhooks are forgotten, those Meta never took go again. */
export const unknownSendsJob = defineJob({
  name: 'whatsapp_unknown_sends',
  payload: z.unknown(),
  maxAttempts: 1,
  cron: '* * * * *',
  async handle(_payload, _helpers, context) {
    const requeued = await settleUnknownSends(context.pool);
    if (requeued > 0) context.logger.warn({ requeued }, 'unknown sends that Meta never took were queued again');
  },
});
