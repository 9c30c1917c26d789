import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type NumberView, startTestSandbox, type TestSandbox, templateSend } from './test/kit.js';

/** Every customer receives and reads, and does nothing else unless a test says so. */
const quiet = { deliver: 1, read: 1, reply: 0, stop: 0, block: 0, tapButton: 0, joinGroup: 0, fail: 0 };

let kit: TestSandbox;
let number: NumberView;

beforeEach(async () => {
  kit = await startTestSandbox({ behaviour: quiet });
  number = await kit.createNumber({ throughput_level: 'HIGH' });
});
afterEach(() => kit.stop());

const text = (to: string, body = 'hello') => ({ messaging_product: 'whatsapp', to, type: 'text', text: { body } });
const send = (body: unknown, as = number) => kit.graph('POST', `${as.phone_number_id}/messages`, { body, number: as });

async function writeIn(waId: string, as = number) {
  const reply = await kit.control('POST', '/inbound', {
    phone_number_id: as.phone_number_id,
    from: waId,
    type: 'text',
    text: 'hi',
  });
  expect(reply.status).toBe(200);
}

async function approvedTemplate(name: string, components: object[], category = 'MARKETING') {
  const reply = await kit.control('POST', '/templates', {
    waba_id: number.waba_id,
    name,
    category,
    components,
    status: 'APPROVED',
  });
  expect(reply.status).toBe(201);
}

/** Stops the sandbox clock at its current time, so that limits see no time pass between calls. */
function freezeClock() {
  const now = kit.running.sandbox.now();
  kit.running.sandbox.clock.now = () => now;
}

describe('sending inside and outside the 24-hour window', () => {
  it("accepts a text inside the window with Meta's reply, then posts sent, delivered and read", async () => {
    await writeIn('16505550001');
    const reply = await send(text('+1 650-555-0001'));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '+1 650-555-0001', wa_id: '16505550001' }],
      messages: [{ id: expect.stringMatching(/^wamid\./) }],
    });
    await kit.settle();
    const statuses = kit.statuses().filter((status) => status.id === reply.body.messages[0].id);
    expect(statuses.map((status) => status.status)).toEqual(['sent', 'delivered', 'read']);
    expect(statuses[0]).toMatchObject({
      recipient_id: '16505550001',
      pricing: { billable: false, pricing_model: 'PMP', category: 'service', type: 'free_customer_service' },
    });
  });

  it('refuses free-form to a customer who never wrote, or wrote more than 24 hours ago (131047)', async () => {
    const never = await send(text('16505550002'));
    expect(never.status).toBe(400);
    expect(never.body.error).toMatchObject({
      code: 131047,
      type: 'OAuthException',
      error_data: { messaging_product: 'whatsapp' },
    });
    expect(never.body.error.fbtrace_id).toEqual(expect.any(String));

    await writeIn('16505550002');
    await kit.control('POST', '/clock', { advance_ms: 24 * 3_600_000 + 1_000 });
    const late = await send(text('16505550002'));
    expect(late.body.error.code).toBe(131047);
  });

  it('keeps windows per number: writing to one number does not open another', async () => {
    const other = await kit.createNumber({ waba_id: number.waba_id, throughput_level: 'HIGH' });
    await writeIn('16505550003', other);
    expect((await send(text('16505550003'))).body.error.code).toBe(131047);
    expect((await send(text('16505550003'), other)).status).toBe(200);
  });

  it('sends an approved template outside the window, with the template category as pricing', async () => {
    await approvedTemplate('order_update', [{ type: 'BODY', text: 'Your order {{1}} shipped' }], 'UTILITY');
    const reply = await send(templateSend('16505550004', 'order_update', ['A-17']));
    expect(reply.status).toBe(200);
    expect(reply.body.messages[0].message_status).toBe('accepted');
    await kit.settle();
    const sent = kit.statuses().find((status) => status.id === reply.body.messages[0].id);
    expect(sent).toMatchObject({ status: 'sent', pricing: { billable: true, category: 'utility' } });
  });
});

describe('limits', () => {
  it('with bursts off, refuses a second message to the same customer within 6 s (131056), then accepts after 6 s', async () => {
    await kit.control('POST', '/config', { limits: { pairBurst: 1 } });
    await writeIn('16505550010');
    expect((await send(text('16505550010'))).status).toBe(200);
    const again = await send(text('16505550010'));
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe(131056);
    await kit.control('POST', '/clock', { advance_ms: 6_000 });
    expect((await send(text('16505550010'))).status).toBe(200);
  });

  it('holds a STANDARD number to 80 messages a second (130429, HTTP 429)', async () => {
    const standard = await kit.createNumber({ waba_id: number.waba_id });
    await approvedTemplate('promo', [{ type: 'BODY', text: 'Hi {{1}}' }]);
    freezeClock();
    const replies = [];
    for (let index = 0; index < 81; index++)
      replies.push(await send(templateSend(`1650556${String(index).padStart(4, '0')}`, 'promo'), standard));
    expect(replies.slice(0, 80).every((reply) => reply.status === 200)).toBe(true);
    expect(replies[80]?.status).toBe(429);
    expect(replies[80]?.body.error).toMatchObject({ code: 130429, message: '(#130429) Rate limit hit' });
  });

  it('gives a HIGH number 1000 a second', async () => {
    await approvedTemplate('promo', [{ type: 'BODY', text: 'Hi {{1}}' }]);
    freezeClock();
    const sandbox = kit.running.sandbox;
    const high = sandbox.store.numbers.get(number.phone_number_id);
    let accepted = 0;
    while (high && sandbox.throughput.take(high, sandbox.now())) accepted++;
    expect(accepted).toBe(1000);
  });
});

describe('templates at send time', () => {
  it('refuses a template that does not exist or is not approved (132001, HTTP 404), paused (132015) or disabled (132016)', async () => {
    const missing = await send(templateSend('16505550020', 'no_such_template'));
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({
      code: 132001,
      error_data: { details: expect.stringContaining('no_such_template') },
    });
    await kit.control('POST', '/templates', { waba_id: number.waba_id, name: 'paused_one', status: 'PAUSED' });
    const paused = await send(templateSend('16505550020', 'paused_one'));
    expect(paused.status).toBe(400);
    expect(paused.body.error).toMatchObject({ code: 132015, message: '(#132015) Template is Paused' });
    await kit.control('POST', '/templates', { waba_id: number.waba_id, name: 'disabled_one', status: 'DISABLED' });
    expect((await send(templateSend('16505550020', 'disabled_one'))).body.error.code).toBe(132016);
    await kit.control('POST', '/templates', { waba_id: number.waba_id, name: 'rejected_one', status: 'REJECTED' });
    expect((await send(templateSend('16505550020', 'rejected_one'))).body.error.code).toBe(132001);
  });

  it('refuses parameters that do not match the placeholders (132000)', async () => {
    await approvedTemplate('two_params', [
      { type: 'HEADER', format: 'IMAGE' },
      { type: 'BODY', text: 'Hi {{1}}, your code is {{2}}' },
      { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Track', url: 'https://example.com/t/{{1}}' }] },
    ]);
    const header = { type: 'header', parameters: [{ type: 'image', image: { link: 'https://example.com/a.png' } }] };
    const button = { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'A17' }] };
    const tooFew = await send(templateSend('16505550021', 'two_params', ['Ana'], [header, button]));
    expect(tooFew.body.error).toMatchObject({ code: 132000, error_data: { details: expect.stringContaining('body') } });
    const noHeader = await send(templateSend('16505550021', 'two_params', ['Ana', '42'], [button]));
    expect(noHeader.body.error.error_data.details).toContain('header');
    const noButton = await send(templateSend('16505550021', 'two_params', ['Ana', '42'], [header]));
    expect(noButton.body.error.error_data.details).toContain('button 0');
    expect((await send(templateSend('16505550021', 'two_params', ['Ana', '42'], [header, button]))).status).toBe(200);
  });

  it('accepts marketing to a customer who stopped marketing, then fails it with 131050', async () => {
    await approvedTemplate('promo', [{ type: 'BODY', text: 'Hi {{1}}' }]);
    await kit.control('POST', '/preferences', {
      phone_number_id: number.phone_number_id,
      wa_id: '16505550030',
      value: 'stop',
    });
    const reply = await send(templateSend('16505550030', 'promo'));
    expect(reply.status).toBe(200);
    await kit.settle();
    const statuses = kit.statuses().filter((status) => status.id === reply.body.messages[0].id);
    expect(statuses).toHaveLength(1);
    expect(statuses[0]).toMatchObject({ status: 'failed', errors: [{ code: 131050 }] });
    const preference = kit.sink.changes('user_preferences')[0]?.value as any;
    expect(preference.user_preferences[0]).toMatchObject({
      wa_id: '16505550030',
      category: 'marketing_messages',
      value: 'stop',
    });
  });

  it('fails every message to a customer who blocked the number (131026)', async () => {
    await kit.control('POST', '/customers', { wa_id: '16505550031', behaviour: { block: 1 } });
    await approvedTemplate('promo', [{ type: 'BODY', text: 'Hi {{1}}' }]);
    const first = await send(templateSend('16505550031', 'promo'));
    await kit.settle();
    await kit.control('POST', '/clock', { advance_ms: 6_000 });
    const second = await send(templateSend('16505550031', 'promo'));
    await kit.settle();
    const byId = (id: string) =>
      kit
        .statuses()
        .filter((status) => status.id === id)
        .map((status) => status.status);
    expect(byId(first.body.messages[0].id)).toEqual(['sent', 'delivered']);
    expect(byId(second.body.messages[0].id)).toEqual(['failed']);
  });
});

describe('request checks', () => {
  it('names the missing or invalid field', async () => {
    const missing = await send({ messaging_product: 'whatsapp', type: 'text', text: { body: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 131008, error_data: { details: expect.stringMatching(/^to: /) } });
    const invalid = await send({ messaging_product: 'whatsapp', to: '16505550040', type: 'text', text: { body: 5 } });
    expect(invalid.body.error).toMatchObject({
      code: 100,
      error_data: { details: expect.stringMatching(/^text\.body: /) },
    });
    const neither = await send({ messaging_product: 'whatsapp', to: '16505550040', type: 'image', image: {} });
    expect(neither.body.error.error_data.details).toMatch(/^image\.id: either id or link/);
    const notJson = await fetch(`${kit.running.url}/v23.0/${number.phone_number_id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${number.access_token}`, 'content-type': 'application/json' },
      body: '{"to":',
    });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error.code).toBe(100);
  });

  it('answers a bad or missing token with 190 (HTTP 401), before looking at the path', async () => {
    for (const token of [null, 'EAAS-not-a-token']) {
      const reply = await kit.graph('POST', `${number.phone_number_id}/messages`, { token, body: text('16505550041') });
      expect(reply.status).toBe(401);
      expect(reply.body.error).toMatchObject({ code: 190, type: 'OAuthException' });
    }
  });

  it("answers unknown ids and other accounts' ids alike (100, subcode 33)", async () => {
    const stranger = await kit.createNumber();
    for (const id of ['123456789012345', stranger.phone_number_id]) {
      const reply = await kit.graph('POST', `${id}/messages`, { number, body: text('16505550042') });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatchObject({ code: 100, error_subcode: 33, type: 'GraphMethodException' });
      expect(reply.body.error.message).toContain(`Object with ID '${id}' does not exist`);
    }
  });

  it('takes any version prefix, or none', async () => {
    await writeIn('16505550043');
    for (const [index, prefix] of ['/v19.0', '/v23.0', '/v99.9', ''].entries()) {
      await kit.control('POST', '/clock', { advance_ms: 6_000 });
      const response = await fetch(`${kit.running.url}${prefix}/${number.phone_number_id}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${number.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify(text('16505550043', `try ${index}`)),
      });
      expect(response.status).toBe(200);
    }
  });

  it('marks an inbound message read, and refuses an id that is not an inbound message of this number', async () => {
    const inbound = await kit.control('POST', '/inbound', {
      phone_number_id: number.phone_number_id,
      from: '16505550044',
      type: 'text',
      text: 'hi',
    });
    const read = { messaging_product: 'whatsapp', status: 'read', message_id: inbound.body.message_id };
    expect(await send(read)).toEqual({ status: 200, body: { success: true } });
    const out = await send(text('16505550044'));
    const wrong = await send({ ...read, message_id: out.body.messages[0].id });
    expect(wrong.body.error.code).toBe(100);
  });

  it('refuses sends from a number that is not registered (133010) or is restricted (368)', async () => {
    await kit.graph('POST', `${number.phone_number_id}/deregister`, {});
    expect((await send(text('16505550045'))).body.error.code).toBe(133010);
    await kit.graph('POST', `${number.phone_number_id}/register`, {
      body: { messaging_product: 'whatsapp', pin: '123456' },
    });
    await kit.control('POST', `/numbers/${number.phone_number_id}`, { status: 'RESTRICTED' });
    expect((await send(text('16505550045'))).body.error.code).toBe(368);
  });

  it('refuses a body over the limit with 413, in the error shape of the Graph API or of the control calls', async () => {
    const huge = await send({ ...text('16505550046'), text: { body: 'x'.repeat(5 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toMatchObject({
      code: 100,
      error_data: { details: expect.stringContaining('larger than') },
    });
    const control = await kit.control('POST', '/numbers', { verified_name: 'x'.repeat(17 * 1024 * 1024) });
    expect(control).toEqual({ status: 413, body: { error: { message: expect.stringContaining('larger than') } } });
  });
});
