import type { ProfileResultStatus, ProfileRun } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import type { ProfileSetFields } from './profile-set-repository.js';

const RUN_COLUMNS = `r.id::text, r.set_id::text, s.name as set_name, r.status, r.total, r.applied, r.failed, r.skipped,
  ${isoTime('r.created_at')} as created_at, case when r.finished_at is null then null else ${isoTime('r.finished_at')} end as finished_at`;
const RUN_FROM = 'profile_run r join profile_set s on s.tenant_id = r.tenant_id and s.id = r.set_id';

/** Records a run of the set over the numbers, every number pending; answers the run id. */
export async function insertProfileRun(
  db: Db,
  scope: Scope,
  setId: string,
  fields: ProfileSetFields,
  numberIds: string[],
): Promise<string> {
  const { pictureUploadId, ...kept } = fields;
  const { rows } = await db.query<{ id: string }>(
    `insert into profile_run (tenant_id, set_id, fields, picture_upload_id, total, created_by)
     values ($1, $2, $3::jsonb, $4, $5, $6) returning id::text`,
    [scope.tenantId, setId, JSON.stringify(kept), pictureUploadId, numberIds.length, scope.userId],
  );
  const runId = (rows[0] as { id: string }).id;
  await db.query(`insert into profile_result (tenant_id, run_id, number_id) select $1, $2, unnest($3::bigint[])`, [
    scope.tenantId,
    runId,
    numberIds,
  ]);
  return runId;
}

export async function selectProfileRun(db: Db, scope: Scope, runId: string): Promise<ProfileRun | undefined> {
  const { rows } = await db.query<ProfileRun>(
    `select ${RUN_COLUMNS} from ${RUN_FROM} where r.tenant_id = $1 and r.id = $2`,
    [scope.tenantId, runId],
  );
  return rows[0];
}

export async function listProfileRuns(
  db: Db,
  scope: Scope,
  setId: string | null,
  page: { page: number; pageSize: number },
): Promise<{ total: number; records: ProfileRun[] }> {
  const where = 'r.tenant_id = $1 and ($2::bigint is null or r.set_id = $2)';
  const [count, records] = await Promise.all([
    db.query<{ total: number }>(`select count(*)::int as total from profile_run r where ${where}`, [
      scope.tenantId,
      setId,
    ]),
    db.query<ProfileRun>(
      `select ${RUN_COLUMNS} from ${RUN_FROM} where ${where} order by r.id desc limit $3 offset $4`,
      [scope.tenantId, setId, page.pageSize, (page.page - 1) * page.pageSize],
    ),
  ]);
  return { total: count.rows[0]?.total ?? 0, records: records.rows };
}

export interface ResultRow {
  number_id: string;
  phone: string;
  status: ProfileResultStatus;
  attempts: number;
  error_code: number | null;
  error_message: string;
  not_before: string | null;
  updated_at: string;
}

/** A run's results (the number's phone beside), by number. */
export async function listProfileResults(
  db: Db,
  scope: Scope,
  runId: string,
  status: ProfileResultStatus | null,
  page: { page: number; pageSize: number },
): Promise<{ total: number; records: ResultRow[] }> {
  const where = 'p.tenant_id = $1 and p.run_id = $2 and ($3::text is null or p.status = $3)';
  const [count, records] = await Promise.all([
    db.query<{ total: number }>(`select count(*)::int as total from profile_result p where ${where}`, [
      scope.tenantId,
      runId,
      status,
    ]),
    db.query<ResultRow>(
      `select p.number_id::text, coalesce(n.phone, '') as phone, p.status, p.attempts, p.error_code, p.error_message,
              case when p.not_before is null then null else ${isoTime('p.not_before')} end as not_before,
              ${isoTime('p.updated_at')} as updated_at
         from profile_result p left join wa_number n on n.tenant_id = p.tenant_id and n.id = p.number_id
        where ${where} order by p.number_id limit $4 offset $5`,
      [scope.tenantId, runId, status, page.pageSize, (page.page - 1) * page.pageSize],
    ),
  ]);
  return { total: count.rows[0]?.total ?? 0, records: records.rows };
}

/** Puts a run's failed numbers back to pending under a new generation; answers how many. */
export async function retryFailedResults(
  db: Db,
  scope: Scope,
  runId: string,
): Promise<{ count: number; generation: number }> {
  const { rows } = await db.query<{ count: number; generation: number }>(
    `with again as (
       update profile_result set status = 'pending', attempts = 0, error_code = null, error_message = '',
                                 not_before = null, updated_at = now()
        where tenant_id = $1 and run_id = $2 and status = 'failed' returning 1
     ), counted as (select count(*)::int as count from again)
     update profile_run r set generation = generation + 1, status = 'running', finished_at = null,
                              failed = r.failed - counted.count
       from counted where r.tenant_id = $1 and r.id = $2 and counted.count > 0
     returning counted.count, r.generation`,
    [scope.tenantId, runId],
  );
  return rows[0] ?? { count: 0, generation: 0 };
}

/** What the job needs of a run, read under a row lock so chunks of one run never overlap. */
export interface LockedRun {
  setId: string;
  status: 'running' | 'done';
  generation: number;
  fields: Omit<ProfileSetFields, 'pictureUploadId' | 'name'>;
  picturePath: string | null;
}

export async function lockProfileRun(db: Db, tenantId: string, runId: string): Promise<LockedRun | undefined> {
  const { rows } = await db.query<LockedRun>(
    `select r.set_id::text as "setId", r.status, r.generation, r.fields, u.storage_path as "picturePath"
       from profile_run r left join upload u on u.tenant_id = r.tenant_id and u.id = r.picture_upload_id
      where r.tenant_id = $1 and r.id = $2 for update of r`,
    [tenantId, runId],
  );
  return rows[0];
}

/** The pending numbers due now (at most `limit`), and when the next one waiting is due. */
export async function dueResults(
  db: Db,
  tenantId: string,
  runId: string,
  limit: number,
): Promise<{ due: { numberId: string; attempts: number }[]; nextAt: Date | null }> {
  const { rows } = await db.query<{ numberId: string; attempts: number; due: boolean; not_before: Date | null }>(
    `select number_id::text as "numberId", attempts, coalesce(not_before <= now(), true) as due, not_before
       from profile_result where tenant_id = $1 and run_id = $2 and status = 'pending'
      order by coalesce(not_before, '-infinity'), number_id limit $3`,
    [tenantId, runId, limit],
  );
  const due = rows.filter((row) => row.due).map(({ numberId, attempts }) => ({ numberId, attempts }));
  const waiting = rows.find((row) => !row.due);
  return { due, nextAt: due.length === 0 && waiting ? waiting.not_before : null };
}

export interface ResultOutcome {
  numberId: string;
  status: ProfileResultStatus;
  attempts: number;
  errorCode: number | null;
  errorMessage: string;
  notBefore: Date | null;
}

/**
 * Saves a chunk's outcomes and the run's counters together (the results are the run's cursor);
 * the run is done when no number is pending. Answers the run's counters for the progress event.
 */
export async function saveResults(
  db: Db,
  tenantId: string,
  runId: string,
  outcomes: ResultOutcome[],
): Promise<{ status: 'running' | 'done'; total: number; applied: number; failed: number; skipped: number }> {
  await db.query(
    `update profile_result p set status = o.status, attempts = o.attempts, error_code = o.error_code,
            error_message = o.error_message, not_before = o.not_before, updated_at = now()
       from jsonb_to_recordset($3::jsonb) as o (number_id bigint, status text, attempts int, error_code int,
                                                 error_message text, not_before timestamptz)
      where p.tenant_id = $1 and p.run_id = $2 and p.number_id = o.number_id`,
    [
      tenantId,
      runId,
      JSON.stringify(
        outcomes.map((o) => ({
          number_id: o.numberId,
          status: o.status,
          attempts: o.attempts,
          error_code: o.errorCode,
          error_message: o.errorMessage,
          not_before: o.notBefore?.toISOString() ?? null,
        })),
      ),
    ],
  );
  const { rows } = await db.query<{
    status: 'running' | 'done';
    total: number;
    applied: number;
    failed: number;
    skipped: number;
  }>(
    `with counts as (
       select count(*) filter (where status = 'applied')::int as applied,
              count(*) filter (where status = 'failed')::int as failed,
              count(*) filter (where status = 'skipped')::int as skipped,
              count(*) filter (where status = 'pending')::int as pending
         from profile_result where tenant_id = $1 and run_id = $2
     )
     update profile_run r set applied = c.applied, failed = c.failed, skipped = c.skipped,
            status = case when c.pending = 0 then 'done' else 'running' end,
            finished_at = case when c.pending = 0 then now() end
       from counts c where r.tenant_id = $1 and r.id = $2
     returning r.status, r.total, r.applied, r.failed, r.skipped`,
    [tenantId, runId],
  );
  return rows[0] as { status: 'running' | 'done'; total: number; applied: number; failed: number; skipped: number };
}

/** The caller's live numbers among `ids`, with their phones. */
export async function liveNumberPhones(db: Db, scope: Scope, ids: string[]): Promise<{ id: string; phone: string }[]> {
  const { rows } = await db.query<{ id: string; phone: string }>(
    'select id::text, phone from wa_number where tenant_id = $1 and id = any($2::bigint[]) and deleted_at is null order by id',
    [scope.tenantId, ids],
  );
  return rows;
}
