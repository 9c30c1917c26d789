import { afterEach, expect, it } from 'vitest';
import { createCloudApiClient } from '../whatsapp/cloud-api/client.js';
import { MetaApiError } from '../whatsapp/cloud-api/index.js';
import { type NumberView, startTestSandbox, type TestSandbox } from './test/kit.js';

let kit: TestSandbox | undefined;
afterEach(() => kit?.stop());

const CUSTOMER = '447911123456';
const STRANGER = '447911999999';

/** The product's own connector against the sandbox, with the number's token. */
const connectorOf = (sandbox: TestSandbox, number: NumberView) =>
  createCloudApiClient({ baseUrl: sandbox.running.url, version: 'v23.0', accessToken: number.access_token });

const write = (sandbox: TestSandbox, number: NumberView, text: string, from = CUSTOMER) =>
  sandbox.control('POST', '/inbound', { phone_number_id: number.phone_number_id, from, type: 'text', text });

const textTo = (to: string) => ({ messaging_product: 'whatsapp', to, type: 'text', text: { body: 'hello' } });

it('blocks a user who wrote within 24 hours: sends to them fail, their messages never arrive, unblocking undoes both', async () => {
  kit = await startTestSandbox();
  const number = await kit.createNumber();
  const connector = connectorOf(kit, number);
  await write(kit, number, 'first');

  expect(await connector.blockUsers(number.phone_number_id, [`+${CUSTOMER}`])).toEqual({
    changed: [{ input: `+${CUSTOMER}`, wa_id: CUSTOMER }],
    failed: [],
  });
  const page = await connector.blockedUsers(number.phone_number_id);
  expect(page.data.map((user) => user.wa_id)).toEqual([CUSTOMER]);
  const shown = await kit.control('GET', '/numbers');
  expect(shown.body.find((one: NumberView) => one.phone_number_id === number.phone_number_id).blocked_users).toEqual([
    CUSTOMER,
  ]);

  const refused = await kit.graph('POST', `${number.phone_number_id}/messages`, { body: textTo(CUSTOMER) });
  expect(refused.status).toBe(400);
  expect(refused.body.error).toMatchObject({ code: 131026, message: '(#131026) Message undeliverable' });

  await write(kit, number, 'while blocked');
  const logged = await kit.control('GET', `/messages?direction=in&phone_number_id=${number.phone_number_id}`);
  expect(logged.body.map((message: { status: string }) => message.status)).toEqual(['received', 'blocked']);
  await kit.settle();
  expect(kit.inbound().map((message) => message.text.body)).toEqual(['first']);

  expect(await connector.unblockUsers(number.phone_number_id, [CUSTOMER])).toEqual({
    changed: [{ input: CUSTOMER, wa_id: CUSTOMER }],
    failed: [],
  });
  expect((await connector.blockedUsers(number.phone_number_id)).data).toEqual([]);
  const sent = await kit.graph('POST', `${number.phone_number_id}/messages`, { body: textTo(CUSTOMER) });
  expect(sent.status).toBe(200);
});

it("answers Meta's 139100 with the per-user lists: a user who never wrote is 131047, the number itself 131021", async () => {
  kit = await startTestSandbox();
  const number = await kit.createNumber();
  await write(kit, number, 'hi');
  const raw = await kit.graph('POST', `${number.phone_number_id}/block_users`, {
    body: { messaging_product: 'whatsapp', block_users: [{ user: CUSTOMER }, { user: STRANGER }] },
  });
  expect(raw.status).toBe(400);
  expect(raw.body).toMatchObject({
    messaging_product: 'whatsapp',
    block_users: {
      added_users: [{ input: CUSTOMER, wa_id: CUSTOMER }],
      failed_users: [{ input: STRANGER, errors: [{ code: 131047, message: 'Re-engagement required' }] }],
    },
    error: { code: 139100, message: '(#139100) Failed to block/unblock users' },
  });

  const connector = connectorOf(kit, number);
  const self = await connector.blockUsers(number.phone_number_id, [number.display_phone_number]);
  expect(self.changed).toEqual([]);
  expect(self.failed[0]?.errors[0]?.code).toBe(131021);
});

it('refuses a request without users, or not for WhatsApp, as Meta does', async () => {
  kit = await startTestSandbox();
  const number = await kit.createNumber();
  const connector = connectorOf(kit, number);
  const noUsers = await connector.blockUsers(number.phone_number_id, []).catch((error: unknown) => error);
  expect(noUsers).toBeInstanceOf(MetaApiError);
  expect((noUsers as MetaApiError).code).toBe(100);
  const wrongProduct = await kit.graph('DELETE', `${number.phone_number_id}/block_users`, {
    body: { messaging_product: 'sms', block_users: [{ user: CUSTOMER }] },
  });
  expect(wrongProduct.status).toBe(400);
  expect(wrongProduct.body.error.code).toBe(100);
});
