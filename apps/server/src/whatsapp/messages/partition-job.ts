import { z } from 'zod';
import { defineJob } from '../../platform/queue/jobs.js';
import { ensureMessagePartitions } from './partition-repository.js';

/** Keeps the message table's monthly partitions three months ahead (see ensure_message_partitions). */
export const messagePartitionsJob = defineJob({
  name: 'whatsapp_message_partitions',
  payload: z.object({}).passthrough(),
  maxAttempts: 5,
  cron: '17 3 * * *',
  async handle(_payload, _helpers, context) {
    await ensureMessagePartitions(context.pool);
  },
});
