import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';

const t = useTestApp();

describe('probes and conventions', () => {
  it('answers ping without a token, from memory', async () => {
    const reply = await t.get('/api/ping');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ code: 0, message: '操作成功' });
    expect(typeof reply.body.data.time).toBe('number');
  });

  it('reports liveness and readiness', async () => {
    expect((await t.get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await t.get('/readyz')).body).toEqual({ status: 'ready' });
  });

  it('gives every reply a request id, echoing a well-formed one', async () => {
    const given = await t.get('/api/ping', { headers: { 'x-request-id': 'trace-123' } });
    expect(given.headers['x-request-id']).toBe('trace-123');
    const generated = await t.get('/api/ping', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown calls with a 404 envelope in the asked language', async () => {
    const zh = await t.post('/api/nothing/here', { body: {} });
    expect(zh.status).toBe(404);
    expect(zh.body).toEqual({ code: 404, message: '接口不存在', data: null });
    const en = await t.get('/api/nothing', { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.body.message).toBe('No such API call');
  });

  it('serves an OpenAPI document generated from the contract', async () => {
    const reply = await t.get('/api/docs/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.body.openapi).toBe('3.1.0');
    expect(reply.body.info.version).toMatch(/^\d+\.\d+\.\d+/);
    const login = reply.body.paths['/api/auth/login'].post;
    expect(login.operationId).toBe('auth.login');
    expect(login.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['username', 'password']),
    );
    expect(reply.body.paths['/api/auth/list'].post.description).toContain('admin');
    expect(reply.body.paths['/api/blade-system/dept/select'].get.parameters[0]).toMatchObject({
      name: 'userId',
      in: 'query',
      required: true,
    });
  });
});
