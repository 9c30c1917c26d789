import { z } from 'zod';
import { defineJob } from '../../platform/queue/jobs.js';
import { drainWebhookEvents } from './drain.js';
import { DRAIN_TASK, deleteOldEvents } from './event-repository.js';

/**
 * Processes stored webhook events. Intake queues it with a job key, so a burst of webhooks makes
 * one run; a run that finds another at work leaves it the events; the cron run each minute picks
 * up anything a killed worker left behind.
 */
export const webhookDrainJob = defineJob({
  name: DRAIN_TASK,
  payload: z.unknown(),
  maxAttempts: 25,
  cron: '* * * * *',
  async handle(_payload, _helpers, context) {
    await drainWebhookEvents(context, { leaveIfBusy: true });
  },
});

/** Deletes old webhook events (processed after 30 days, the others after 90). */
export const webhookHousekeepingJob = defineJob({
  name: 'whatsapp_webhooks_housekeeping',
  payload: z.unknown(),
  maxAttempts: 3,
  cron: '41 * * * *',
  async handle(_payload, _helpers, context) {
    const deleted = await deleteOldEvents(context.pool);
    if (deleted > 0) context.logger.info({ deleted }, 'old webhook events deleted');
  },
});
