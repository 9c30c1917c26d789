/**
 * A task's groups (wa_group rows with a task and a role in the rotation), its invitations and the
 * join requests of its groups.
 */
import type { PullGroupRole } from '@ws/contract';
import type pg from 'pg';
import type { Db } from '../../platform/db/pool.js';

export interface TaskGroup {
  id: string;
  group_id: string | null;
  number_id: string;
  invite_link: string | null;
  role: PullGroupRole;
  invited: number;
  participant_count: number;
  task_group_no: number;
}

/** The task's groups that still take part in the rotation (creating, spare, current), in order. */
export async function selectLiveGroups(db: Db, tenantId: string, taskId: string): Promise<TaskGroup[]> {
  const { rows } = await db.query<TaskGroup>(
    `select id::text, group_id, number_id::text, invite_link, role, invited, participant_count, task_group_no
       from wa_group where tenant_id = $1 and task_id = $2 and role in ('creating', 'spare', 'current')
      order by task_group_no`,
    [tenantId, taskId],
  );
  return rows;
}

/**
 * Records a group the task asked Meta for. Meta's webhook may already have made the row (the same
 * request of the number, its key: 0056): then that row is given to the task. A webhook recording
 * it at the same moment waits for this insert and then updates this row (upsertGroup).
 */
export async function claimCreatedGroup(
  client: pg.PoolClient,
  tenantId: string,
  group: { taskId: string; no: number; numberId: string; requestId: string; subject: string; description: string },
): Promise<void> {
  await client.query(
    `insert into wa_group as g (tenant_id, number_id, request_id, subject, description, join_approval_mode, status,
                                task_id, task_group_no, role)
     values ($1, $4, nullif($5, ''), $6, $7, 'approval_required', 'pending', $2, $3, 'creating')
     on conflict (tenant_id, number_id, request_id) where request_id is not null do update
        set task_id = excluded.task_id, task_group_no = excluded.task_group_no,
            role = case when g.status = 'active' and g.invite_link is not null then 'spare' else 'creating' end
      where g.task_id is null`,
    [tenantId, group.taskId, group.no, group.numberId, group.requestId, group.subject, group.description],
  );
  await client.query('update pull_group_task set group_count = group_count + 1 where tenant_id = $1 and id = $2', [
    tenantId,
    group.taskId,
  ]);
}

/** Sets a task group's role; `from` limits it to groups in one of those roles. Answers whether it changed. */
export async function setGroupRole(
  db: Db,
  tenantId: string,
  groupRef: string,
  role: PullGroupRole,
  from: readonly PullGroupRole[],
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update wa_group set role = $3, updated_at = now()
      where tenant_id = $1 and id = $2 and task_id is not null and role = any($4::text[])`,
    [tenantId, groupRef, role, from],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * A group reached 8 (or its seats are all given): it is full, and when it was the current one the
 * first spare whose link is known takes over at once. Answers whether the group was not full before.
 */
export async function markGroupFull(client: pg.PoolClient, tenantId: string, groupRef: string): Promise<boolean> {
  const { rows } = await client.query<{ task_id: string }>(
    `update wa_group set role = 'full', updated_at = now()
      where tenant_id = $1 and id = $2 and role in ('current', 'spare', 'rotated') returning task_id::text`,
    [tenantId, groupRef],
  );
  const taskId = rows[0]?.task_id;
  if (!taskId) return false;
  await client.query(
    `update wa_group set role = 'current', updated_at = now()
      where tenant_id = $1 and id = (
        select id from wa_group where tenant_id = $1 and task_id = $2 and role = 'spare' and invite_link is not null
         order by task_group_no limit 1)
        and not exists (select 1 from wa_group where tenant_id = $1 and task_id = $2 and role = 'current')`,
    [tenantId, taskId],
  );
  return true;
}

/** Whether contacts a full group declined wait for their second invitation. */
export async function declinedWaiting(client: pg.PoolClient, tenantId: string, taskId: string): Promise<boolean> {
  const { rows } = await client.query<{ waiting: boolean }>(
    `select exists (select 1 from pull_group_invite
                     where tenant_id = $1 and task_id = $2 and state = 'declined' and attempts < 2) as waiting`,
    [tenantId, taskId],
  );
  return rows[0]?.waiting === true;
}

/**
 * Contacts a full group declined, invited once more to the given group (their second and last
 * attempt); their contact ids, wa_ids and names.
 */
export async function reinviteDeclined(
  client: pg.PoolClient,
  tenantId: string,
  taskId: string,
  groupRef: string,
  limit: number,
): Promise<{ id: string; wa_id: string; name: string }[]> {
  const { rows } = await client.query<{ id: string; wa_id: string; name: string }>(
    `with moved as (
       update pull_group_invite i set group_ref = $3, state = 'invited', attempts = attempts + 1, invited_at = now(),
              message_id = null, message_created_at = null
        where (i.tenant_id, i.task_id, i.contact_id) in (
          select tenant_id, task_id, contact_id from pull_group_invite
           where tenant_id = $1 and task_id = $2 and state = 'declined' and attempts < 2
           order by contact_id limit $4 for update skip locked)
       returning i.contact_id
     )
     select c.id::text, c.wa_id, c.name from moved m join contact c on c.tenant_id = $1 and c.id = m.contact_id
      where c.opted_out_at is null order by c.id`,
    [tenantId, taskId, groupRef, limit],
  );
  await client.query('update wa_group set invited = invited + $3 where tenant_id = $1 and id = $2', [
    tenantId,
    groupRef,
    rows.length,
  ]);
  return rows;
}

/** The task group behind a group row, if the row belongs to a task. */
export async function selectTaskOfGroup(
  db: Db,
  tenantId: string,
  groupRef: string,
): Promise<
  { task_id: string; role: PullGroupRole; participant_count: number; invite_link: string | null } | undefined
> {
  const { rows } = await db.query(
    `select task_id::text, role, participant_count, invite_link from wa_group
      where tenant_id = $1 and id = $2 and task_id is not null`,
    [tenantId, groupRef],
  );
  return rows[0];
}

/** Records invitations (one per contact and task); answers the contacts newly invited. */
export async function insertInvites(
  client: pg.PoolClient,
  tenantId: string,
  taskId: string,
  groupRef: string,
  contactIds: readonly string[],
): Promise<string[]> {
  const { rows } = await client.query<{ contact_id: string }>(
    `insert into pull_group_invite (tenant_id, task_id, contact_id, group_ref)
     select $1, $2, c, $3 from unnest($4::bigint[]) as c
     on conflict do nothing returning contact_id::text`,
    [tenantId, taskId, groupRef, contactIds],
  );
  await client.query('update wa_group set invited = invited + $3 where tenant_id = $1 and id = $2', [
    tenantId,
    groupRef,
    rows.length,
  ]);
  return rows.map((row) => row.contact_id);
}

/** Links each invitation to the message the governor queued for it. */
export async function linkInviteMessages(
  client: pg.PoolClient,
  tenantId: string,
  taskId: string,
  links: { contactId: string; messageId: string; createdAt: string }[],
): Promise<void> {
  if (links.length === 0) return;
  await client.query(
    `update pull_group_invite i set message_id = l.message_id, message_created_at = l.created_at
       from unnest($3::bigint[], $4::bigint[], $5::timestamptz[]) as l (contact_id, message_id, created_at)
      where i.tenant_id = $1 and i.task_id = $2 and i.contact_id = l.contact_id`,
    [
      tenantId,
      taskId,
      links.map((link) => link.contactId),
      links.map((link) => link.messageId),
      links.map((link) => link.createdAt),
    ],
  );
}

/** Marks the invitations of a group's new participants joined; answers how many. */
export async function markInvitesJoined(db: Db, tenantId: string, groupRef: string): Promise<number> {
  const { rowCount } = await db.query(
    `update pull_group_invite i set state = 'joined', joined_at = p.joined_at
       from wa_group_participant p
      where p.tenant_id = $1 and p.group_ref = $2 and p.left_at is null and p.joined_at is not null
        and i.tenant_id = $1 and i.group_ref = $2 and i.contact_id = p.contact_id and i.state <> 'joined'`,
    [tenantId, groupRef],
  );
  return rowCount ?? 0;
}

/** Marks the invitations of these wa_ids to the group (requested or declined); answers how many changed. */
export async function markInvites(
  db: Db,
  tenantId: string,
  groupRef: string,
  waIds: readonly string[],
  state: 'requested' | 'declined',
): Promise<number> {
  if (waIds.length === 0) return 0;
  const { rowCount } = await db.query(
    `update pull_group_invite i set state = $4
       from contact c
      where c.tenant_id = $1 and c.wa_id = any($3::text[]) and i.tenant_id = $1 and i.group_ref = $2
        and i.contact_id = c.id and i.state in ('invited', 'requested') and i.state <> $4
        and not exists (select 1 from wa_group_participant p where p.tenant_id = $1 and p.group_ref = $2
                         and p.wa_id = c.wa_id and p.left_at is null)`,
    [tenantId, groupRef, waIds, state],
  );
  return rowCount ?? 0;
}

/** Records a join request Meta reported (again: nothing changes). */
export async function insertJoinRequest(
  db: Db,
  tenantId: string,
  groupRef: string,
  request: { id: string; waId: string; at: Date },
): Promise<void> {
  await db.query(
    `insert into wa_group_join_request (tenant_id, group_ref, join_request_id, wa_id, requested_at)
     values ($1, $2, $3, $4, $5) on conflict do nothing`,
    [tenantId, groupRef, request.id, request.waId, request.at],
  );
}

/** The group locked, with its undecided join requests (oldest first) and the approved not yet joined. */
export async function lockGroupRequests(
  client: pg.PoolClient,
  tenantId: string,
  groupRef: string,
): Promise<
  | {
      group_id: string;
      number_id: string;
      participant_count: number;
      approved_waiting: number;
      pending: { id: string; wa_id: string }[];
    }
  | undefined
> {
  // Locked first, read after: one statement's snapshot predates the lock it waited for, and would
  // miss the decisions of the job that held it.
  await client.query('select 1 from wa_group where tenant_id = $1 and id = $2 for update', [tenantId, groupRef]);
  const { rows } = await client.query(
    `select g.group_id, g.number_id::text, g.participant_count,
            (select count(*)::int from wa_group_join_request r
              where r.tenant_id = g.tenant_id and r.group_ref = g.id and r.decision = 'approved'
                and not exists (select 1 from wa_group_participant p where p.tenant_id = r.tenant_id
                                and p.group_ref = r.group_ref and p.wa_id = r.wa_id)) as approved_waiting,
            array(select json_build_object('id', r.join_request_id, 'wa_id', r.wa_id) from wa_group_join_request r
                   where r.tenant_id = g.tenant_id and r.group_ref = g.id and r.decision is null
                   order by r.requested_at, r.join_request_id) as pending
       from wa_group g where g.tenant_id = $1 and g.id = $2 and g.group_id is not null and g.status = 'active'`,
    [tenantId, groupRef],
  );
  return rows[0];
}

export async function decideJoinRequests(
  client: pg.PoolClient,
  tenantId: string,
  groupRef: string,
  ids: readonly string[],
  decision: 'approved' | 'rejected',
): Promise<void> {
  if (ids.length === 0) return;
  await client.query(
    `update wa_group_join_request set decision = $4, decided_at = now()
      where tenant_id = $1 and group_ref = $2 and join_request_id = any($3::text[]) and decision is null`,
    [tenantId, groupRef, ids, decision],
  );
}

/** The template of this name and language in the WABA of each host number. */
export async function selectHostTemplates(
  db: Db,
  tenantId: string,
  templateId: string,
  numberIds: readonly string[],
): Promise<Map<string, { id: string; name: string; language: string; components: unknown }>> {
  const { rows } = await db.query(
    `select n.id::text as number_id, t.id::text, t.name, t.language, t.components
       from wa_number n
       join wa_template chosen on chosen.tenant_id = n.tenant_id and chosen.id = $2
       join wa_template t on t.tenant_id = n.tenant_id and t.waba_ref = n.waba_ref and t.name = chosen.name
                         and t.language = chosen.language and t.status = 'APPROVED'
      where n.tenant_id = $1 and n.id = any($3::bigint[])`,
    [tenantId, templateId, numberIds],
  );
  return new Map(rows.map((row) => [row.number_id, row]));
}
