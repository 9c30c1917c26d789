import { createServer, type Server } from 'node:net';
import type { TokenPair } from '@ws/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.js';
import { type HttpProxy, startHttpProxy } from '../../test/http-proxy.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  createTenant,
  queueTemplate,
  seedContact,
  seedNumber,
  seedSandboxNumber,
  seedSandboxTemplate,
} from '../../test/whatsapp-fixtures.js';
import { startGraphServer, type TestServer } from '../../whatsapp/cloud-api/test-servers.js';
import { closeCloudApiAgents } from '../../whatsapp/cloud-api/transport.js';
import { cloudApiTransport } from '../../whatsapp/governor/cloud-api-transport.js';
import { SendLane } from '../../whatsapp/governor/send-lane.js';
import { loadSendingNumber } from '../../whatsapp/numbers/number-repository.js';
import { checkThroughProxy } from './proxy-check.js';

const CREDENTIALS = { username: 'egress', password: 'p@ss:word' };
let t: TestApp;
let graph: TestServer;
let graphStatus = 400;
let proxy: HttpProxy;
let openProxy: HttpProxy;
let sandbox: RunningSandbox;
let operator: TokenPair;

/** A port nothing listens on. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  // The Graph API answers a bare GET with an error envelope: reaching it is what counts.
  graph = await startGraphServer(() => ({
    status: graphStatus,
    json: { error: { message: 'Unsupported get request' } },
  }));
  proxy = await startHttpProxy(CREDENTIALS);
  openProxy = await startHttpProxy();
  t = await createTestApp({ WHATSAPP_API_BASE_URL: graph.url });
  sandbox = await startSandbox({ appSecret: t.context.whatsapp.appSecret, webhookUrl: null });
  operator = await t.registerOperator();
});

afterAll(async () => {
  await closeCloudApiAgents();
  await sandbox?.stop();
  await t?.stop();
  await Promise.all([graph?.close(), proxy?.close(), openProxy?.close()]);
});

const post = (path: string, body: Record<string, unknown>, token = operator.access_token) =>
  t.post(path, { token, body, headers: { 'accept-language': 'en' } });
const addIp = async (body: Record<string, unknown>, token = operator.access_token): Promise<string> => {
  const reply = await post('/api/ip/ipadd', body, token);
  if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
  return reply.body.data.ids[0];
};

describe('POST /api/ip/efip (health check)', () => {
  it('reaches the Cloud API through each proxy, or says why not, and saves the result', async () => {
    const good = await addIp({ host: '127.0.0.1', port: proxy.port, ...CREDENTIALS });
    const wrongPassword = await addIp({ host: '127.0.0.1', port: proxy.port, username: 'intruder', password: 'nope' });
    const dead = await addIp({ host: '127.0.0.1', port: await deadPort() });
    const before = proxy.passed();

    const reply = await post('/api/ip/efip', { ids: [dead, good, wrongPassword] });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('Success');
    const byId = Object.fromEntries(reply.body.data.map((result: { id: string }) => [result.id, result]));
    expect(byId[good]).toMatchObject({ ok: true, error: null, checked_at: expect.stringMatching(/Z$/) });
    expect(byId[good].ms).toBeGreaterThanOrEqual(0);
    expect(byId[wrongPassword]).toMatchObject({ ok: false, ms: null, error: expect.stringMatching(/407/) });
    expect(byId[dead]).toMatchObject({ ok: false, ms: null, error: expect.stringMatching(/connection refused/) });
    // The good check went through the proxy, as a tunnel to the Cloud API's address.
    expect(proxy.passed()).toBe(before + 1);
    expect(proxy.requests.at(-1)).toMatchObject({ kind: 'connect', target: graph.url.replace('http://', '') });
    expect(graph.requests.at(-1)).toMatchObject({ method: 'GET' });

    const listed = await post('/api/ip/iplist', { filters: { search: '127.0.0.1' } });
    const checks = Object.fromEntries(
      listed.body.data.records.map((ip: { id: string; check: unknown }) => [ip.id, ip.check]),
    );
    expect(checks[good]).toMatchObject({ ok: true, error: null });
    expect(checks[dead]).toMatchObject({ ok: false, error: expect.stringMatching(/connection refused/) });
    // The same result reads in the caller's language.
    const inChinese = await t.post('/api/ip/iplist', {
      token: operator.access_token,
      body: { filters: { search: '127.0.0.1' } },
      headers: { 'accept-language': 'zh-CN' },
    });
    const deadInChinese = inChinese.body.data.records.find((ip: { id: string }) => ip.id === dead);
    expect(deadInChinese.check.error).toMatch(/^连接被拒绝/);
    const log = await t.pool.query("select target from operation_log where action = 'ip.efip'");
    expect(log.rows).toHaveLength(1);
  });

  it('reports a Cloud API that fails behind a working proxy', async () => {
    const ip = await addIp({ host: '127.0.0.1', port: openProxy.port, remark: 'open' });
    graphStatus = 503;
    try {
      const reply = await post('/api/ip/efip', { ids: [ip] });
      expect(reply.body.data[0]).toMatchObject({ ok: false, error: expect.stringMatching(/HTTP 503/) });
      expect(reply.body.data[0].ms).toBeGreaterThanOrEqual(0);
    } finally {
      graphStatus = 400;
    }
  });

  it('times out a proxy that never answers', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as { port: number }).port;
      const result = await checkThroughProxy(`http://127.0.0.1:${port}`, graph.url, 2_000);
      expect(result).toEqual({ ok: false, ms: null, error: 'timeout:2' });
    } finally {
      silent.close();
    }
  });

  it('checks only the caller’s IPs, at most 50 at a time', async () => {
    const ip = await addIp({ host: '127.0.0.1', port: openProxy.port, username: 'x' });
    const stranger = await t.registerOperator();
    expect((await post('/api/ip/efip', { ids: [ip] }, stranger.access_token)).status).toBe(404);
    const tooMany = await post('/api/ip/efip', { ids: Array.from({ length: 51 }, (_, i) => String(i + 1)) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/^ids: /);
    expect((await post('/api/ip/efip', { ids: [] })).body.message).toMatch(/^ids: /);
    expect((await t.post('/api/ip/efip', { body: { ids: [ip] } })).status).toBe(401);
  });
});

describe('sending through a number’s egress IP', () => {
  async function sandboxNumber(tenantId: string) {
    const { numberId, made } = await seedSandboxNumber(t.pool, t.context.whatsapp, sandbox, tenantId);
    const templateId = await seedSandboxTemplate(
      t.pool,
      sandbox,
      tenantId,
      { numberId, wabaId: made.waba_id },
      { name: 'proxy_hello', category: 'UTILITY', text: 'Hello.' },
    );
    return { numberId, templateId, phoneNumberId: made.phone_number_id };
  }

  async function sendOne(tenantId: string, numberId: string, templateId: string, waId: string) {
    const contact = await seedContact(t.pool, tenantId, { waId, consent: true });
    await queueTemplate(t.pool, tenantId, numberId, { id: templateId, name: 'proxy_hello' }, [contact]);
    const lane = new SendLane(tenantId, numberId, {
      pool: t.pool,
      cipher: t.context.whatsapp.tokenCipher,
      transport: cloudApiTransport(),
      logger: pino({ level: 'silent' }),
      lingerMs: 0,
    });
    await lane.run();
    const { rows } = await t.pool.query(
      'select m.status from message m join contact c on c.id = m.contact_id where m.tenant_id = $1 and c.wa_id = $2',
      [tenantId, waId],
    );
    return rows[0]?.status as string;
  }

  it('uses the enabled egress IP with its credentials, and goes direct when it is disabled', async () => {
    const sender = await t.registerOperator();
    const tenantId = sender.user_info.tenant_id;
    const { numberId, templateId } = await sandboxNumber(tenantId);
    const ip = await addIp({ host: '127.0.0.1', port: proxy.port, ...CREDENTIALS }, sender.access_token);
    await t.pool.query('update wa_number set egress_ip_id = $1 where id = $2', [ip, numberId]);

    const loaded = await loadSendingNumber(t.pool, t.context.whatsapp.tokenCipher, tenantId, numberId);
    expect(loaded?.egressProxy).toBe(`http://egress:p%40ss%3Aword@127.0.0.1:${proxy.port}`);
    const tunnelsBefore = proxy.passed();
    expect(await sendOne(tenantId, numberId, templateId, '4477001')).toBe('accepted');
    expect(proxy.passed()).toBeGreaterThan(tunnelsBefore);
    expect(proxy.requests.at(-1)).toMatchObject({ kind: 'connect', target: sandbox.url.replace('http://', '') });

    await post('/api/ip/ipmanage', { ids: [ip], enabled: false }, sender.access_token);
    const direct = await loadSendingNumber(t.pool, t.context.whatsapp.tokenCipher, tenantId, numberId);
    expect(direct?.egressProxy).toBeNull();
    const tunnelsWhileDisabled = proxy.requests.length;
    expect(await sendOne(tenantId, numberId, templateId, '4477002')).toBe('accepted');
    expect(proxy.requests.length).toBe(tunnelsWhileDisabled);
  });

  it('uses a system IP, and never another tenant’s own IP', async () => {
    const admin = (await t.signIn('admin', 'admin-pass-1234')).access_token;
    const systemIp = await addIp({ scope: 'system', host: '127.0.0.1', port: openProxy.port, remark: 'system' }, admin);
    const strangerIp = await addIp(
      { host: '127.0.0.1', port: openProxy.port, remark: 'stranger' },
      (await t.registerOperator()).access_token,
    );
    const tenantId = await createTenant(t.pool);
    const { numberId } = await seedNumber(t.pool, t.context.whatsapp, tenantId, {
      egressProxy: 'http://10.0.0.9:3128',
    });
    const proxyOf = async (ipId: string) => {
      await t.pool.query('update wa_number set egress_ip_id = $1 where id = $2', [ipId, numberId]);
      return (await loadSendingNumber(t.pool, t.context.whatsapp.tokenCipher, tenantId, numberId))?.egressProxy;
    };
    expect(await proxyOf(systemIp)).toBe(`http://127.0.0.1:${openProxy.port}`);
    // Another tenant's IP is ignored: the number's own egress_proxy applies.
    expect(await proxyOf(strangerIp)).toBe('http://10.0.0.9:3128');
  });
});
