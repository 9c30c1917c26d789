/** What the group screens read: the tenant's groups, a task's groups with members, invitation records. */
import type { Group, InviteRecord, InviteState } from '@ws/contract';
import { z } from 'zod';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues, type SqlValues } from '../../platform/db/sql-values.js';

const GROUP_COLUMNS = `g.id::text, g.group_id, g.number_id::text, coalesce(n.phone, '') as number_phone, g.subject,
  g.description, g.invite_link, g.status, g.participant_count, g.task_id::text, t.name as task_name, g.role,
  g.invited,
  (select count(*)::int from wa_group_join_request r
    where r.tenant_id = g.tenant_id and r.group_ref = g.id and r.decision is null) as pending_requests,
  ${isoTime('g.created_at')} as created_at`;
const GROUP_FROM = `wa_group g
  left join wa_number n on n.tenant_id = g.tenant_id and n.id = g.number_id
  left join pull_group_task t on t.tenant_id = g.tenant_id and t.id = g.task_id`;

function groupWhere(
  scope: Scope,
  sql: SqlValues,
  filters: { numberId?: string | null; taskId?: string | null; search?: string | undefined },
): string {
  const where = [`g.tenant_id = ${sql.add(scope.tenantId, 'text')}`, "g.status <> 'deleted'"];
  if (filters.numberId) where.push(`g.number_id = ${sql.add(filters.numberId, 'bigint')}`);
  if (filters.taskId) where.push(`g.task_id = ${sql.add(filters.taskId, 'bigint')}`);
  if (filters.search) where.push(`g.subject ilike ${sql.add(`%${filters.search}%`, 'text')}`);
  return where.join(' and ');
}

/** `group/list`: the tenant's groups, newest first. A tenant's groups are few (at most 10 000 per number). */
export async function selectGroups(
  db: Db,
  scope: Scope,
  filters: { numberId?: string | null; taskId?: string | null; search?: string | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: Group[]; total: number }> {
  const sql = new BoundValues();
  const where = groupWhere(scope, sql, filters);
  const counted = await db.query<{ n: number }>(`select count(*)::int as n from wa_group g where ${where}`, sql.values);
  const limit = sql.add(page.limit, 'int');
  const offset = sql.add(page.offset, 'int');
  const { rows } = await db.query<Group>(
    `select ${GROUP_COLUMNS} from ${GROUP_FROM} where ${where} order by g.id desc limit ${limit} offset ${offset}`,
    sql.values,
  );
  return { rows, total: counted.rows[0]?.n ?? 0 };
}

const Member = z.object({
  wa_id: z.string(),
  contact_id: z.string().nullable(),
  name: z.string(),
  joined_at: z.string().nullable(),
  left_at: z.string().nullable(),
});

/** A task's groups in order, each with its members (at most 8 current, and those who left). */
export async function selectTaskGroups(
  db: Db,
  scope: Scope,
  taskId: string,
): Promise<(Group & { members: z.infer<typeof Member>[] })[]> {
  const { rows } = await db.query(
    `select ${GROUP_COLUMNS},
            array(select json_build_object('wa_id', p.wa_id, 'contact_id', p.contact_id::text,
                    'name', coalesce(c.name, ''), 'joined_at', ${isoTime('p.joined_at')}, 'left_at', ${isoTime('p.left_at')})
                    from wa_group_participant p
                    left join contact c on c.tenant_id = p.tenant_id and c.id = p.contact_id
                   where p.tenant_id = g.tenant_id and p.group_ref = g.id order by p.joined_at nulls last, p.wa_id) as members
       from ${GROUP_FROM}
      where g.tenant_id = $1 and g.task_id = $2 order by g.task_group_no`,
    [scope.tenantId, taskId],
  );
  return rows.map((row) => ({ ...row, members: z.array(Member).parse(row.members) }));
}

const RECORD_COLUMNS = `i.contact_id::text, c.wa_id, c.name, i.group_ref::text, g.subject as group_subject, i.state,
  m.status as message_status, ${isoTime('i.invited_at')} as invited_at, ${isoTime('m.delivered_at')} as delivered_at,
  ${isoTime('i.joined_at')} as joined_at`;
const RECORD_FROM = `pull_group_invite i
  join contact c on c.tenant_id = i.tenant_id and c.id = i.contact_id
  join wa_group g on g.tenant_id = i.tenant_id and g.id = i.group_ref
  left join message m on m.tenant_id = i.tenant_id and m.id = i.message_id and m.created_at = i.message_created_at`;

/** A task's invitation records in contact order after `afterContactId`, optionally of one state or phone. */
export async function selectInviteRecords(
  db: Db,
  scope: Scope,
  taskId: string,
  filters: { state?: InviteState | null | undefined; search?: string | undefined; joinedOnly?: boolean },
  page: { limit: number; offset: number; afterContactId?: string },
): Promise<InviteRecord[]> {
  const sql = new BoundValues();
  const where = [`i.tenant_id = ${sql.add(scope.tenantId, 'text')}`, `i.task_id = ${sql.add(taskId, 'bigint')}`];
  if (filters.state) where.push(`i.state = ${sql.add(filters.state, 'text')}`);
  if (filters.joinedOnly) where.push(`i.state = 'joined'`);
  if (filters.search) where.push(`c.wa_id like ${sql.add(`%${filters.search.replace(/\D/g, '')}%`, 'text')}`);
  if (page.afterContactId) where.push(`i.contact_id > ${sql.add(page.afterContactId, 'bigint')}`);
  const { rows } = await db.query<InviteRecord>(
    `select ${RECORD_COLUMNS} from ${RECORD_FROM} where ${where.join(' and ')}
      order by i.contact_id limit ${sql.add(page.limit, 'int')} offset ${sql.add(page.offset, 'int')}`,
    sql.values,
  );
  return rows;
}

/** How many records match, counted up to `cap` rows. */
export async function countInviteRecords(
  db: Db,
  scope: Scope,
  taskId: string,
  filters: { state?: InviteState | null | undefined; search?: string | undefined },
  cap: number,
): Promise<number> {
  const sql = new BoundValues();
  const where = [`i.tenant_id = ${sql.add(scope.tenantId, 'text')}`, `i.task_id = ${sql.add(taskId, 'bigint')}`];
  if (filters.state) where.push(`i.state = ${sql.add(filters.state, 'text')}`);
  if (filters.search) where.push(`c.wa_id like ${sql.add(`%${filters.search.replace(/\D/g, '')}%`, 'text')}`);
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from pull_group_invite i
       join contact c on c.tenant_id = i.tenant_id and c.id = i.contact_id
      where ${where.join(' and ')} limit ${sql.add(cap, 'int')}) capped`,
    sql.values,
  );
  return rows[0]?.n ?? 0;
}
