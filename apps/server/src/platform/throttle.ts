import type pg from 'pg';

/** A limit of `limit` hits per `windowSeconds` for each subject (a user name, an address). */
export interface ThrottleRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface ThrottleSubject {
  rule: ThrottleRule;
  subject: string;
}

const keyOf = ({ rule, subject }: ThrottleSubject) => `${rule.name}:${subject.toLowerCase()}`;

/**
 * Seconds until every subject is under its limit again; 0 when all are. Counters live in
 * PostgreSQL so that every api process sees the same counts.
 */
export async function secondsUntilAllowed(pool: pg.Pool, subjects: ThrottleSubject[]): Promise<number> {
  const { rows } = await pool.query<{ key: string; hits: number; retry_after: number }>(
    `select key, hits, ${RETRY_AFTER} as retry_after
       from throttle_counter
      where key = any($1) and window_started_at > now() - make_interval(secs => window_seconds)`,
    [subjects.map(keyOf)],
  );
  return longestWait(subjects, rows, (hits, limit) => hits >= limit);
}

/** Counts one hit for each subject and returns the wait now due: 0 while every count is within its limit. */
export async function countHit(pool: pg.Pool, subjects: ThrottleSubject[]): Promise<number> {
  const { rows } = await pool.query<{ key: string; hits: number; retry_after: number }>(
    `insert into throttle_counter as c (key, hits, window_started_at, window_seconds)
     select k, 1, now(), seconds from unnest($1::text[], $2::int[]) as w(k, seconds)
     on conflict (key) do update set
       hits = case when c.window_started_at > now() - make_interval(secs => excluded.window_seconds)
                   then c.hits + 1 else 1 end,
       window_started_at = case when c.window_started_at > now() - make_interval(secs => excluded.window_seconds)
                                then c.window_started_at else now() end,
       window_seconds = excluded.window_seconds
     returning key, hits, ${RETRY_AFTER} as retry_after`,
    [subjects.map(keyOf), subjects.map((s) => s.rule.windowSeconds)],
  );
  return longestWait(subjects, rows, (hits, limit) => hits > limit);
}

const RETRY_AFTER = 'ceil(extract(epoch from window_started_at + make_interval(secs => window_seconds) - now()))::int';

function longestWait(
  subjects: ThrottleSubject[],
  rows: { key: string; hits: number; retry_after: number }[],
  isOver: (hits: number, limit: number) => boolean,
): number {
  let wait = 0;
  for (const row of rows) {
    const subject = subjects.find((s) => keyOf(s) === row.key);
    if (subject && isOver(row.hits, subject.rule.limit)) wait = Math.max(wait, row.retry_after, 1);
  }
  return wait;
}

export async function clearHits(pool: pg.Pool, subject: ThrottleSubject): Promise<void> {
  await pool.query('delete from throttle_counter where key = $1', [keyOf(subject)]);
}
