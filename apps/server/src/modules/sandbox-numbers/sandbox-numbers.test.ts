import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.js';
import { type SignedIn, signedInUser, tenantOperator } from '../../test/tenants.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.js';
import { progressUntilFinished, useImportWorld } from '../number-import/test-support.js';

// Meta's Cloud API is somewhere else (and unreachable): every number here lives in the sandbox.
const world = useImportWorld({ worker: true, cloudUrl: 'http://127.0.0.1:9' });
const t = world.app;
let admin: string;
let operator: SignedIn;
let otherAdmin: SignedIn;
beforeAll(async () => {
  admin = (await t.signIn('admin', ADMIN_PASSWORD)).access_token;
  operator = await tenantOperator(t);
  otherAdmin = await signedInUser(t, (await tenantOperator(t)).tenantId, 'admin');
});

const english = { 'accept-language': 'en' };

describe('sandbox numbers from the screens', () => {
  it('tells the console that numbers live in the sandbox', async () => {
    const reply = await t.get('/api/wa/target', { token: operator.token });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({ target: 'sandbox' });
  });

  it('creates numbers in the sandbox and imports them for the caller’s tenant only', async () => {
    const reply = await t.post('/api/wa/sandbox/numbers', {
      token: operator.token,
      body: { count: 3, throughput: 'HIGH', tier: 'TIER_2K' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ total_rows: 3, valid_rows: 3, error_count: 0 });
    const progress = await progressUntilFinished(t, operator.token, reply.body.data.import_id);
    expect(progress).toMatchObject({ status: 'done', target: 'sandbox', imported: 3, failed: 0 });

    const made = (await world.sandbox().control('GET', '/numbers')).body as {
      phone_number_id: string;
      messaging_limit_tier: string;
    }[];
    expect(made.map((number) => number.messaging_limit_tier)).toEqual(['TIER_2K', 'TIER_2K', 'TIER_2K']);
    const { rows } = await t.pool.query(
      'select tenant_id, status, throughput_level, api_base_url from wa_number where phone_number_id = any($1)',
      [made.map((number) => number.phone_number_id)],
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toEqual({
        tenant_id: operator.tenantId,
        status: 'CONNECTED',
        throughput_level: 'HIGH',
        api_base_url: world.sandbox().url,
      });
    }

    const strangers = await t.post('/api/agent/importlist', { token: otherAdmin.token, body: {} });
    expect(strangers.body.data.records).toEqual([]);
    const theirs = await t.post('/api/agent/importprogress', {
      token: otherAdmin.token,
      body: { importId: reply.body.data.import_id },
    });
    expect(theirs.status).toBe(404);
  });

  it('refuses a count outside 1–50 and unknown tiers, naming the field', async () => {
    for (const [body, field] of [
      [{ count: 0, throughput: 'STANDARD', tier: 'TIER_10K' }, 'count'],
      [{ count: 51, throughput: 'STANDARD', tier: 'TIER_10K' }, 'count'],
      [{ count: 1.5, throughput: 'STANDARD', tier: 'TIER_10K' }, 'count'],
      [{ count: 2, throughput: 'FAST', tier: 'TIER_10K' }, 'throughput'],
      [{ count: 2, throughput: 'STANDARD', tier: 'TIER_1M' }, 'tier'],
    ] as const) {
      const reply = await t.post('/api/wa/sandbox/numbers', { token: operator.token, body, headers: english });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toMatch(new RegExp(`^${field}: `));
    }
    const code = await t.post('/api/wa/sandbox/code', { token: admin, body: { numberId: 'x' }, headers: english });
    expect(code.status).toBe(400);
  });

  it('registers a sandbox number with the code the sandbox "texted"', async () => {
    const made = await t.post('/api/wa/sandbox/registration', {
      token: admin,
      body: { throughput: 'STANDARD', tier: 'TIER_250' },
    });
    expect(made.status).toBe(200);
    const number = made.body.data;
    expect(number).toMatchObject({ status: 'PENDING', stage: 'awaiting', country: 'US' });
    const codeOf = () => t.post('/api/wa/sandbox/code', { token: admin, body: { numberId: number.id } });
    expect((await codeOf()).body.data).toEqual({ code: null });

    const requested = await t.post('/api/ws/sendsms', {
      token: admin,
      body: { numberId: number.id, codeMethod: 'SMS' },
    });
    expect(requested.status).toBe(200);
    const { code } = (await codeOf()).body.data;
    expect(code).toMatch(/^\d{6}$/);

    // Errors of a sandbox number name the sandbox, not Meta.
    const wrong = await t.post('/api/ws/verifycode', {
      token: admin,
      body: { numberId: number.id, code: code === '000000' ? '111111' : '000000' },
      headers: english,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^code: the sandbox refused \(\(#136025\)/);

    const verified = await t.post('/api/ws/verifycode', { token: admin, body: { numberId: number.id, code } });
    expect(verified.body.data.code_verification_status).toBe('VERIFIED');

    const stranger = await t.post('/api/wa/sandbox/code', { token: otherAdmin.token, body: { numberId: number.id } });
    expect(stranger.status).toBe(404);
    const notAdmin = await t.post('/api/wa/sandbox/code', { token: operator.token, body: { numberId: number.id } });
    expect(notAdmin.status).toBe(403);
  });

  it('names the sandbox when it refuses a made-up token in an import', async () => {
    const file = Buffer.from(
      'phone,phone_number_id,waba_id,token\n+12015550123,123456789012345,123456789012346,EAAG-made-up-token-000\n',
    );
    const upload = await world.upload(operator.token, file, 'made-up.csv', { target: 'sandbox' });
    const progress = await progressUntilFinished(t, operator.token, upload.body.data.import_id);
    const reply = await t.post('/api/agent/importprogress', {
      token: operator.token,
      body: { importId: progress.import_id },
      headers: english,
    });
    expect(reply.body.data.problems[0].message).toMatch(/^the sandbox refused the access token/);
    expect(reply.body.data.problems[0].message).not.toMatch(/Meta/);
  });
});

describe('when the sandbox cannot serve', () => {
  let meta: TestApp;
  let silent: TestApp;
  beforeAll(async () => {
    meta = await createTestApp({ SANDBOX: 'off' });
    silent = await createTestApp({ SANDBOX_PORT: String(await freePort()) });
  });
  afterAll(async () => {
    await meta?.stop();
    await silent?.stop();
  });

  it('answers 409 in both languages when the target is Meta', async () => {
    const token = (await meta.signIn('admin', ADMIN_PASSWORD)).access_token;
    expect((await meta.get('/api/wa/target', { token })).body.data).toEqual({ target: 'meta' });
    const calls = [
      ['/api/wa/sandbox/numbers', { count: 1, throughput: 'STANDARD', tier: 'TIER_10K' }],
      ['/api/wa/sandbox/registration', { throughput: 'STANDARD', tier: 'TIER_10K' }],
      ['/api/wa/sandbox/code', { numberId: '1' }],
    ] as const;
    for (const [path, body] of calls) {
      const en = await meta.post(path, { token, body, headers: english });
      expect(en.status).toBe(409);
      expect(en.body.message).toMatch(/Meta’s Cloud API and there is no local sandbox/);
      const zh = await meta.post(path, { token, body });
      expect(zh.body.message).toMatch(/没有本地沙箱/);
    }
  });

  it('says the sandbox did not answer, with its address, when it is not running', async () => {
    const token = (await silent.signIn('admin', ADMIN_PASSWORD)).access_token;
    const reply = await silent.post('/api/wa/sandbox/numbers', {
      token,
      body: { count: 1, throughput: 'STANDARD', tier: 'TIER_10K' },
      headers: english,
    });
    expect(reply.status).toBe(503);
    expect(reply.body.message).toMatch(/^The local sandbox at http:\/\/127\.0\.0\.1:\d+ did not answer/);
  });
});
