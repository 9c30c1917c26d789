/**
 * Groups and their memberships as the group webhooks record them (the rules are in
 * group-events.ts): memberships keep Meta's times, so a late join or leave changes nothing.
 */
import type { Db } from '../../platform/db/pool.js';

/** What a group event changes; undefined leaves a column as it is. */
export interface GroupChange {
  status?: 'active' | 'deleted';
  subject?: string;
  description?: string;
  inviteLink?: string;
  joinApprovalMode?: string;
  /** Undefined leaves it, null clears it. */
  suspendedAt?: Date | null;
}

/** The change of upsertGroup's parameters applied to the group row `g`. */
const APPLY_CHANGE = `
  set group_id = coalesce(g.group_id, $3),
      status = coalesce($5, case when g.status = 'pending' then 'active' else g.status end),
      subject = coalesce($6, g.subject), description = coalesce($7, g.description),
      invite_link = coalesce($8, g.invite_link), join_approval_mode = coalesce($9, g.join_approval_mode),
      suspended_at = case when $10 then $11 else g.suspended_at end, updated_at = now()`;

/**
 * The group's row, found by Meta's group id (and given it), else by the product's create request,
 * or created, with the change applied; its id, or undefined when nothing was found or created.
 */
export async function upsertGroup(
  db: Db,
  tenantId: string,
  numberId: string,
  groupId: string | null,
  requestId: string | null,
  change: GroupChange,
): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `with found as (
       select id from (
         select id, 1 as rank from wa_group where group_id = $3 and tenant_id = $1
         union all
         select id, 2 from wa_group where tenant_id = $1 and number_id = $2 and request_id = $4 and $4::text is not null
       ) candidates order by rank limit 1
     ),
     changed as (
       update wa_group g ${APPLY_CHANGE}
         from found where g.tenant_id = $1 and g.id = found.id
       returning g.id
     ),
     -- A row of the same request inserted meanwhile (the pull-group job recording the group it
     -- asked for) is waited for, then updated as found would have been (its key: 0056).
     made as (
       insert into wa_group as g (tenant_id, number_id, group_id, request_id, subject, description, invite_link,
                                  join_approval_mode, status, suspended_at)
       select $1, $2, $3, nullif($4, ''), coalesce($6, ''), coalesce($7, ''), $8, $9, coalesce($5, 'active'), $11
        where not exists (select 1 from found) and $3::text is not null and $5::text is distinct from 'deleted'
       on conflict (tenant_id, number_id, request_id) where request_id is not null do update ${APPLY_CHANGE}
       returning id
     )
     select id::text from changed union all select id::text from made`,
    [
      tenantId,
      numberId,
      groupId,
      requestId,
      change.status ?? null,
      change.subject ?? null,
      change.description ?? null,
      change.inviteLink ?? null,
      change.joinApprovalMode ?? null,
      change.suspendedAt !== undefined,
      change.suspendedAt ?? null,
    ],
  );
  return rows[0]?.id;
}

/** Marks the pending create request failed; false when the number has no such request. */
export async function failGroupRequest(
  db: Db,
  tenantId: string,
  numberId: string,
  requestId: string | null,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update wa_group set status = 'failed', updated_at = now()
      where tenant_id = $1 and number_id = $2 and request_id = $3 and status = 'pending'`,
    [tenantId, numberId, requestId],
  );
  return (rowCount ?? 0) > 0;
}

/** Records joins at `at` (`via` how), unless a membership already recorded is newer. */
export async function addParticipants(
  db: Db,
  tenantId: string,
  groupRef: string,
  at: Date,
  via: string,
  waIds: readonly string[],
): Promise<void> {
  await db.query(
    `insert into wa_group_participant as p (tenant_id, group_ref, wa_id, contact_id, joined_at, via)
       select $1, $2, w.wa_id, (select id from contact c where c.tenant_id = $1 and c.wa_id = w.wa_id), $3, $4
         from unnest($5::text[]) as w (wa_id)
       on conflict (tenant_id, group_ref, wa_id) do update
          set joined_at = excluded.joined_at, left_at = null, left_by = null, via = excluded.via,
              contact_id = coalesce(p.contact_id, excluded.contact_id)
        where p.left_at is not null and p.left_at < excluded.joined_at`,
    [tenantId, groupRef, at, via, waIds],
  );
}

/** Records leaves or removals at `at` (`by` whom), unless the participant joined later. */
export async function removeParticipants(
  db: Db,
  tenantId: string,
  groupRef: string,
  at: Date,
  by: string,
  waIds: readonly string[],
): Promise<void> {
  await db.query(
    `insert into wa_group_participant as p (tenant_id, group_ref, wa_id, contact_id, left_at, left_by)
       select $1, $2, w.wa_id, (select id from contact c where c.tenant_id = $1 and c.wa_id = w.wa_id), $3, $4
         from unnest($5::text[]) as w (wa_id)
       on conflict (tenant_id, group_ref, wa_id) do update
          set left_at = excluded.left_at, left_by = excluded.left_by
        where p.left_at is null and (p.joined_at is null or p.joined_at <= excluded.left_at)`,
    [tenantId, groupRef, at, by, waIds],
  );
}

/** Recounts the group's current participants. */
export async function recountParticipants(db: Db, tenantId: string, groupRef: string): Promise<void> {
  await db.query(
    `update wa_group set participant_count = (
       select count(*) from wa_group_participant where tenant_id = $1 and group_ref = $2 and left_at is null)
      where tenant_id = $1 and id = $2`,
    [tenantId, groupRef],
  );
}
