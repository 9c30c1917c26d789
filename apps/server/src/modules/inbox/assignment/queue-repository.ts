import { PRESENCE_TIMEOUT_SECONDS } from '@ws/contract';
import { type Db, prepared } from '../../../platform/db/pool.js';
import type { WaitingConversation } from './assign-waiting.js';
import { onlineNow, unresolvedUpToCap } from './assignment-repository.js';

/** A conversation waiting in its number's queue. */
export interface QueuedConversation extends WaitingConversation {
  contactId: string;
}

/**
 * The tenant's oldest conversations waiting in a queue (unassigned and open) on numbers one of
 * whose agents looks available (online, under its cap), up to `limit`, locked: the first step of
 * assigning the queue, so conversation rows are locked before agent rows as on every path
 * (decision 0016). Rows another transaction holds (the drain, a take) are skipped: that one decides
 * them. "Oldest" is the oldest last message: the conversation quiet for longest. The availability
 * read here is a filter only, taken without the agents' locks; the assignment checks it again
 * under them. The preferred agents are the ones the drain prefers: the agent a reopened
 * conversation had (when it went to the queue because that agent was not available), then the
 * contact's owner.
 */
export async function lockAssignableQueue(db: Db, tenantId: string, limit: number): Promise<QueuedConversation[]> {
  const { rows } = await db.query<{
    id: string;
    number_id: string;
    contact_id: string;
    previous: string | null;
    owner: string | null;
  }>(
    prepared(
      `select v.id::text, v.number_id::text, v.contact_id::text, c.owner_user_id::text as owner,
              case when last_change.reason = 'reopen' and last_change.to_user_id is null
                   then last_change.from_user_id::text end as previous
         from conversation v
         left join contact c on c.tenant_id = v.tenant_id and c.id = v.contact_id
         left join lateral (
           select h.from_user_id, h.to_user_id, h.reason from conversation_assignment h
            where h.tenant_id = v.tenant_id and h.conversation_id = v.id
            order by h.id desc limit 1) last_change on true
        where v.tenant_id = $1 and v.assignee_user_id is null and v.status = 'open'
          and v.number_id in (
            select a.number_id from agent_number a
              join agent_setting s on s.tenant_id = a.tenant_id and s.user_id = a.user_id
              join agent_presence p on p.tenant_id = a.tenant_id and p.user_id = a.user_id
             where a.tenant_id = $1 and ${onlineNow('p', '$3')} and ${unresolvedUpToCap('s')} < s.max_open)
        order by v.last_message_at, v.id
        limit $2
        for update of v skip locked`,
      [tenantId, limit, PRESENCE_TIMEOUT_SECONDS],
    ),
  );
  return rows.map((row) => ({
    conversationId: row.id,
    numberId: row.number_id,
    contactId: row.contact_id,
    previousAssignee: row.previous,
    ownerUserId: row.owner,
    inQueue: true,
  }));
}
