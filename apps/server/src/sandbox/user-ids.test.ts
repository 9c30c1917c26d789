/**
 * Sandbox customers with WhatsApp usernames: webhooks name them by business-scoped user id
 * (BSUID) beside their phone number or, when they hide it, instead of it; a send reaches them by
 * `recipient` (their BSUID) as well as by `to`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BSUID_PATTERN } from '../whatsapp/meta/webhook-payload.js';
import { type NumberView, startTestSandbox, type TestSandbox } from './test/kit.js';

const quiet = { deliver: 1, read: 1, reply: 0, stop: 0, block: 0, tapButton: 0, joinGroup: 0, fail: 0 };

let kit: TestSandbox;
let number: NumberView;

beforeEach(async () => {
  kit = await startTestSandbox({ behaviour: quiet });
  number = await kit.createNumber({ throughput_level: 'HIGH' });
});
afterEach(() => kit.stop());

const text = (address: object, body = 'hello') => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  ...address,
  type: 'text',
  text: { body },
});
const send = (body: unknown, as = number) => kit.graph('POST', `${as.phone_number_id}/messages`, { body, number: as });

async function customer(waId: string, fields: object) {
  const reply = await kit.control('POST', '/customers', { wa_id: waId, ...fields });
  expect(reply.status).toBe(201);
}

async function writeIn(waId: string, as = number) {
  const reply = await kit.control('POST', '/inbound', {
    phone_number_id: as.phone_number_id,
    from: waId,
    type: 'text',
    text: 'hi',
  });
  expect(reply.status).toBe(200);
  await kit.settle();
  const changes = kit.sink.changes('messages');
  return changes[changes.length - 1]?.value as Record<string, any>;
}

describe('customers with usernames', () => {
  it('a phone customer writes as before: from and wa_id, no BSUID', async () => {
    const value = await writeIn('16505550301');
    expect(value.messages[0].from).toBe('16505550301');
    expect(value.messages[0].from_user_id).toBeUndefined();
    expect(value.contacts[0]).toEqual({ profile: { name: expect.any(String) }, wa_id: '16505550301' });
  });

  it('a customer with a username is named by both; one who hides the phone by BSUID only', async () => {
    await customer('16505550302', { username: 'ana.silva' });
    await customer('8613800000303', { username: 'li_wei', hides_phone: true });
    const both = await writeIn('16505550302');
    expect(both.messages[0]).toMatchObject({ from: '16505550302', from_user_id: expect.stringMatching(BSUID_PATTERN) });
    expect(both.contacts[0]).toMatchObject({
      wa_id: '16505550302',
      user_id: both.messages[0].from_user_id,
      profile: { username: 'ana.silva' },
    });
    expect(both.messages[0].from_user_id).toMatch(/^US\./);

    const hidden = await writeIn('8613800000303');
    expect(hidden.messages[0].from).toBeUndefined();
    expect(hidden.messages[0].from_user_id).toMatch(/^CN\.\d{20}$/);
    expect(hidden.contacts[0].wa_id).toBeUndefined();
    expect(hidden.contacts[0]).toMatchObject({
      user_id: hidden.messages[0].from_user_id,
      profile: { username: 'li_wei' },
    });
  });

  it('gives one BSUID per business portfolio (each sandbox WABA), the same every time', async () => {
    await customer('16505550304', { username: 'same.person' });
    const other = await kit.createNumber({ throughput_level: 'HIGH' });
    expect(other.waba_id).not.toBe(number.waba_id);
    const first = (await writeIn('16505550304')).messages[0].from_user_id;
    const again = (await writeIn('16505550304')).messages[0].from_user_id;
    const elsewhere = (await writeIn('16505550304', other)).messages[0].from_user_id;
    expect(again).toBe(first);
    expect(elsewhere).not.toBe(first);
    const view = await kit.control('GET', '/customers?wa_id=16505550304');
    expect(view.body[0]).toMatchObject({
      username: 'same.person',
      hides_phone: false,
      user_ids: { [number.waba_id]: first, [other.waba_id]: elsewhere },
    });
  });

  it('accepts a send by recipient (BSUID), with statuses naming the user by BSUID only when the phone is hidden', async () => {
    await customer('8613800000305', { username: 'hidden.one', hides_phone: true });
    const userId = (await writeIn('8613800000305')).messages[0].from_user_id;
    const reply = await send(text({ recipient: userId }));
    expect(reply.status).toBe(200);
    expect(reply.body.contacts).toEqual([{ input: userId, user_id: userId }]);
    await kit.settle();
    const statuses = kit.statuses().filter((status) => status.id === reply.body.messages[0].id);
    expect(statuses.map((status) => status.status)).toEqual(['sent', 'delivered', 'read']);
    for (const status of statuses) {
      expect(status.recipient_user_id).toBe(userId);
      expect(status.recipient_id).toBeUndefined();
    }
    // The same customer reached by phone number (past the pair rate): Meta then names the phone too.
    await kit.control('POST', '/clock', { advance_ms: 60_000 });
    const byPhone = await send(text({ to: '8613800000305' }));
    expect(byPhone.status).toBe(200);
    await kit.settle();
    const phoneStatus = kit.statuses().find((status) => status.id === byPhone.body.messages[0].id);
    expect(phoneStatus).toMatchObject({ recipient_id: '8613800000305', recipient_user_id: userId });
  });

  it("refuses a malformed or unknown recipient, and a send with neither to nor recipient, in Meta's error shape", async () => {
    const malformed = await send(text({ recipient: 'not-a-bsuid' }));
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatchObject({ code: 100, type: 'OAuthException' });
    expect(malformed.body.error.error_data.details).toMatch(/^recipient: /);

    const unknown = await send(text({ recipient: 'US.99999999999999999999' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.error_data.details).toMatch(/^recipient: US\.99999999999999999999 is not/);

    // A BSUID of another portfolio names no one here.
    await customer('16505550306', { username: 'elsewhere' });
    const other = await kit.createNumber({ throughput_level: 'HIGH' });
    const foreign = (await writeIn('16505550306', other)).messages[0].from_user_id;
    expect((await send(text({ recipient: foreign }))).status).toBe(400);

    const nobody = await send(text({}));
    expect(nobody.status).toBe(400);
    expect(nobody.body.error).toMatchObject({ code: 131008 });
    expect(nobody.body.error.error_data.details).toMatch(/^to: /);
  });

  it('refuses hiding the phone of a customer without a username', async () => {
    const reply = await kit.control('POST', '/customers', { wa_id: '16505550307', hides_phone: true });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toMatch(/hides_phone/);
  });

  it('finds the customer by BSUID after a restart from the state file', async () => {
    await customer('16505550308', { username: 'kept', hides_phone: true });
    const userId = (await writeIn('16505550308')).messages[0].from_user_id;
    const store = kit.running.sandbox.store;
    const saved = JSON.parse(JSON.stringify(store.toJSON()));
    store.load(saved);
    expect((await send(text({ recipient: userId }))).status).toBe(200);
  });
});
