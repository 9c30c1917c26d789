import type { JobHelpers } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, useTestApp } from '../../test/test-app.js';
import { authHousekeepingJob } from './housekeeping-job.js';

const t = useTestApp();

const count = async (table: string) =>
  (await t.pool.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

describe('auth housekeeping', () => {
  it('removes expired sign-in state and keeps what is still live', async () => {
    await t.post('/api/auth/getcapt', { body: { capType: 'math' } });
    await t.post('/api/auth/getcapt', { body: { capType: 'math' } });
    await t.pool.query(
      `update captcha set expires_at = now() - interval '1 minute' where id = (select id from captcha limit 1)`,
    );
    await t.post('/api/auth/login', { body: { username: 'admin', password: 'wrong-password' } });
    await t.pool.query(`insert into throttle_counter values ('login-user:old', 3, now() - interval '1 hour', 900)`);
    const live = await t.signIn('admin', ADMIN_PASSWORD);
    const dead = await t.signIn('admin', ADMIN_PASSWORD);
    await t.pool.query(
      `update refresh_token set expires_at = now() - interval '2 days'
        where session_id = (select id from auth_session order by created_at desc limit 1)`,
    );
    await t.pool.query(`update auth_session set refreshed_at = now() - interval '3 days' where id = (
      select id from auth_session order by created_at desc limit 1)`);
    expect(dead.user_info.username).toBe('admin');

    await authHousekeepingJob.handle(undefined, {} as JobHelpers, t.context);

    expect(await count('captcha')).toBe(1);
    const keys = (await t.pool.query('select key from throttle_counter order by key')).rows.map((row) => row.key);
    // The old counter goes; the admin's own failure count was already cleared by the sign-in.
    expect(keys).toEqual(['captcha-addr:127.0.0.1', 'login-addr:127.0.0.1']);
    expect(await count('auth_session')).toBe(1);
    expect((await t.get('/api/blade-auth/oauth/user-info', { token: live.access_token })).status).toBe(200);
  });
});
