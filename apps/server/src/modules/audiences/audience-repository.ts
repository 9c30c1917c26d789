import type { AudienceCounts, AudienceStatus, ColumnMapping } from '@ws/contract';
import type pg from 'pg';
import { type Scope, scopeWhere } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import type { PageSpan } from '../../platform/db/page-span.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';

/** A list as stored, with what the check and load jobs need besides what the screen shows. */
export interface AudienceListRow {
  id: string;
  name: string;
  consent_source: string;
  evidence_text: string | null;
  evidence_url: string | null;
  evidence_file_name: string | null;
  evidence_file_type: string | null;
  evidence_file_size: number | null;
  default_country: string | null;
  file_name: string;
  file_kind: 'csv' | 'xlsx' | 'lines';
  file_path: string;
  file_size: number;
  has_header: boolean;
  csv_separator: string;
  columns: string[];
  preview: string[][];
  mapping: ColumnMapping | null;
  status: AudienceStatus;
  error: string | null;
  run_no: number;
  read_bytes: number;
  read_rows: number;
  counts: Partial<AudienceCounts>;
  load_cursor: number;
  load_number_id: string | null;
  load_owner_user_id: string | null;
  load_tag_ids: string[];
  loaded_rows: number;
  created_contacts: number;
  updated_contacts: number;
  created_by: string | null;
  creator_username: string | null;
  creator_nickname: string | null;
  created_at: string;
  checked_at: string | null;
  loaded_at: string | null;
}

const COLUMNS = `l.id::text, l.name, l.consent_source, l.evidence_text, l.evidence_url, l.evidence_file_name,
  l.evidence_file_type, l.evidence_file_size::float8 as evidence_file_size, l.default_country,
  l.file_name, l.file_kind, l.file_path, l.file_size::float8 as file_size, l.has_header, l.csv_separator,
  l.columns, l.preview, l.mapping, l.status, l.error, l.run_no, l.read_bytes::float8 as read_bytes,
  l.read_rows::float8 as read_rows, l.counts, l.load_cursor::float8 as load_cursor,
  l.load_number_id::text, l.load_owner_user_id::text, l.load_tag_ids::text[] as load_tag_ids,
  l.loaded_rows::float8 as loaded_rows, l.created_contacts::float8 as created_contacts,
  l.updated_contacts::float8 as updated_contacts, l.created_by::text, u.username as creator_username,
  u.nickname as creator_nickname, ${isoTime('l.created_at')} as created_at,
  ${isoTime('l.checked_at')} as checked_at, ${isoTime('l.loaded_at')} as loaded_at`;
const FROM = 'audience_list l left join app_user u on u.tenant_id = l.tenant_id and u.id = l.created_by';

export interface NewAudienceList {
  name: string;
  consentSource: string;
  evidenceText: string | null;
  evidenceUrl: string | null;
  evidenceFile: { name: string; type: string; size: number } | null;
  defaultCountry: string | null;
  fileName: string;
  fileKind: 'csv' | 'xlsx' | 'lines';
  filePath: string;
  fileSize: number;
  hasHeader: boolean;
  csvSeparator: string;
  columns: string[];
  preview: string[][];
  mapping: ColumnMapping | null;
  status: 'draft' | 'queued';
}

export async function insertAudienceList(db: Db, scope: Scope, list: NewAudienceList): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into audience_list (tenant_id, name, consent_source, evidence_text, evidence_url, default_country,
       file_name, file_kind, file_path, file_size, has_header, csv_separator, columns, preview, mapping, status,
       run_no, created_by, evidence_file_name, evidence_file_type, evidence_file_size)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
     returning id::text`,
    [
      scope.tenantId,
      list.name,
      list.consentSource,
      list.evidenceText,
      list.evidenceUrl,
      list.defaultCountry,
      list.fileName,
      list.fileKind,
      list.filePath,
      list.fileSize,
      list.hasHeader,
      list.csvSeparator,
      list.columns,
      JSON.stringify(list.preview),
      list.mapping && JSON.stringify(list.mapping),
      list.status,
      list.status === 'queued' ? 1 : 0,
      scope.userId,
      list.evidenceFile?.name ?? null,
      list.evidenceFile?.type ?? null,
      list.evidenceFile?.size ?? null,
    ],
  );
  return (rows[0] as { id: string }).id;
}

/** The kind of a list's file (a job's question: no scope), or undefined when the list is gone. */
export async function audienceFileKind(
  db: Db,
  tenantId: string,
  id: string,
): Promise<AudienceListRow['file_kind'] | undefined> {
  const { rows } = await db.query<Pick<AudienceListRow, 'file_kind'>>(
    'select file_kind from audience_list where tenant_id = $1 and id = $2',
    [tenantId, id],
  );
  return rows[0]?.file_kind;
}

/** One live list of the caller's tenant; `lock` holds it (for update) until commit. */
export async function selectAudienceList(
  db: Db,
  scope: Scope,
  id: string,
  lock = false,
): Promise<AudienceListRow | undefined> {
  const sql = new BoundValues();
  const where = scopeWhere(scope, sql, { tenant: 'l.tenant_id' });
  const { rows } = await db.query<AudienceListRow>(
    `select ${COLUMNS} from ${FROM}
      where ${where} and l.id = ${sql.add(id, 'bigint')} and l.deleted_at is null ${lock ? 'for update of l' : ''}`,
    sql.values,
  );
  return rows[0];
}

export interface AudienceListFilter {
  search?: string | undefined;
  status?: AudienceStatus | null | undefined;
}

/** A page of the tenant's lists, newest first, and how many there are (a tenant has hundreds, not millions). */
export async function selectAudienceLists(
  db: Db,
  scope: Scope,
  filter: AudienceListFilter,
  page: PageSpan,
): Promise<{ rows: AudienceListRow[]; total: number }> {
  const sql = new BoundValues();
  const where = [scopeWhere(scope, sql, { tenant: 'l.tenant_id' }), 'l.deleted_at is null'];
  if (filter.search) {
    const pattern = sql.add(likePattern(filter.search), 'text');
    where.push(`(l.name ilike ${pattern} or l.file_name ilike ${pattern})`);
  }
  if (filter.status) where.push(`l.status = ${sql.add(filter.status, 'text')}`);
  const condition = where.join(' and ');
  const count = await db.query<{ n: number }>(`select count(*)::int as n from audience_list l where ${condition}`, [
    ...sql.values,
  ]);
  const list = await db.query<AudienceListRow>(
    `select ${COLUMNS} from ${FROM} where ${condition} order by l.id desc
      limit ${sql.add(page.limit, 'int')} offset ${sql.add(page.offset, 'int')}`,
    sql.values,
  );
  return { rows: list.rows, total: count.rows[0]?.n ?? 0 };
}

/** Every live list of the tenant, newest first, for pickers: only what a picker shows. */
export async function selectAudienceChoices(db: Db, scope: Scope) {
  const sql = new BoundValues();
  const { rows } = await db.query<{
    id: string;
    name: string;
    status: AudienceStatus;
    valid: number;
    loaded_rows: number;
  }>(
    `select l.id::text, l.name, l.status, coalesce((l.counts ->> 'valid')::float8, 0) as valid,
            l.loaded_rows::float8 as loaded_rows
       from audience_list l
      where ${scopeWhere(scope, sql, { tenant: 'l.tenant_id' })} and l.deleted_at is null
      order by l.id desc limit 5000`,
    sql.values,
  );
  return rows;
}

/**
 * A list's current run (a check or a load) for its job, locked until commit; undefined when the
 * list was deleted or a newer run began.
 */
export async function lockAudienceRun(
  client: pg.PoolClient,
  tenantId: string,
  id: string,
  runNo: number,
): Promise<AudienceListRow | undefined> {
  const { rows } = await client.query<AudienceListRow>(
    `select ${COLUMNS} from ${FROM}
      where l.tenant_id = $1 and l.id = $2 and l.run_no = $3 and l.deleted_at is null for update of l`,
    [tenantId, id, runNo],
  );
  return rows[0];
}

/**
 * Starts a new check of a list: its run number moves on (a job of an earlier run stops at its
 * next chunk), the cursor and counts start over. Rows of the earlier run are removed by the job.
 */
export async function restartAudienceCheck(
  client: pg.PoolClient,
  scope: Scope,
  id: string,
  change: {
    mapping: ColumnMapping;
    defaultCountry: string | null;
    hasHeader: boolean;
    columns: string[];
    preview: string[][];
  },
): Promise<number> {
  const { rows } = await client.query<{ run_no: number }>(
    `update audience_list set mapping = $3, default_country = $4, has_header = $5, columns = $6, preview = $7,
            status = 'queued', error = null, run_no = run_no + 1, read_bytes = 0, read_rows = 0, counts = '{}',
            checked_at = null, load_cursor = 0, loaded_rows = 0, created_contacts = 0, updated_contacts = 0,
            loaded_at = null
      where tenant_id = $1 and id = $2 returning run_no`,
    [
      scope.tenantId,
      id,
      JSON.stringify(change.mapping),
      change.defaultCountry,
      change.hasHeader,
      change.columns,
      JSON.stringify(change.preview),
    ],
  );
  return (rows[0] as { run_no: number }).run_no;
}

/** Starts loading a checked list into the contact book, from its first row. */
export async function startAudienceLoad(
  client: pg.PoolClient,
  scope: Scope,
  id: string,
  load: { numberId: string | null; ownerUserId: string | null; tagIds: string[] },
): Promise<number> {
  const { rows } = await client.query<{ run_no: number }>(
    `update audience_list set status = 'loading', error = null, run_no = run_no + 1, load_cursor = 0,
            load_number_id = $3, load_owner_user_id = $4, load_tag_ids = $5, loaded_rows = 0,
            created_contacts = 0, updated_contacts = 0, loaded_at = null
      where tenant_id = $1 and id = $2 returning run_no`,
    [scope.tenantId, id, load.numberId, load.ownerUserId, load.tagIds],
  );
  return (rows[0] as { run_no: number }).run_no;
}

/** Marks the chosen lists deleted (their jobs stop: the run number moves on); answers the ids it deleted. */
export async function markAudienceListsDeleted(db: Db, scope: Scope, ids: readonly string[]): Promise<string[]> {
  const sql = new BoundValues();
  const { rows } = await db.query<{ id: string }>(
    `update audience_list l set deleted_at = now(), run_no = run_no + 1
      where ${scopeWhere(scope, sql, { tenant: 'l.tenant_id' })} and l.id = any(${sql.add(ids, 'bigint[]')})
        and l.deleted_at is null
      returning l.id::text`,
    sql.values,
  );
  return rows.map((row) => row.id);
}

/** Removes up to `limit` rows of a deleted list; answers how many went. */
export async function purgeAudienceRows(db: Db, tenantId: string, id: string, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `delete from audience_row where (tenant_id, list_id, row_no) in (
       select tenant_id, list_id, row_no from audience_row where tenant_id = $1 and list_id = $2 limit $3)`,
    [tenantId, id, limit],
  );
  return rowCount ?? 0;
}

/** Removes a deleted list once its rows are gone; answers its file's place to remove. */
export async function deleteAudienceList(db: Db, tenantId: string, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ file_path: string }>(
    'delete from audience_list where tenant_id = $1 and id = $2 and deleted_at is not null returning file_path',
    [tenantId, id],
  );
  return rows[0]?.file_path;
}

/**
 * Ends a run that cannot go on, with the reason: a check ends `failed` (the file could not be
 * read); a load goes back to `ready`, the list being checked still. Only the run's own number does.
 */
export async function stopAudienceRun(
  db: Db,
  tenantId: string,
  id: string,
  runNo: number,
  end: { status: 'failed' | 'ready'; error: string },
): Promise<void> {
  await db.query(
    `update audience_list set status = $4, error = $5,
            checked_at = case when $4 = 'failed' then now() else checked_at end
      where tenant_id = $1 and id = $2 and run_no = $3 and deleted_at is null`,
    [tenantId, id, runNo, end.status, end.error],
  );
}
