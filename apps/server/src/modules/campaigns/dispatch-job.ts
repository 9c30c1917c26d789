import type pg from 'pg';
import { z } from 'zod';
import { withRedoableTransaction, withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { defineJob, enqueue } from '../../platform/queue/jobs.js';
import { foldCampaignCounts } from './count-fold-repository.js';
import { StepSuperseded, stalledCampaigns, waitingStarts } from './dispatch-repository.js';
import { dispatchStep, SLOW_CHECK_MS } from './dispatch-step.js';
import { decideSplit } from './split-decision.js';
import { enqueueStart } from './start-campaign-job.js';

/** Longest a dispatcher sleeps between steps (a send window opening later is looked at again). */
const MAX_SLEEP_MS = SLOW_CHECK_MS;
/** A run's stand-in: when its worker dies mid-step (its job stays locked), this one takes over. */
const WATCHDOG_MS = 5000;
/** A running campaign whose dispatcher has not stepped for this long lost it (failed past its attempts). */
const STALLED_SECONDS = 2 * (MAX_SLEEP_MS / 1000);

const DispatchPayload = z.object({ tenantId: z.string(), campaignId: z.string() });

/**
 * A campaign's dispatcher: one step per run (`dispatchStep`), then it queues its own next run in
 * the step's transaction, after the campaign row's lock, so an operation that moves the campaign
 * later (resume, resend) always has the last word on when it runs. One job per campaign by its
 * job key; were two ever to run, the row lock makes them take turns over the same cursor. A worker
 * killed mid-step leaves its job locked for good (graphile-worker): the stand-in queued before the
 * step carries on a few seconds later.
 */
export const campaignDispatchJob = defineJob({
  name: 'campaign_dispatch',
  payload: DispatchPayload,
  maxAttempts: 10,
  async handle({ tenantId, campaignId }, _helpers, context) {
    // Queued first, outside the step: the step's own reschedule replaces it; a step that ends
    // (paused, completed) leaves it to run once and find nothing to do.
    await enqueueDispatch(context.pool, tenantId, campaignId, new Date(Date.now() + WATCHDOG_MS));
    const startedAt = performance.now();
    try {
      // Redoable: a step lost in a database crash is taken again from the saved cursor, and no lane
      // sends its messages before a durable claim has made it durable too.
      await withRedoableTransaction(context.pool, async (client) => {
        const plan = await dispatchStep(client, tenantId, campaignId);
        context.logger.debug(
          { campaignId, plan, ms: Math.round(performance.now() - startedAt) },
          'campaign dispatch step',
        );
        if ('end' in plan) return;
        if (plan.decideAt) await enqueueSplitDecision(client, tenantId, campaignId, plan.decideAt);
        const wait = Math.min(plan.afterMs, MAX_SLEEP_MS);
        await enqueueDispatch(client, tenantId, campaignId, wait > 0 ? new Date(Date.now() + wait) : undefined);
      });
    } catch (error) {
      // Paused, cancelled, held or resent meanwhile: the step rolled back; whoever moved the
      // campaign queued what comes next (a resume or resend its run; the stand-in finds the rest).
      if (!(error instanceof StepSuperseded)) throw error;
      context.logger.debug({ campaignId }, 'campaign dispatch step superseded');
    }
  },
});

/**
 * Runs (or reruns) a campaign's dispatcher, at `runAt` or now, when the caller commits: after
 * start, resume and resend. A waiting run is moved to this time; a running one finishes its step.
 */
export function enqueueDispatch(
  client: pg.PoolClient | pg.Pool,
  tenantId: string,
  campaignId: string,
  runAt?: Date,
): Promise<void> {
  return enqueue(
    client,
    campaignDispatchJob,
    { tenantId, campaignId },
    { jobKey: `campaign_dispatch:${campaignId}`, runAt },
  );
}

const SplitDecisionPayload = z.object({ tenantId: z.string(), campaignId: z.string() });

/**
 * An A/B split's decision (`decideSplit`), queued by the dispatcher when the sample has gone out,
 * for the chosen minutes later; the rest go out at once after it. Idempotent: a decided campaign
 * is left alone, so a retry or a second job (the dispatcher queues it again when it is late)
 * changes nothing.
 */
export const campaignSplitDecisionJob = defineJob({
  name: 'campaign_split_decision',
  payload: SplitDecisionPayload,
  maxAttempts: 10,
  async handle({ tenantId, campaignId }, _helpers, context) {
    await withTransaction(context.pool, async (client) => {
      if (await decideSplit(client, tenantId, campaignId)) await enqueueDispatch(client, tenantId, campaignId);
    });
  },
});

/** Queues (or moves) a campaign's split decision to `runAt`, when the caller commits. */
export function enqueueSplitDecision(
  client: pg.PoolClient | pg.Pool,
  tenantId: string,
  campaignId: string,
  runAt: Date,
): Promise<void> {
  return enqueue(
    client,
    campaignSplitDecisionJob,
    { tenantId, campaignId },
    { jobKey: `campaign_split_decision:${campaignId}`, runAt },
  );
}

/**
 * Gives a dispatcher back to running campaigns whose dispatcher stopped stepping, and a start job
 * to campaigns whose start never came. A job a dead worker had locked (graphile-worker's local
 * queue locks the jobs it holds, not only the one it runs) stays locked for hours: a job added
 * with the same key is a new one, so this always gets the campaign going again, and a campaign
 * whose job is alive elsewhere only gets its run moved to now (the row lock keeps two in turn).
 */
export async function recoverCampaigns(context: AppContext, quietSeconds: number): Promise<void> {
  for (const campaign of await stalledCampaigns(context.pool, quietSeconds)) {
    await enqueueDispatch(context.pool, campaign.tenantId, campaign.id);
  }
  for (const campaign of await waitingStarts(context.pool, quietSeconds)) {
    await enqueueStart(context.pool, campaign.tenantId, campaign.id, null);
  }
}

/**
 * When a worker starts (after a crash, its replacement), every running campaign: the dead worker
 * may have held its next run locked a moment ago, and a live one only sees its run moved to now.
 */
export const RECOVER_AT_START_SECONDS = 0;

/** Every minute, whatever lost its dispatcher or its start; and the roll-ups take in every campaign's deltas. */
export const campaignDispatchSweepJob = defineJob({
  name: 'campaign_dispatch_sweep',
  payload: z.unknown(),
  maxAttempts: 1,
  cron: '* * * * *',
  async handle(_payload, _helpers, context) {
    await recoverCampaigns(context, STALLED_SECONDS);
    await foldCampaignCounts(context.pool, null);
  },
});
