import type { QuickReply } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import { type Db, prepared } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';

const COLUMNS = `q.id::text, q.shortcut, q.text, ${isoTime('q.updated_at')} as updated_at`;

function conditions(scope: Scope, search: string | undefined, sql: BoundValues): string {
  // Quick replies are the tenant's, shared by every agent: a seat is not narrowed.
  const where = [`q.tenant_id = ${sql.add(scope.tenantId, 'text')}`];
  if (search) {
    const pattern = sql.add(likePattern(search), 'text');
    where.push(`(q.shortcut ilike ${pattern} or q.text ilike ${pattern})`);
  }
  return where.join(' and ');
}

/** A page of the tenant's quick replies by shortcut. */
export async function selectQuickReplies(
  db: Db,
  scope: Scope,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<QuickReply[]> {
  const sql = new BoundValues();
  const where = conditions(scope, search, sql);
  const { rows } = await db.query<QuickReply>(
    prepared(
      `select ${COLUMNS} from quick_reply q where ${where}
        order by lower(q.shortcut), q.id limit ${sql.add(limit, 'int')} offset ${sql.add(offset, 'int')}`,
      sql.values,
    ),
  );
  return rows;
}

export async function countQuickReplies(db: Db, scope: Scope, search: string | undefined, cap: number) {
  const sql = new BoundValues();
  const where = conditions(scope, search, sql);
  const { rows } = await db.query<{ total: number }>(
    prepared(
      `select count(*)::int as total from (select 1 from quick_reply q where ${where} limit ${sql.add(cap + 1, 'int')}) x`,
      sql.values,
    ),
  );
  return rows[0]?.total ?? 0;
}

/** Adds a quick reply; a shortcut taken (ignoring case) fails on quick_reply_shortcut_key. */
export async function insertQuickReply(
  db: Db,
  scope: Scope,
  reply: { shortcut: string; text: string },
): Promise<QuickReply> {
  const { rows } = await db.query<QuickReply>(
    `insert into quick_reply as q (tenant_id, shortcut, text, created_by) values ($1, $2, $3, $4) returning ${COLUMNS}`,
    [scope.tenantId, reply.shortcut, reply.text, scope.userId],
  );
  return rows[0] as QuickReply;
}

/** Changes the given fields; undefined when the tenant has no such quick reply. */
export async function updateQuickReply(
  db: Db,
  scope: Scope,
  id: string,
  fields: { shortcut?: string | undefined; text?: string | undefined },
): Promise<QuickReply | undefined> {
  const { rows } = await db.query<QuickReply>(
    `update quick_reply q set shortcut = coalesce($3, shortcut), text = coalesce($4, text), updated_at = now()
      where q.tenant_id = $1 and q.id = $2 returning ${COLUMNS}`,
    [scope.tenantId, id, fields.shortcut ?? null, fields.text ?? null],
  );
  return rows[0];
}

export async function deleteQuickReplies(db: Db, scope: Scope, ids: readonly string[]): Promise<number> {
  const { rowCount } = await db.query(`delete from quick_reply where tenant_id = $1 and id = any($2::bigint[])`, [
    scope.tenantId,
    ids,
  ]);
  return rowCount ?? 0;
}
