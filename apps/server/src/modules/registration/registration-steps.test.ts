import { beforeAll, describe, expect, it } from 'vitest';
import { seedNumber } from '../../test/whatsapp-fixtures.js';
import { type SandboxNumber, useRegistrationWorld } from './test-support.js';

const world = useRegistrationWorld();
const english = { 'accept-language': 'en' };
let sandboxNumber: SandboxNumber;
let numberId: string;

beforeAll(async () => {
  sandboxNumber = await world.newSandboxNumber('+86 139 0013 9000');
  numberId = (await world.prepare(sandboxNumber)).id;
});

const step = (path: string, body: Record<string, unknown>, token = world.admin) =>
  world.app.post(`/api/ws/${path}`, { token, headers: english, body });

describe('the registration flow against the sandbox', () => {
  it('requests a code, refuses a wrong one with Meta’s message, verifies, registers and deregisters', async () => {
    const requested = await step('sendsms', { numberId, codeMethod: 'SMS', language: 'zh_CN' });
    expect(requested.status).toBe(200);
    expect(requested.body.data).toMatchObject({ id: numberId, status: 'PENDING', stage: 'awaiting' });
    const { pending_code: code } = await world.sandboxNumber(sandboxNumber.phone_number_id);
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await step('verifycode', { numberId, code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(
      'code: Meta refused ((#136025) Verify code error: Code could not be verified. Check the code and try again.)',
    );

    const verified = await step('verifycode', { numberId, code: `${code?.slice(0, 3)}-${code?.slice(3)}` });
    expect(verified.status).toBe(200);
    expect(verified.body.data.code_verification_status).toBe('VERIFIED');

    const registered = await step('register', { numberId, pin: '246810' });
    expect(registered.status).toBe(200);
    expect(registered.body.data).toMatchObject({ status: 'CONNECTED', stage: 'registered' });
    expect(await world.sandboxNumber(sandboxNumber.phone_number_id)).toMatchObject({
      registered: true,
      status: 'CONNECTED',
    });

    const deregistered = await step('deregister', { numberId });
    expect(deregistered.status).toBe(200);
    expect(deregistered.body.data).toMatchObject({ status: 'DISCONNECTED', stage: 'awaiting' });
    expect((await world.sandboxNumber(sandboxNumber.phone_number_id)).registered).toBe(false);

    // Registering again checks the PIN set the first time.
    const otherPin = await step('register', { numberId, pin: '135790' });
    expect(otherPin.status).toBe(400);
    expect(otherPin.body.message).toMatch(/^pin: Meta refused \(\(#133005\) Two step verification PIN mismatch/);
    expect((await step('register', { numberId, pin: '246810' })).body.data.status).toBe('CONNECTED');

    const { rows } = await world.app.pool.query(
      `select action, target from operation_log where tenant_id = '000000' and action like 'ws.%' and target like $1
        order by id`,
      [`%${sandboxNumber.phone_number_id}%`],
    );
    expect(rows.map((row) => row.action)).toEqual([
      'ws.prepare',
      'ws.sendsms',
      'ws.verifycode',
      'ws.register',
      'ws.deregister',
      'ws.register',
    ]);
    expect(rows[1].target).toBe(`number +8613900139000 (${sandboxNumber.phone_number_id}) by SMS`);
  });

  it('asks for a voice call in the default language', async () => {
    const reply = await step('sendsms', { numberId, codeMethod: 'VOICE' });
    expect(reply.status).toBe(200);
    expect((await world.sandboxNumber(sandboxNumber.phone_number_id)).pending_code).toMatch(/^\d{6}$/);
  });

  it('refuses bad input naming the field', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['sendsms', { numberId: 'abc', codeMethod: 'SMS' }, /^numberId: /],
      ['sendsms', { numberId, codeMethod: 'EMAIL' }, /^codeMethod: /],
      ['sendsms', { numberId, codeMethod: 'SMS', language: 'Chinese' }, /^language: /],
      ['verifycode', { numberId, code: '12345' }, /^code: must be the 6-digit code/],
      ['verifycode', { numberId }, /^code: /],
      ['register', { numberId, pin: '12345a' }, /^pin: must be 6 digits/],
      ['register', { numberId, pin: 123456 }, /^pin: /],
      ['deregister', {}, /^numberId: /],
    ];
    for (const [path, body, message] of cases) {
      const reply = await step(path, body);
      expect({ path, body, status: reply.status }).toEqual({ path, body, status: 400 });
      expect(reply.body.message).toMatch(message);
    }
  });

  it('acts only on the caller’s tenant’s live numbers', async () => {
    const before = await world.sandboxNumber(sandboxNumber.phone_number_id);
    const calls: [string, Record<string, unknown>][] = [
      ['sendsms', { numberId, codeMethod: 'SMS' }],
      ['verifycode', { numberId, code: '123456' }],
      ['register', { numberId, pin: '123456' }],
      ['deregister', { numberId }],
    ];
    for (const [path, body] of calls) {
      const elsewhere = await step(path, body, world.otherAdmin);
      expect({ path, status: elsewhere.status }).toEqual({ path, status: 404 });
      expect(elsewhere.body.message).toBe('numberId: Number not found');
      expect((await step(path, { ...body, numberId: '999999999' })).status).toBe(404);
      expect((await step(path, body, world.operator)).status).toBe(403);
      expect((await world.app.post(`/api/ws/${path}`, { body })).status).toBe(401);
    }
    expect(await world.sandboxNumber(sandboxNumber.phone_number_id)).toEqual(before);

    const recycled = await world.prepare(await world.newSandboxNumber('+86 139 0013 9001'));
    await world.app.pool.query('update wa_number set deleted_at = now() where id = $1', [recycled.id]);
    expect((await step('deregister', { numberId: recycled.id })).status).toBe(404);
  });

  it("says clearly, as a 429 naming the number, when Meta's 10 registrations in 72 hours are used up", async () => {
    const busy = await world.newSandboxNumber('+86 139 0013 9002');
    const busyId = (await world.prepare(busy)).id;
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await step('register', { numberId: busyId, pin: '246810' })).status).toBe(200);
      expect((await step('deregister', { numberId: busyId })).status).toBe(200);
    }
    for (const [path, body] of [
      ['register', { numberId: busyId, pin: '246810' }],
      ['deregister', { numberId: busyId }],
    ] as const) {
      const refused = await step(path, body);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(
        /^numberId: this number reached Meta's limit of 10 registrations and deregistrations in 72 hours; try again once the oldest is 72 hours old \(Meta: \(#133016\)/,
      );
      const chinese = await world.app.post(`/api/ws/${path}`, {
        token: world.admin,
        headers: { 'accept-language': 'zh' },
        body,
      });
      expect(chinese.body.message).toMatch(/^numberId: 该号码 72 小时内注册和注销已达 Meta 上限（10 次）/);
    }
  });

  it('says so when the Cloud API cannot be reached', async () => {
    const unreachable = await seedNumber(world.app.pool, world.app.context.whatsapp, '000000');
    const reply = await step('sendsms', { numberId: unreachable.numberId, codeMethod: 'SMS' });
    expect(reply.status).toBe(503);
    expect(reply.body.message).toMatch(/^The WhatsApp Cloud API could not be reached/);
  });
});
