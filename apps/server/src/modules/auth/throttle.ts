import type pg from 'pg';
import { authError } from './auth-error.js';

/** Failed sign-ins allowed in a moving window, per user name and per client address. */
export const LOGIN_THROTTLE = { windowSeconds: 15 * 60, perUsername: 10, perAddress: 30 } as const;

const keysFor = (username: string, address: string) => ({
  user: `user:${username.toLowerCase()}`,
  address: `addr:${address}`,
});

/** Refuses the attempt (429) when either key has used up its failures in the current window. */
export async function assertLoginAllowed(pool: pg.Pool, username: string, address: string): Promise<void> {
  const keys = keysFor(username, address);
  const { rows } = await pool.query<{ key: string; failures: number; retry_after: number }>(
    `select key, failures,
            ceil(extract(epoch from window_started_at + make_interval(secs => $2) - now()))::int as retry_after
       from login_failure
      where key = any($1) and window_started_at > now() - make_interval(secs => $2)`,
    [[keys.user, keys.address], LOGIN_THROTTLE.windowSeconds],
  );
  for (const row of rows) {
    const limit = row.key === keys.user ? LOGIN_THROTTLE.perUsername : LOGIN_THROTTLE.perAddress;
    if (row.failures >= limit) {
      const minutes = Math.max(1, Math.ceil(row.retry_after / 60));
      throw authError(
        'throttled',
        `登录失败次数过多，请 ${minutes} 分钟后再试`,
        `Too many failed sign-ins, try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
        Math.max(1, row.retry_after),
      );
    }
  }
}

export async function recordLoginFailure(pool: pg.Pool, username: string, address: string): Promise<void> {
  const keys = keysFor(username, address);
  await pool.query(
    `insert into login_failure (key, failures, window_started_at)
     select key, 1, now() from unnest($1::text[]) as key
     on conflict (key) do update set
       failures = case when login_failure.window_started_at > now() - make_interval(secs => $2)
                       then login_failure.failures + 1 else 1 end,
       window_started_at = case when login_failure.window_started_at > now() - make_interval(secs => $2)
                                then login_failure.window_started_at else now() end`,
    [[keys.user, keys.address], LOGIN_THROTTLE.windowSeconds],
  );
}

/** A successful sign-in clears its user name's count; the address keeps its count. */
export async function clearLoginFailures(pool: pg.Pool, username: string): Promise<void> {
  await pool.query('delete from login_failure where key = $1', [keysFor(username, '').user]);
}
