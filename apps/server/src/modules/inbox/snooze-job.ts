import { z } from 'zod';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { defineJob } from '../../platform/queue/jobs.js';
import { publishEvents } from '../../platform/realtime/publish.js';
import { wakeDueConversations } from './snooze-repository.js';

const CHUNK = 500;

/**
 * Wakes every snoozed conversation whose time has come, a chunk per transaction: the chunk's
 * conversations open and their agents are told in one statement each (decision 0016).
 */
export async function wakeSnoozedConversations(context: Pick<AppContext, 'pool'>): Promise<number> {
  let woken = 0;
  for (;;) {
    const chunk = await withTransaction(context.pool, async (client) => {
      const rows = await wakeDueConversations(client, CHUNK);
      await publishEvents(
        client,
        rows.map((row) => ({
          tenantId: row.tenant_id,
          assignees: row.audience,
          event: {
            type: 'conversation.status' as const,
            data: {
              conversation_id: row.id,
              number_id: row.number_id,
              contact_id: row.contact_id,
              status: 'open' as const,
              snoozed_until: null,
              assignee_user_id: row.assignee_user_id,
            },
          },
        })),
      );
      return rows.length;
    });
    woken += chunk;
    if (chunk < CHUNK) return woken;
  }
}

export const inboxSnoozeWakeJob = defineJob({
  name: 'inbox_snooze_wake',
  payload: z.unknown(),
  maxAttempts: 1,
  cron: '* * * * *',
  async handle(_payload, _helpers, context) {
    const woken = await wakeSnoozedConversations(context);
    if (woken > 0) context.logger.info({ woken }, 'snoozed conversations woken');
  },
});
