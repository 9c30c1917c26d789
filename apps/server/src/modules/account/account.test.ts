import type { TokenPair } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, useTestApp } from '../../test/test-app.js';

const t = useTestApp();
let owner: TokenPair;
beforeAll(async () => {
  owner = await t.registerOperator('account_owner');
});

describe('user info, nickname and password', () => {
  it('returns the signed-in user', async () => {
    const reply = await t.get('/api/blade-auth/oauth/user-info', { token: owner.access_token });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual(owner.user_info);
  });

  it('changes the nickname', async () => {
    const reply = await t.post('/api/auth/nickname', { token: owner.access_token, body: { nickname: '  店主小王 ' } });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('更新成功');
    expect(reply.body.data.nickname).toBe('店主小王');
    const me = await t.get('/api/blade-auth/oauth/user-info', { token: owner.access_token });
    expect(me.body.data.nickname).toBe('店主小王');
    const empty = await t.post('/api/auth/nickname', { token: owner.access_token, body: { nickname: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/^nickname: /);
  });

  it('changes the password and signs out the other sessions only', async () => {
    const user = await t.registerOperator('pw_changer');
    const laptop = await t.signIn('pw_changer', 'operator-pass-1');
    const reply = await t.post('/api/auth/password', {
      token: user.access_token,
      body: { password: 'brand-new-pass' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ code: 0, message: '更新成功', data: null });
    expect((await t.get('/api/blade-auth/oauth/user-info', { token: user.access_token })).status).toBe(200);
    expect((await t.get('/api/blade-auth/oauth/user-info', { token: laptop.access_token })).status).toBe(401);
    const old = await t.post('/api/auth/login', { body: { username: 'pw_changer', password: 'operator-pass-1' } });
    expect(old.status).toBe(400);
    await t.signIn('pw_changer', 'brand-new-pass');
    const tooShort = await t.post('/api/auth/password', { token: user.access_token, body: { password: '123' } });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.message).toMatch(/^password: /);
  });

  it('needs a token for each of them', async () => {
    expect((await t.post('/api/auth/nickname', { body: { nickname: 'x' } })).status).toBe(401);
    expect((await t.post('/api/auth/password', { body: { password: 'long-enough-1' } })).status).toBe(401);
  });
});

describe('department and role selects', () => {
  it("list the caller's own departments and roles", async () => {
    const userId = owner.user_info.user_id;
    const depts = await t.get('/api/blade-system/dept/select', { token: owner.access_token, query: { userId } });
    expect(depts.status).toBe(200);
    expect(depts.body.data).toEqual([{ id: owner.user_info.dept_id, name: '默认部门' }]);
    const roles = await t.get('/api/blade-system/role/select', { token: owner.access_token, query: { userId } });
    expect(roles.body.data).toEqual([{ id: owner.user_info.role_id, name: '运营', code: 'operator' }]);
    const english = await t.get('/api/blade-system/role/select', {
      token: owner.access_token,
      query: { userId },
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.data[0].name).toBe('Operator');
  });

  it("do not reveal another tenant's users", async () => {
    const admin = await t.signIn('admin', ADMIN_PASSWORD);
    const reply = await t.get('/api/blade-system/dept/select', {
      token: owner.access_token,
      query: { userId: admin.user_info.user_id },
    });
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe('用户不存在');
    const roles = await t.get('/api/blade-system/role/select', {
      token: admin.access_token,
      query: { userId: owner.user_info.user_id },
    });
    expect(roles.status).toBe(404);
  });

  it('name a malformed userId', async () => {
    const reply = await t.get('/api/blade-system/dept/select', { token: owner.access_token, query: { userId: 'me' } });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^userId: /);
    const missing = await t.get('/api/blade-system/role/select', { token: owner.access_token });
    expect(missing.body.message).toMatch(/^userId: /);
  });
});
