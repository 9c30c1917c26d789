/** Pull-group tasks: their rows, the list, and the state changes the job and the operations make. */
import type { NewPullTask, PullTaskStatus } from '@ws/contract';
import type pg from 'pg';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';

export interface PullTaskRow {
  id: string;
  name: string;
  subject_pattern: string;
  description: string;
  status: PullTaskStatus;
  number_ids: string[];
  numbers: { id: string; phone: string }[];
  audience: unknown;
  content: unknown;
  template_id: string;
  template: { id: string; name: string; language: string } | null;
  invites_per_group: number;
  cursor_contact_id: string;
  run_no: number;
  next_group_no: number;
  invited: number;
  joined: number;
  declined: number;
  group_count: number;
  current_invite_link: string | null;
  last_error: string | null;
  created_by: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

const TASK_COLUMNS = `t.id::text, t.name, t.subject_pattern, t.description, t.status, t.number_ids::text[] as number_ids,
  array(select json_build_object('id', n.id::text, 'phone', n.phone) from wa_number n
         where n.tenant_id = t.tenant_id and n.id = any(t.number_ids) order by n.id) as numbers,
  t.audience, t.content, t.template_id::text,
  (select json_build_object('id', m.id::text, 'name', m.name, 'language', m.language) from wa_template m
    where m.tenant_id = t.tenant_id and m.id = t.template_id) as template,
  t.invites_per_group, t.cursor_contact_id::text, t.run_no, t.next_group_no, t.invited, t.joined, t.declined,
  t.group_count,
  (select g.invite_link from wa_group g where g.tenant_id = t.tenant_id and g.task_id = t.id and g.role = 'current'
    order by g.task_group_no limit 1) as current_invite_link,
  t.last_error, t.created_by::text, ${isoTime('t.created_at')} as created_at,
  ${isoTime('t.started_at')} as started_at, ${isoTime('t.finished_at')} as finished_at`;

export async function insertPullTask(
  db: Db,
  scope: Scope,
  input: NewPullTask,
  templateId: string,
  subjectPattern: string,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into pull_group_task (tenant_id, name, subject_pattern, description, status, number_ids, audience, content,
                                  template_id, invites_per_group, created_by)
     values ($1, $2, $3, $4, 'draft', $5::bigint[], $6, $7, $8, $9, $10) returning id::text`,
    [
      scope.tenantId,
      input.name,
      subjectPattern,
      input.description,
      input.numberIds,
      JSON.stringify(input.audience),
      JSON.stringify(input.content),
      templateId,
      input.invitesPerGroup,
      scope.userId,
    ],
  );
  return (rows[0] as { id: string }).id;
}

export async function selectPullTask(db: Db, scope: Scope, id: string): Promise<PullTaskRow | undefined> {
  const { rows } = await db.query<PullTaskRow>(
    `select ${TASK_COLUMNS} from pull_group_task t where t.tenant_id = $1 and t.id = $2 and t.deleted_at is null`,
    [scope.tenantId, id],
  );
  return rows[0];
}

export async function selectPullTasks(
  db: Db,
  scope: Scope,
  filters: { search?: string | undefined; status?: PullTaskStatus | null | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: PullTaskRow[]; total: number }> {
  const sql = new BoundValues();
  const where = [`t.tenant_id = ${sql.add(scope.tenantId, 'text')}`, 't.deleted_at is null'];
  if (filters.search) where.push(`t.name ilike ${sql.add(`%${filters.search}%`, 'text')}`);
  if (filters.status) where.push(`t.status = ${sql.add(filters.status, 'text')}`);
  const condition = where.join(' and ');
  const counted = await db.query<{ n: number }>(
    `select count(*)::int as n from pull_group_task t where ${condition}`,
    sql.values,
  );
  const limit = sql.add(page.limit, 'int');
  const offset = sql.add(page.offset, 'int');
  const { rows } = await db.query<PullTaskRow>(
    `select ${TASK_COLUMNS} from pull_group_task t where ${condition} order by t.id desc limit ${limit} offset ${offset}`,
    sql.values,
  );
  return { rows, total: counted.rows[0]?.n ?? 0 };
}

/** The task's row locked for the rest of the transaction; undefined when it is gone. */
export async function lockPullTask(
  client: pg.PoolClient,
  tenantId: string,
  id: string,
): Promise<PullTaskRow | undefined> {
  await client.query('select 1 from pull_group_task where tenant_id = $1 and id = $2 for update', [tenantId, id]);
  const { rows } = await client.query<PullTaskRow>(
    `select ${TASK_COLUMNS} from pull_group_task t where t.tenant_id = $1 and t.id = $2 and t.deleted_at is null`,
    [tenantId, id],
  );
  return rows[0];
}

/** A status change; `run` bumps the run number (start, resume), `finished` stamps the end. */
export async function setPullTaskStatus(
  db: Db,
  tenantId: string,
  id: string,
  status: PullTaskStatus,
  options: { run?: boolean; finished?: boolean; lastError?: string | null } = {},
): Promise<void> {
  await db.query(
    `update pull_group_task
        set status = $3, run_no = run_no + case when $4 then 1 else 0 end,
            started_at = case when $4 then coalesce(started_at, now()) else started_at end,
            finished_at = case when $5 then now() else finished_at end,
            last_error = case when $6 then $7 else last_error end
      where tenant_id = $1 and id = $2`,
    [
      tenantId,
      id,
      status,
      options.run === true,
      options.finished === true,
      options.lastError !== undefined,
      options.lastError ?? null,
    ],
  );
}

/** Takes the next `count` group numbers of the task (the {n} of their subjects). */
export async function reserveGroupNumbers(
  client: pg.PoolClient,
  tenantId: string,
  id: string,
  count: number,
): Promise<number> {
  const { rows } = await client.query<{ first: number }>(
    `update pull_group_task set next_group_no = next_group_no + $3 where tenant_id = $1 and id = $2
     returning next_group_no - $3 as first`,
    [tenantId, id, count],
  );
  return (rows[0] as { first: number }).first;
}

/** Saves a chunk of invitations' cursor and roll-up with the invitations themselves. */
export async function saveInviteCursor(
  client: pg.PoolClient,
  tenantId: string,
  id: string,
  cursorContactId: string,
  invited: number,
): Promise<void> {
  await client.query(
    `update pull_group_task set cursor_contact_id = $3, invited = invited + $4 where tenant_id = $1 and id = $2`,
    [tenantId, id, cursorContactId, invited],
  );
}

/** Adds to the task's joined and declined roll-ups. */
export async function addJoinCounts(
  db: Db,
  tenantId: string,
  id: string,
  counts: { joined?: number; declined?: number },
): Promise<void> {
  await db.query(
    `update pull_group_task set joined = joined + $3, declined = declined + $4 where tenant_id = $1 and id = $2`,
    [tenantId, id, counts.joined ?? 0, counts.declined ?? 0],
  );
}

/** Records what Meta answered for whether numbers are Official Business Accounts. */
export async function saveOfficialFlags(
  db: Db,
  tenantId: string,
  flags: { numberId: string; official: boolean }[],
): Promise<void> {
  if (flags.length === 0) return;
  await db.query(
    `update wa_number n set official_business_account = f.official, official_checked_at = now()
       from unnest($2::bigint[], $3::boolean[]) as f (id, official)
      where n.tenant_id = $1 and n.id = f.id`,
    [tenantId, flags.map((flag) => flag.numberId), flags.map((flag) => flag.official)],
  );
}

/** A completed task sends again (contacts declined by a full group are invited to the next). */
export async function reopenCompletedTask(db: Db, tenantId: string, id: string): Promise<void> {
  await db.query(
    `update pull_group_task set status = 'running', finished_at = null
      where tenant_id = $1 and id = $2 and status = 'completed'`,
    [tenantId, id],
  );
}
