import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, useTestApp, withTestApp } from '../../test/test-app.js';

const t = useTestApp({ BODY_LIMIT: '4096' });

const raw = (payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': contentType }, payload });

describe('API conventions', () => {
  it('answers malformed JSON with a 400 envelope', async () => {
    const reply = await raw('{"username": "admin", ');
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ code: 400, message: 'body: 请求体不是有效的 JSON', data: null });
    expect((await raw('')).statusCode).toBe(400);
  });

  it('answers a body over the limit with 413', async () => {
    const reply = await raw(JSON.stringify({ username: 'a'.repeat(5000), password: 'x' }));
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toMatchObject({ code: 413, message: '请求内容过大' });
  });

  it('answers an unsupported content type with 415', async () => {
    const reply = await raw('username=admin', 'text/xml');
    expect(reply.statusCode).toBe(415);
    expect(reply.json().code).toBe(415);
  });

  it('names a field of the wrong type, in English when asked', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'en-GB,en;q=0.8,zh;q=0.5' },
      payload: { username: ['admin'], password: 'x' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/^username: Invalid input: expected string/);
  });

  it('words success messages by call kind and language', async () => {
    const pair = await t.signIn('admin', ADMIN_PASSWORD);
    const zh = await t.post('/api/auth/nickname', { token: pair.access_token, body: { nickname: '管理员' } });
    expect(zh.body.message).toBe('更新成功');
    const en = await t.post('/api/auth/nickname', {
      token: pair.access_token,
      body: { nickname: 'Admin' },
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.message).toBe('Updated successfully');
    const created = await t.post('/api/auth/register', {
      body: { username: 'english_user', password: 'long-enough-1' },
      headers: { 'accept-language': 'en' },
    });
    expect(created.body.message).toBe('Created successfully');
  });

  it('logs changes, never reads, in the operation log', async () => {
    const pair = await t.signIn('admin', ADMIN_PASSWORD);
    const before = await t.pool.query('select count(*)::int as n from operation_log');
    await t.get('/api/blade-auth/oauth/user-info', { token: pair.access_token });
    await t.post('/api/auth/list', { token: pair.access_token, body: {} });
    const after = await t.pool.query('select count(*)::int as n from operation_log');
    expect(after.rows[0].n).toBe(before.rows[0].n);
    await t.post('/api/auth/nickname', { token: pair.access_token, body: { nickname: '审计' } });
    const { rows } = await t.pool.query('select action, username, target from operation_log order by id desc limit 1');
    expect(rows[0]).toEqual({ action: 'auth.nickname', username: 'admin', target: 'user admin' });
  });

  it('hides internals of an unexpected failure behind a request id', async () => {
    await withTestApp({}, async (broken) => {
      await broken.pool.query('drop table captcha');
      const reply = await broken.post('/api/auth/getcapt', {
        body: { capType: 'math' },
        headers: { 'x-request-id': 'req-500-check' },
      });
      expect(reply.status).toBe(500);
      expect(reply.body).toEqual({
        code: 500,
        message: '服务器内部错误（请求编号 req-500-check）',
        data: null,
        requestId: 'req-500-check',
      });
    });
  });

  it('answers a deadlock with 503 and Retry-After, the request having changed nothing', async () => {
    await withTestApp({}, async (stuck) => {
      await stuck.pool.query(`
        create function captcha_deadlock() returns trigger language plpgsql as $$
        begin raise exception 'deadlock detected' using errcode = 'deadlock_detected'; end $$;
        create trigger captcha_deadlock before insert on captcha execute function captcha_deadlock();`);
      const reply = await stuck.post('/api/auth/getcapt', { body: { capType: 'math' } });
      expect(reply.status).toBe(503);
      expect(reply.headers['retry-after']).toBe('1');
      expect(reply.body).toMatchObject({ code: 503, message: '数据正被其他操作修改，请重试' });
    });
  });

  it('refuses NUL characters and ids beyond 64 bits as bad input', async () => {
    const pair = await t.signIn('admin', ADMIN_PASSWORD);
    const nul = await t.post('/api/auth/nickname', { token: pair.access_token, body: { nickname: 'a\u0000b' } });
    expect(nul.status).toBe(400);
    expect(nul.body.message).toBe('nickname: 不能包含空字符');
    const huge = await t.get('/api/blade-system/dept/select', {
      token: pair.access_token,
      query: { userId: '9999999999999999999' },
    });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toMatch(/^userId: /);
  });
});
