import { describe, expect, it } from 'vitest';
import { useTestApp, withTestApp } from '../../test/test-app.js';

const t = useTestApp();

describe('POST /api/auth/register', () => {
  it('creates an operator who owns a new tenant, signed in at once', async () => {
    const reply = await t.post('/api/auth/register', { body: { username: 'shop_owner', password: 'owner-pass-1' } });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('新增成功');
    const info = reply.body.data.user_info;
    expect(info).toMatchObject({ username: 'shop_owner', role: 'operator', nickname: 'shop_owner', mass: 1 });
    expect(info.tenant_id).toMatch(/^\d{6}$/);
    expect(info.tenant_id).not.toBe('000000');
    const me = await t.get('/api/blade-auth/oauth/user-info', { token: reply.body.data.access_token });
    expect(me.body.data).toEqual(info);
  });

  it('gives each registration its own tenant', async () => {
    const a = await t.registerOperator();
    const b = await t.registerOperator();
    expect(a.user_info.tenant_id).not.toBe(b.user_info.tenant_id);
  });

  it('refuses a taken user name in any letter case', async () => {
    await t.registerOperator('Taken_Name');
    const reply = await t.post('/api/auth/register', {
      body: { username: 'taken_name', password: 'owner-pass-1' },
      headers: { 'accept-language': 'en' },
    });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe('username: this user name is taken');
    const { rows } = await t.pool.query(`select count(*)::int as n from tenant where name ilike 'taken_name'`);
    expect(rows[0].n).toBe(1);
  });

  it('names the field when the user name or password is unacceptable', async () => {
    const shortPassword = await t.post('/api/auth/register', { body: { username: 'fine_name', password: 'short' } });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body.message).toMatch(/^password: /);
    const badName = await t.post('/api/auth/register', { body: { username: 'has space', password: 'long-enough-1' } });
    expect(badName.status).toBe(400);
    expect(badName.body.message).toMatch(/^username: /);
  });

  it('can be closed', async () => {
    await withTestApp({ REGISTRATION: 'closed' }, async (closed) => {
      const reply = await closed.post('/api/auth/register', {
        body: { username: 'late_comer', password: 'long-enough-1' },
      });
      expect(reply.status).toBe(403);
      expect(reply.body.message).toMatch(/注册已关闭/);
      expect(reply.body.error_description).toBe(reply.body.message);
    });
  });

  it('writes an operation-log entry', async () => {
    const pair = await t.registerOperator('logged_owner');
    const { rows } = await t.pool.query(
      'select tenant_id, user_id, username, action, target, address, created_at from operation_log where username = $1',
      ['logged_owner'],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tenant_id: pair.user_info.tenant_id,
      user_id: pair.user_info.user_id,
      action: 'auth.register',
      target: `tenant ${pair.user_info.tenant_id}`,
      address: '127.0.0.1',
    });
    expect(rows[0].created_at).toBeInstanceOf(Date);
  });
});
