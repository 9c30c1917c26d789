import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, useTestApp, withTestApp } from '../../test/test-app.js';
import { LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURES_PER_USER } from './throttle.js';

const t = useTestApp();

describe('POST /api/auth/login', () => {
  it('signs the admin in with a token pair and the user info', async () => {
    const reply = await t.post('/api/auth/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(reply.status).toBe(200);
    expect(reply.body.code).toBe(0);
    const data = reply.body.data;
    expect(data.token_type).toBe('bearer');
    expect(data.expires_in).toBeGreaterThan(3000);
    expect(data.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(data.refresh_token.length).toBeGreaterThan(30);
    expect(data.user_info).toMatchObject({
      username: 'admin',
      role: 'admin',
      tenant_id: '000000',
      nickname: '平台管理员',
      mass: 1,
    });
    expect(data.user_info.user_id).toMatch(/^\d+$/);
    expect(data.user_info.dept_id).toMatch(/^\d+$/);
    expect(data.user_info.role_id).toMatch(/^\d+$/);
  });

  it('treats the user name case-insensitively', async () => {
    const reply = await t.post('/api/auth/login', { body: { username: 'ADMIN', password: ADMIN_PASSWORD } });
    expect(reply.status).toBe(200);
  });

  it('refuses a wrong password with error_description and no token', async () => {
    const reply = await t.post('/api/auth/login', { body: { username: 'admin', password: 'wrong-password' } });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      code: 400,
      message: '用户名或密码错误',
      error_description: '用户名或密码错误',
      data: null,
    });
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const reply = await t.post('/api/auth/login', {
      body: { username: 'nobody-here', password: 'whatever' },
      headers: { 'accept-language': 'en' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error_description).toBe('Wrong user name or password');
    expect(JSON.stringify(reply.body)).not.toContain('token');
  });

  it('names the field of malformed input', async () => {
    const reply = await t.post('/api/auth/login', { body: { username: 12, password: 'x' } });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^username: /);
    const missing = await t.post('/api/auth/login', { body: { username: 'admin' } });
    expect(missing.body.message).toMatch(/^password: /);
  });

  it('throttles a user name after repeated failures, even for the right password', async () => {
    const reply = await t.registerOperator('throttled_user');
    expect(reply.user_info.username).toBe('throttled_user');
    for (let i = 0; i < LOGIN_FAILURES_PER_USER.limit; i += 1) {
      const failed = await t.post('/api/auth/login', {
        body: { username: 'throttled_user', password: 'wrong-password' },
      });
      expect(failed.status).toBe(400);
    }
    const blocked = await t.post('/api/auth/login', {
      body: { username: 'throttled_user', password: 'operator-pass-1' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(429);
    expect(blocked.body.error_description).toMatch(/登录失败次数过多/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Other users are unaffected.
    expect((await t.post('/api/auth/login', { body: { username: 'admin', password: ADMIN_PASSWORD } })).status).toBe(
      200,
    );
  });

  it('clears the user name count after a successful sign-in', async () => {
    await t.registerOperator('forgetful_user');
    for (let i = 0; i < LOGIN_FAILURES_PER_USER.limit - 1; i += 1) {
      await t.post('/api/auth/login', { body: { username: 'forgetful_user', password: 'nope-nope' } });
    }
    expect(
      (await t.post('/api/auth/login', { body: { username: 'forgetful_user', password: 'operator-pass-1' } })).status,
    ).toBe(200);
    const again = await t.post('/api/auth/login', { body: { username: 'forgetful_user', password: 'nope-nope' } });
    expect(again.status).toBe(400);
  });
});

describe('address throttling', () => {
  it('blocks an address that fails across many user names', async () => {
    await withTestApp({}, async (other) => {
      for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS.limit; i += 1) {
        await other.post('/api/auth/login', { body: { username: `guess${i}`, password: 'guess-guess' } });
      }
      const blocked = await other.post('/api/auth/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
      expect(blocked.status).toBe(429);
    });
  });
});
