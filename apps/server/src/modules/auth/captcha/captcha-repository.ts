import type { Db } from '../../../platform/db/pool.js';

/** Records a captcha's answer, valid for `ttlSeconds`. */
export async function insertCaptcha(db: Db, capId: string, answer: string, ttlSeconds: number): Promise<void> {
  await db.query(`insert into captcha (id, answer, expires_at) values ($1, $2, now() + make_interval(secs => $3))`, [
    capId,
    answer,
    ttlSeconds,
  ]);
}

/** Burns a captcha and answers what it held, and whether it was still within its lifetime; undefined when unknown. */
export async function deleteCaptcha(db: Db, capId: string): Promise<{ answer: string; fresh: boolean } | undefined> {
  const { rows } = await db.query<{ answer: string; fresh: boolean }>(
    'delete from captcha where id = $1 returning answer, expires_at > now() as fresh',
    [capId],
  );
  return rows[0];
}
