import type pg from 'pg';
import { z } from 'zod';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { defineJob, enqueue } from '../../platform/queue/jobs.js';
import { numberClient } from '../../whatsapp/numbers/number-client.js';
import { cloudMediaIdOf } from '../uploads/cloud-media.js';
import { selectUploadById } from '../uploads/upload-repository.js';
import { type DueStep, deleteOldReplies, selectTenantsWithDueSteps, stopReplies } from './auto-reply-repository.js';
import { sendDueSteps } from './send-steps.js';

const MISSING_FILE = { zh: 'material: 文件', en: 'material: File' };

/** Schedules the tenant's send job at `at` (one waiting job per tenant, moved to the earliest pending step). */
export async function scheduleAutoReplies(client: pg.PoolClient, tenantId: string, at: Date): Promise<void> {
  await enqueue(client, autoReplySendJob, { tenantId }, { runAt: at, jobKey: `auto_reply_send:${tenantId}` });
}

/**
 * Hands the files of due steps to their numbers' media stores (a network wait, outside any
 * transaction). A file that cannot be handed over stops its reply: it would fail every time.
 */
async function provideMedia(context: AppContext, tenantId: string, steps: readonly DueStep[]): Promise<void> {
  const failed: string[] = [];
  const done = new Set<string>();
  for (const step of steps) {
    const key = `${step.upload_id}:${step.number_id}`;
    if (done.has(key) || step.upload_id === null) continue;
    try {
      const upload = await selectUploadById(context.pool, tenantId, step.upload_id);
      const connection = await numberClient(context, tenantId, step.number_id);
      if (!upload || !connection) throw new Error('the file or the number is gone');
      await cloudMediaIdOf(context, connection, upload, 'material', MISSING_FILE);
      done.add(key);
    } catch (error) {
      context.logger.warn({ err: error, replyId: step.id }, 'automatic reply: its file could not be handed to Meta');
      failed.push(step.id);
    }
  }
  await stopReplies(context.pool, tenantId, failed, 'media_failed');
}

/** Sends every due step of the tenant, a chunk per transaction, the cursors moved with the queueing. */
export async function sendTenantSteps(context: AppContext, tenantId: string): Promise<number> {
  let queued = 0;
  for (let round = 0; round < 100; round += 1) {
    const sent = await withTransaction(context.pool, (client) =>
      sendDueSteps(client, tenantId, null, scheduleAutoReplies),
    );
    queued += sent.queued;
    if (sent.needMedia.length > 0) await provideMedia(context, tenantId, sent.needMedia);
    else if (sent.drained) break;
  }
  return queued;
}

/**
 * The steps of automatic replies that could not be queued with the message they answer: an `auto`
 * sequence's later steps at their times, and files not yet in the number's media store. Queued
 * by the drain and by itself (one waiting job per tenant, at its earliest pending step).
 */
export const autoReplySendJob = defineJob({
  name: 'auto_reply_send',
  payload: z.object({ tenantId: z.string() }),
  maxAttempts: 10,
  async handle({ tenantId }, _helpers, context) {
    await sendTenantSteps(context, tenantId);
  },
});

/** Finished replies forgotten per statement, and statements per sweep (it runs each minute). */
const PRUNE_CHUNK = 5000;
const PRUNE_ROUNDS = 40;

/** Each minute: the due steps a killed worker's job left behind, and finished replies past their use. */
export const autoReplySweepJob = defineJob({
  name: 'auto_reply_sweep',
  payload: z.unknown(),
  maxAttempts: 3,
  cron: '* * * * *',
  async handle(_payload, _helpers, context) {
    for (const tenantId of await selectTenantsWithDueSteps(context.pool)) await sendTenantSteps(context, tenantId);
    for (let round = 0; round < PRUNE_ROUNDS; round += 1) {
      if ((await deleteOldReplies(context.pool, PRUNE_CHUNK)) < PRUNE_CHUNK) break;
    }
  },
});
