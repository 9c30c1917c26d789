import type { RealtimeEvent, Role } from '@ws/contract';
import { type Db, prepared } from '../db/pool.js';

/** The channel the api processes LISTEN on; the payload is empty, they read the table. */
export const REALTIME_CHANNEL = 'realtime_event';

/**
 * One event for one tenant, and who of the tenant may see it (each axis left out: no restriction).
 * `assignees` are the agents the event's contacts are assigned to (`contact.owner_user_id`): a
 * seat receives the event only when it is one of them; admins and operators are not limited by it.
 */
export interface Publication {
  tenantId: string;
  event: RealtimeEvent;
  users?: readonly string[];
  roles?: readonly Role[];
  assignees?: readonly (string | null)[];
}

const INSERT = `
  with added as (
    insert into realtime_event (tenant_id, type, payload, user_ids, roles, assignee_ids)
    select e.tenant_id, e.type, e.payload, e.user_ids, e.roles, e.assignee_ids
      from jsonb_to_recordset($1::jsonb)
           as e (tenant_id text, type text, payload jsonb, user_ids bigint[], roles text[], assignee_ids bigint[])
    returning 1
  )
  select pg_notify('${REALTIME_CHANNEL}', '') from (select 1 from added limit 1) as any_added`;

/**
 * Writes events in the caller's transaction, all in one statement, and wakes the api processes
 * at commit (PostgreSQL folds a transaction's identical notifications into one). Rolled back with
 * the change, so an event exists exactly when the change it reports was committed.
 */
export async function publishEvents(db: Db, publications: readonly Publication[]): Promise<void> {
  if (publications.length === 0) return;
  const rows = publications.map((publication) => ({
    tenant_id: publication.tenantId,
    type: publication.event.type,
    payload: publication.event.data,
    user_ids: publication.users ?? null,
    roles: publication.roles ?? null,
    assignee_ids: publication.assignees?.filter((id) => id !== null) ?? null,
  }));
  await db.query(prepared(INSERT, [JSON.stringify(rows)]));
}
