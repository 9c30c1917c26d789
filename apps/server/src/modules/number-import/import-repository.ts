import type { ImportTarget } from '@ws/contract';
import type pg from 'pg';
import { prepared } from '../../platform/db/pool.js';

type Queryable = pg.Pool | pg.PoolClient;

/** A stored row ready for the job: what the upload checked, the token still sealed. */
export interface StoredImportRow {
  rowNo: number;
  phone: string;
  phoneNumberId: string;
  wabaId: string;
  sealedToken: string;
  tags: string[];
  portfolio: string | null;
}

export interface ImportRecord {
  id: string;
  file_name: string;
  target: ImportTarget;
  status: 'queued' | 'running' | 'done' | 'failed';
  total_rows: number;
  processed_rows: number;
  imported: number;
  skipped: number;
  failed: number;
  error: string | null;
  username: string;
  created_at: Date;
  finished_at: Date | null;
}

export interface ProblemRecord {
  row_no: number;
  phone: string;
  phone_number_id: string;
  outcome: 'skipped' | 'failed';
  field: string | null;
  message: string;
}

/** What became of one row; `message` is stored as JSON text `{zh, en}`. */
export interface RowOutcome {
  rowNo: number;
  outcome: 'imported' | 'skipped' | 'failed';
  field: string | null;
  message: string | null;
  numberId: string | null;
}

export async function insertImport(
  client: pg.PoolClient,
  tenantId: string,
  values: { userId: string; fileName: string; target: ImportTarget; totalRows: number },
): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into number_import (tenant_id, user_id, file_name, target, total_rows)
     values ($1, $2, $3, $4, $5) returning id`,
    [tenantId, values.userId, values.fileName, values.target, values.totalRows],
  );
  return rows[0]?.id as string;
}

/** All rows in one statement (at most 10 000, a few MB of parameters). */
export async function insertImportRows(
  client: pg.PoolClient,
  tenantId: string,
  importId: string,
  rows: readonly StoredImportRow[],
): Promise<void> {
  await client.query(
    `insert into number_import_row (tenant_id, import_id, row_no, phone, phone_number_id, waba_id,
                                    access_token_encrypted, tags, portfolio)
     select $1, $2, r.row_no, r.phone, r.phone_number_id, r.waba_id, r.token,
            coalesce((select array_agg(t) from json_array_elements_text(r.tags) t), '{}'), r.portfolio
       from unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::json[], $9::text[])
            as r (row_no, phone, phone_number_id, waba_id, token, tags, portfolio)`,
    [
      tenantId,
      importId,
      rows.map((row) => row.rowNo),
      rows.map((row) => row.phone),
      rows.map((row) => row.phoneNumberId),
      rows.map((row) => row.wabaId),
      rows.map((row) => row.sealedToken),
      rows.map((row) => JSON.stringify(row.tags)),
      rows.map((row) => row.portfolio),
    ],
  );
}

const IMPORT_COLUMNS = `i.id, i.file_name, i.target, i.status, i.total_rows, i.processed_rows, i.imported, i.skipped,
  i.failed, i.error, coalesce(u.username, '') as username, i.created_at, i.finished_at`;
const IMPORT_FROM = 'number_import i left join app_user u on u.tenant_id = i.tenant_id and u.id = i.user_id';

export async function findImport(db: Queryable, tenantId: string, importId: string) {
  const { rows } = await db.query<ImportRecord>(
    prepared(`select ${IMPORT_COLUMNS} from ${IMPORT_FROM} where i.tenant_id = $1 and i.id = $2`, [tenantId, importId]),
  );
  return rows[0];
}

/** The tenant's imports, newest first, and how many there are (a few per day: a count is cheap). */
export async function listImports(db: Queryable, tenantId: string, limit: number, offset: number) {
  const [page, count] = await Promise.all([
    db.query<ImportRecord>(
      prepared(
        `select ${IMPORT_COLUMNS} from ${IMPORT_FROM} where i.tenant_id = $1 order by i.id desc limit $2 offset $3`,
        [tenantId, limit, offset],
      ),
    ),
    db.query<{ n: number }>(prepared('select count(*)::int as n from number_import where tenant_id = $1', [tenantId])),
  ]);
  return { records: page.rows, total: count.rows[0]?.n ?? 0 };
}

export async function listProblems(db: Queryable, tenantId: string, importId: string, limit: number) {
  const { rows } = await db.query<ProblemRecord>(
    prepared(
      `select row_no, phone, phone_number_id, outcome, field, message from number_import_row
        where tenant_id = $1 and import_id = $2 and outcome in ('skipped', 'failed')
        order by row_no limit $3`,
      [tenantId, importId, limit],
    ),
  );
  return rows;
}

// ---- the job ---------------------------------------------------------------------------------

/** The next rows after `afterRowNo` that no outcome was recorded for, in file order. */
export async function pendingRows(
  db: Queryable,
  tenantId: string,
  importId: string,
  afterRowNo: number,
  limit: number,
) {
  const { rows } = await db.query<StoredImportRow>(
    `select row_no as "rowNo", phone, phone_number_id as "phoneNumberId", waba_id as "wabaId",
            access_token_encrypted as "sealedToken", tags, portfolio
       from number_import_row
      where tenant_id = $1 and import_id = $2 and outcome is null and row_no > $3
      order by row_no limit $4`,
    [tenantId, importId, afterRowNo, limit],
  );
  return rows;
}

/**
 * Locks the import for one chunk and says whether it still runs; a second runner of the same
 * import waits here and then sees which rows the first one decided.
 */
export async function lockRunningImport(client: pg.PoolClient, tenantId: string, importId: string) {
  const { rows } = await client.query<{ status: string }>(
    `update number_import set status = 'running' where tenant_id = $1 and id = $2 and status in ('queued', 'running')
     returning status`,
    [tenantId, importId],
  );
  return rows.length > 0;
}

/** Of these rows, the ones still undecided (under the import's lock). */
export async function stillPending(client: pg.PoolClient, tenantId: string, importId: string, rowNos: number[]) {
  const { rows } = await client.query<{ row_no: number }>(
    `select row_no from number_import_row
      where tenant_id = $1 and import_id = $2 and row_no = any($3::int[]) and outcome is null`,
    [tenantId, importId, rowNos],
  );
  return new Set(rows.map((row) => row.row_no));
}

/**
 * Writes the chunk's outcomes and moves the import's counters, in the chunk's transaction. A
 * decided row's token is no longer needed and is dropped (the number keeps its own sealed copy).
 */
export async function recordOutcomes(
  client: pg.PoolClient,
  tenantId: string,
  importId: string,
  outcomes: readonly RowOutcome[],
): Promise<ImportCounters | undefined> {
  const { rows } = await client.query<ImportCounters>(
    `with decided as (
       update number_import_row r
          set outcome = o.outcome, field = o.field, message = o.message, number_id = o.number_id,
              access_token_encrypted = ''
         from unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::bigint[])
              as o (row_no, outcome, field, message, number_id)
        where r.tenant_id = $1 and r.import_id = $2 and r.row_no = o.row_no and r.outcome is null
       returning r.outcome
     )
     update number_import i
        set processed_rows = i.processed_rows + d.n, imported = i.imported + d.imported,
            skipped = i.skipped + d.skipped, failed = i.failed + d.failed
       from (select count(*)::int as n, count(*) filter (where outcome = 'imported')::int as imported,
                    count(*) filter (where outcome = 'skipped')::int as skipped,
                    count(*) filter (where outcome = 'failed')::int as failed from decided) d
      where i.tenant_id = $1 and i.id = $2
      returning ${PROGRESS_COLUMNS}`,
    [
      tenantId,
      importId,
      outcomes.map((row) => row.rowNo),
      outcomes.map((row) => row.outcome),
      outcomes.map((row) => row.field),
      outcomes.map((row) => row.message),
      outcomes.map((row) => row.numberId),
    ],
  );
  return rows[0];
}

/** Ends the import: done when every row was decided, failed with the reason otherwise. */
export async function finishImport(
  db: Queryable,
  tenantId: string,
  importId: string,
  error: string | null,
): Promise<ImportCounters | undefined> {
  const { rows } = await db.query<ImportCounters>(
    `update number_import set status = case when $3::text is null then 'done' else 'failed' end, error = $3,
            finished_at = now()
      where tenant_id = $1 and id = $2 and status in ('queued', 'running')
      returning ${PROGRESS_COLUMNS}`,
    [tenantId, importId, error],
  );
  return rows[0];
}

/** Where an import stands, as its `import.progress` event tells. */
export interface ImportCounters {
  import_id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  total_rows: number;
  processed_rows: number;
}

const PROGRESS_COLUMNS = 'id::text as import_id, status, total_rows, processed_rows';
