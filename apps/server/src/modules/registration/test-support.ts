import type { RegistrationNumber, TokenPair } from '@ws/contract';
import { afterAll, beforeAll } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.js';
import { ADMIN_PASSWORD, createTestApp, type Reply, type TestApp } from '../../test/test-app.js';

/** A number as the sandbox's control API shows it (with its token and the code it "sent"). */
export interface SandboxNumber {
  phone_number_id: string;
  waba_id: string;
  display_phone_number: string;
  access_token: string;
  status: string;
  code_verification_status: string;
  registered: boolean;
  pending_code: string | null;
}

export interface RegistrationWorld {
  app: TestApp;
  sandbox: RunningSandbox;
  /** The platform admin of tenant 000000. */
  admin: string;
  /** An admin of another tenant, to prove isolation. */
  otherAdmin: string;
  /** An operator (of a third tenant): registration is not for operators. */
  operator: string;
  /** A number added in WhatsApp Manager but not registered, living in the sandbox. */
  newSandboxNumber(display: string, wabaId?: string): Promise<SandboxNumber>;
  sandboxNumber(phoneNumberId: string): Promise<SandboxNumber>;
  /** POST /api/ws/prepare of the number as the caller (the admin by default), replies in English. */
  tryPrepare(number: SandboxNumber, options?: { token?: string; change?: Record<string, unknown> }): Promise<Reply>;
  /** Records a sandbox number through the API (for the platform admin by default). */
  prepare(number: SandboxNumber, token?: string): Promise<RegistrationNumber>;
}

/** Makes the operator's tenant owner an admin and signs in again: only admins register numbers. */
async function adminOfNewTenant(app: TestApp): Promise<string> {
  const operator = await app.registerOperator();
  const username = operator.user_info.username;
  await app.pool.query(
    `with admin_role as (select id from role where code = 'admin'),
          promoted as (update app_user set role_id = (select id from admin_role) where lower(username) = lower($1)
                       returning tenant_id, id)
     insert into user_role (tenant_id, user_id, role_id)
     select tenant_id, id, (select id from admin_role) from promoted on conflict do nothing`,
    [username],
  );
  return (await app.signIn(username, 'operator-pass-1')).access_token;
}

/**
 * A sandbox and an app that knows it both ways: as the configured Cloud API base URL (target
 * `cloud`) and as the product's own sandbox (target `sandbox`), with the callers the tests need.
 */
export function useRegistrationWorld(): RegistrationWorld {
  const world = {} as RegistrationWorld;
  beforeAll(async () => {
    world.sandbox = await startSandbox({ appSecret: 'registration-test-secret', webhookUrl: null });
    world.app = await createTestApp({
      WHATSAPP_API_BASE_URL: world.sandbox.url,
      HOST: '127.0.0.1',
      SANDBOX_PORT: String(world.sandbox.port),
    });
    world.admin = (await world.app.signIn('admin', ADMIN_PASSWORD)).access_token;
    world.otherAdmin = await adminOfNewTenant(world.app);
    world.operator = ((await world.app.registerOperator()) as TokenPair).access_token;
  });
  afterAll(async () => {
    await world.app?.stop();
    await world.sandbox?.stop();
  });
  world.newSandboxNumber = async (display, wabaId) => {
    const reply = await world.sandbox.control('POST', '/numbers', {
      display_phone_number: display,
      registered: false,
      verified_name: 'Verdant Home',
      ...(wabaId ? { waba_id: wabaId } : {}),
    });
    if (reply.status !== 201) throw new Error(`sandbox number: ${JSON.stringify(reply.body)}`);
    return reply.body as SandboxNumber;
  };
  world.sandboxNumber = async (phoneNumberId) => {
    const numbers = (await world.sandbox.control('GET', '/numbers')).body as SandboxNumber[];
    const found = numbers.find((number) => number.phone_number_id === phoneNumberId);
    if (!found) throw new Error(`no sandbox number ${phoneNumberId}`);
    return found;
  };
  world.tryPrepare = (number, { token = world.admin, change = {} } = {}) =>
    world.app.post('/api/ws/prepare', {
      token,
      headers: { 'accept-language': 'en' },
      body: {
        country: 'CN',
        phone: `+${number.display_phone_number}`,
        phone_number_id: number.phone_number_id,
        waba_id: number.waba_id,
        token: number.access_token,
        target: 'sandbox',
        ...change,
      },
    });
  world.prepare = async (number, token = world.admin) => {
    const reply = await world.tryPrepare(number, { token });
    if (reply.status !== 200) throw new Error(`prepare: ${JSON.stringify(reply.body)}`);
    return reply.body.data;
  };
  return world;
}
