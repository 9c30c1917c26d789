import { createSigner } from 'fast-jwt';
import { describe, expect, it } from 'vitest';
import { loadSigningKey } from '../../platform/auth/tokens.js';
import { ADMIN_PASSWORD, useTestApp } from '../../test/test-app.js';

const t = useTestApp();

const refresh = (
  refreshToken: string,
  extra: { tenantId?: string; headers?: Record<string, string>; path?: string } = {},
) =>
  t.post(extra.path ?? '/api/blade-auth/oauth/token', {
    query: {
      ...(extra.tenantId ? { tenantId: extra.tenantId } : {}),
      refresh_token: refreshToken,
      grant_type: 'refresh_token',
      scope: 'all',
    },
    headers: extra.headers,
  });

describe('token refresh', () => {
  it('issues a new pair for a refresh token, on both paths', async () => {
    const first = await t.signIn('admin', ADMIN_PASSWORD);
    const second = await refresh(first.refresh_token, { tenantId: '000000', headers: { 'Tenant-Id': '000000' } });
    expect(second.status).toBe(200);
    expect(second.body.data.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.data.user_info).toEqual(first.user_info);
    const third = await refresh(second.body.data.refresh_token, { path: '/api/blade-auth/oauth/token/refresh' });
    expect(third.status).toBe(200);
    const me = await t.get('/api/blade-auth/oauth/user-info', { token: third.body.data.access_token });
    expect(me.body.data.username).toBe('admin');
  });

  it('revokes the whole family when a spent refresh token comes back', async () => {
    const first = await t.signIn('admin', ADMIN_PASSWORD);
    const second = (await refresh(first.refresh_token)).body.data;
    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('登录信息已失效，请重新登录');
    // The legitimate holder's newer tokens die with the family.
    expect((await refresh(second.refresh_token)).status).toBe(401);
    expect((await t.get('/api/blade-auth/oauth/user-info', { token: second.access_token })).status).toBe(401);
    // Other sign-ins of the same user are untouched.
    const other = await t.signIn('admin', ADMIN_PASSWORD);
    expect((await t.get('/api/blade-auth/oauth/user-info', { token: other.access_token })).status).toBe(200);
  });

  it('refuses unknown tokens, another tenant and bad parameters', async () => {
    expect((await refresh('not-a-real-token')).status).toBe(401);
    const pair = await t.signIn('admin', ADMIN_PASSWORD);
    expect((await refresh(pair.refresh_token, { tenantId: '123456' })).status).toBe(401);
    const noGrant = await t.post('/api/blade-auth/oauth/token', { query: { refresh_token: pair.refresh_token } });
    expect(noGrant.status).toBe(400);
    expect(noGrant.body.message).toMatch(/^grant_type: /);
    // The refused attempts did not spend the token.
    expect((await refresh(pair.refresh_token)).status).toBe(200);
  });

  it('switches department and role only to ones the user holds', async () => {
    const pair = await t.signIn('admin', ADMIN_PASSWORD);
    const same = await refresh(pair.refresh_token, {
      headers: { 'Dept-Id': pair.user_info.dept_id, 'Role-Id': pair.user_info.role_id },
    });
    expect(same.status).toBe(200);
    const foreign = await refresh(same.body.data.refresh_token, { headers: { 'Dept-Id': '999999' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toMatch(/^Dept-Id: /);
    const otherRole = await refresh(same.body.data.refresh_token, { headers: { 'Role-Id': '3' } });
    expect(otherRole.status).toBe(403);
    expect(otherRole.body.message).toMatch(/^Role-Id: /);
    const garbage = await refresh(same.body.data.refresh_token, { headers: { 'Dept-Id': 'abc' } });
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toMatch(/^Dept-Id: /);
  });
});

describe('access tokens', () => {
  it('travel in the token header or in Blade-Auth as a bearer token', async () => {
    const pair = await t.signIn('admin', ADMIN_PASSWORD);
    expect((await t.get('/api/blade-auth/oauth/user-info', { token: pair.access_token })).status).toBe(200);
    const blade = await t.get('/api/blade-auth/oauth/user-info', {
      headers: { 'Blade-Auth': `bearer ${pair.access_token}` },
    });
    expect(blade.status).toBe(200);
    const wrongScheme = await t.get('/api/blade-auth/oauth/user-info', {
      headers: { 'Blade-Auth': `basic ${pair.access_token}` },
    });
    expect(wrongScheme.status).toBe(401);
  });

  it('are refused when missing, forged or expired', async () => {
    const none = await t.get('/api/blade-auth/oauth/user-info');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ code: 401, message: '登录信息已失效，请重新登录', data: null });
    const pair = await t.signIn('admin', ADMIN_PASSWORD);
    const [header, payload] = pair.access_token.split('.');
    const forged = await t.get('/api/blade-auth/oauth/user-info', { token: `${header}.${payload}.AAAA` });
    expect(forged.status).toBe(401);
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const sign = createSigner({ key: await loadSigningKey(t.pool), algorithm: 'HS256' });
    const expired = sign({
      sub: claims.sub,
      tid: claims.tid,
      sid: claims.sid,
      exp: Math.floor(Date.now() / 1000) - 10,
    });
    expect((await t.get('/api/blade-auth/oauth/user-info', { token: expired })).status).toBe(401);
    const otherKey = createSigner({ key: 'some-other-key-of-enough-length', algorithm: 'HS256' })({ ...claims });
    expect((await t.get('/api/blade-auth/oauth/user-info', { token: otherKey })).status).toBe(401);
  });
});
