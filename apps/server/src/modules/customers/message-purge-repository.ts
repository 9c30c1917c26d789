import type { MessagePurge } from '@ws/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';

type Purge = z.output<typeof MessagePurge>;

const PURGE = `p.tenant_id, ${isoTime('p.before')} as before, p.status, p.run_no, p.deleted::float8 as deleted,
  ${isoTime('p.started_at')} as started_at, ${isoTime('p.finished_at')} as finished_at`;

/** Starts (or restarts) the tenant's purge: a new run, so a job of an older one stops at its next chunk. */
export async function startMessagePurge(db: Db, tenantId: string, before: Date, userId: string): Promise<Purge> {
  const { rows } = await db.query<Purge>(
    `insert into message_purge as p (tenant_id, before, status, started_by)
     values ($1, $2, 'running', $3)
     on conflict (tenant_id) do update set before = excluded.before, run_no = p.run_no + 1, status = 'running',
            cursor_created_at = null, cursor_id = null, deleted = 0, started_at = now(),
            started_by = excluded.started_by, finished_at = null
     returning ${PURGE}`,
    [tenantId, before, userId],
  );
  return rows[0] as Purge;
}

export interface PurgeRun {
  before: Date;
  cursorCreatedAt: Date | null;
  cursorId: string | null;
}

/** The purge's run, locked, while it is the current one and running; undefined otherwise (the job stops). */
export async function lockPurgeRun(db: Db, tenantId: string, runNo: number): Promise<PurgeRun | undefined> {
  const { rows } = await db.query<PurgeRun>(
    `select before, cursor_created_at as "cursorCreatedAt", cursor_id::text as "cursorId"
       from message_purge where tenant_id = $1 and run_no = $2 and status = 'running' for update`,
    [tenantId, runNo],
  );
  return rows[0];
}

/**
 * Deletes the next chunk of the tenant's messages created before the run's day, in primary-key
 * order (tenant_id, created_at, id) after the cursor, with their translations; messages still
 * waiting in the send queue stay. Answers the chunk's size and its last key (the new cursor).
 * The daily counters (number_daily_count, campaign tallies) are history of what was sent and
 * received, not of what is stored, and stay as they are.
 */
export async function purgeMessageChunk(db: Db, tenantId: string, run: PurgeRun, limit: number) {
  const { rows } = await db.query<{ deleted: number; last_created_at: Date | null; last_id: string | null }>(
    `with doomed as (
       select m.created_at, m.id from message m
        where m.tenant_id = $1 and m.created_at < $2 and m.status <> 'queued'
          and ($3::timestamptz is null or (m.created_at, m.id) > ($3::timestamptz, $4::bigint))
        order by m.created_at, m.id limit $5
     ), gone as (
       delete from message m using doomed d
        where m.tenant_id = $1 and m.created_at = d.created_at and m.id = d.id
       returning m.created_at, m.id
     ), translations as (
       delete from message_translation t using gone g
        where t.tenant_id = $1 and t.message_id = g.id and t.message_created_at = g.created_at
     )
     select (select count(*) from gone)::int as deleted,
            (select created_at from doomed order by created_at desc, id desc limit 1) as last_created_at,
            (select id::text from doomed order by created_at desc, id desc limit 1) as last_id`,
    [tenantId, run.before, run.cursorCreatedAt, run.cursorId, limit],
  );
  return rows[0] as { deleted: number; last_created_at: Date | null; last_id: string | null };
}

/** Saves a chunk's cursor and count with it; `done` ends the purge. */
export async function savePurgeChunk(
  db: Db,
  tenantId: string,
  chunk: { deleted: number; lastCreatedAt: Date | null; lastId: string | null; done: boolean },
): Promise<void> {
  await db.query(
    `update message_purge set deleted = deleted + $2, cursor_created_at = coalesce($3, cursor_created_at),
            cursor_id = coalesce($4::bigint, cursor_id),
            status = case when $5 then 'done' else status end, finished_at = case when $5 then now() end
      where tenant_id = $1`,
    [tenantId, chunk.deleted, chunk.lastCreatedAt, chunk.lastId, chunk.done],
  );
}

export async function selectMessagePurge(db: Db, tenantId: string): Promise<Purge | undefined> {
  const { rows } = await db.query<Purge>(`select ${PURGE} from message_purge p where p.tenant_id = $1`, [tenantId]);
  return rows[0];
}
