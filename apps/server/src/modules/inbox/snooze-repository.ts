import type { Db } from '../../platform/db/pool.js';

export interface WokenConversation {
  tenant_id: string;
  id: string;
  number_id: string;
  contact_id: string;
  assignee_user_id: string | null;
  /** Who is told: its agent, or its number's agents when it wakes unassigned into their queue. */
  audience: string[];
}

/**
 * Opens up to `limit` snoozed conversations whose time has come, earliest first, in one statement.
 * Woken rows leave the partial index `conversation_snoozed_idx`, so the index is the job's cursor:
 * a run killed after any chunk resumes at the first conversation still asleep. Rows another
 * transaction holds are skipped, not waited for (the next run takes them).
 */
export async function wakeDueConversations(db: Db, limit: number): Promise<WokenConversation[]> {
  const { rows } = await db.query<WokenConversation>(
    `with due as (
       select tenant_id, id from conversation
        where status = 'snoozed' and snoozed_until <= now()
        order by snoozed_until limit $1 for update skip locked
     )
     update conversation v set status = 'open', snoozed_until = null
       from due where v.tenant_id = due.tenant_id and v.id = due.id
     returning v.tenant_id, v.id::text, v.number_id::text, v.contact_id::text, v.assignee_user_id::text,
               -- Its agent; an unassigned one wakes into its number's queue.
               case when v.assignee_user_id is not null then array[v.assignee_user_id::text]
                    else array(select a.user_id::text from agent_number a
                                where a.tenant_id = v.tenant_id and a.number_id = v.number_id) end as audience`,
    [limit],
  );
  return rows;
}
