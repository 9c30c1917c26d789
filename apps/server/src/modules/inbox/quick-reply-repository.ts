import type { QuickReply } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import { type Db, prepared } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';
import { materialScope } from '../materials/material-repository.js';

/** Quick replies are the material library's text materials (decision 0023): the title is the shortcut. */
const COLUMNS = `q.id::text, q.title as shortcut, q.body as text, ${isoTime('q.updated_at')} as updated_at`;

function conditions(scope: Scope, search: string | undefined, sql: BoundValues): string {
  // A seat sees those bound to no one, to it or to a number it serves.
  const where = [materialScope(scope, sql, 'q'), `q.tp = 'text'`];
  if (search) {
    const pattern = sql.add(likePattern(search), 'text');
    where.push(`(q.title ilike ${pattern} or q.body ilike ${pattern})`);
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
      `select ${COLUMNS} from material q where ${where}
        order by lower(q.title), q.id limit ${sql.add(limit, 'int')} offset ${sql.add(offset, 'int')}`,
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
      `select count(*)::int as total from (select 1 from material q where ${where} limit ${sql.add(cap + 1, 'int')}) x`,
      sql.values,
    ),
  );
  return rows[0]?.total ?? 0;
}

/** Adds a quick reply; a shortcut taken (ignoring case) fails on material_shortcut_key. */
export async function insertQuickReply(
  db: Db,
  scope: Scope,
  reply: { shortcut: string; text: string },
): Promise<QuickReply> {
  const { rows } = await db.query<QuickReply>(
    `insert into material as q (tenant_id, tp, title, body, owner_user_id) values ($1, 'text', $2, $3, $4) returning ${COLUMNS}`,
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
    `update material q set title = coalesce($3, title), body = coalesce($4, body), updated_at = now()
      where q.tenant_id = $1 and q.id = $2 and q.tp = 'text' returning ${COLUMNS}`,
    [scope.tenantId, id, fields.shortcut ?? null, fields.text ?? null],
  );
  return rows[0];
}
