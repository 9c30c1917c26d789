import { afterEach, describe, expect, it } from 'vitest';
import { type CustomerBehaviour, defaultSettings } from './settings.js';
import { type NumberView, startTestSandbox, type TestSandbox } from './test/kit.js';

const none: CustomerBehaviour = {
  ...defaultSettings.behaviour,
  deliver: 1,
  read: 1,
  reply: 0,
  stop: 0,
  block: 0,
  tapButton: 0,
  joinGroup: 0,
  fail: 0,
};
const kits: TestSandbox[] = [];
afterEach(async () => {
  await Promise.all(kits.splice(0).map((kit) => kit.stop()));
});

async function world(behaviour: Partial<CustomerBehaviour>, seed = 1) {
  const kit = await startTestSandbox({ seed, behaviour: { ...none, ...behaviour } });
  kits.push(kit);
  const number = await kit.createNumber({ throughput_level: 'HIGH' });
  await kit.control('POST', '/templates', {
    waba_id: number.waba_id,
    name: 'spring_offer',
    status: 'APPROVED',
    components: [
      { type: 'BODY', text: 'Hi {{1}}, the spring offer ends Friday' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Interested' },
          { type: 'QUICK_REPLY', text: 'Stop promotions' },
        ],
      },
    ],
  });
  return { kit, number };
}

const offer = (to: string) => ({
  messaging_product: 'whatsapp',
  to,
  type: 'template',
  template: {
    name: 'spring_offer',
    language: { code: 'en_US' },
    components: [
      { type: 'body', parameters: [{ type: 'text', text: 'Ana' }] },
      { type: 'button', sub_type: 'quick_reply', index: 0, parameters: [{ type: 'payload', payload: 'OFFER_YES' }] },
    ],
  },
});
const recipients = Array.from({ length: 40 }, (_, index) => `4477009${String(index).padStart(5, '0')}`);

async function sendAll(kit: TestSandbox, number: NumberView, rounds = 2) {
  for (let round = 0; round < rounds; round++) {
    for (const to of recipients) {
      const reply = await kit.graph('POST', `${number.phone_number_id}/messages`, { number, body: offer(to) });
      expect(reply.status).toBe(200);
    }
    await kit.settle();
    await kit.control('POST', '/clock', { advance_ms: 6_000 });
  }
}

/** What happened per customer, independent of message ids: statuses, then what they sent or set. */
function outcomes(kit: TestSandbox) {
  const byMessage = new Map<string, string>();
  for (const message of kit.running.sandbox.store.messages.list()) byMessage.set(message.id, message.waId);
  const result: Record<string, string[]> = {};
  const note = (waId: string, what: string) => {
    result[waId] ??= [];
    result[waId].push(what);
  };
  for (const status of kit.statuses())
    note(byMessage.get(status.id) ?? '?', `${status.status}${status.errors ? status.errors[0].code : ''}`);
  for (const message of kit.inbound())
    note(message.from, `in:${message.type}:${message.text?.body ?? message.button?.text ?? ''}`);
  for (const change of kit.sink.changes('user_preferences')) {
    const [preference] = change.value.user_preferences as { wa_id: string; value: string }[];
    if (preference) note(preference.wa_id, `preference:${preference.value}`);
  }
  return result;
}

describe('simulated customers', () => {
  it('behave the same for the same seed, and differently for another seed', async () => {
    const mixed = { deliver: 0.8, read: 0.6, reply: 0.5, stop: 0.15, block: 0.1, tapButton: 0.3 };
    const runs = await Promise.all([world(mixed, 7), world(mixed, 7), world(mixed, 8)]);
    for (const { kit, number } of runs) await sendAll(kit, number);
    const [first, second, other] = runs.map(({ kit }) => outcomes(kit));
    expect(second).toEqual(first);
    expect(other).not.toEqual(first);
    const kinds = new Set(Object.values(first ?? {}).flat());
    for (const kind of ['sent', 'delivered', 'read', 'in:button:Interested']) {
      expect(kinds).toContain(kind);
    }
  });

  it('are created with default behaviour the first time a message reaches them', async () => {
    const { kit, number } = await world({});
    await kit.graph('POST', `${number.phone_number_id}/messages`, { number, body: offer('4477000000001') });
    const listed = await kit.control('GET', '/customers?wa_id=4477000000001');
    expect(listed.body).toEqual([
      expect.objectContaining({ wa_id: '4477000000001', behaviour: {}, name: expect.any(String) }),
    ]);
  });

  it('reply after reading, which opens the 24-hour window', async () => {
    const { kit, number } = await world({ reply: 1 });
    await kit.graph('POST', `${number.phone_number_id}/messages`, { number, body: offer('4477000000002') });
    await kit.settle();
    const [reply] = kit.inbound();
    expect(reply).toMatchObject({ from: '4477000000002', type: 'text', text: { body: expect.any(String) } });
    const contacts = kit.sink.changes('messages').find((change) => change.value.messages)?.value.contacts as object[];
    expect(contacts[0]).toMatchObject({ wa_id: '4477000000002', profile: { name: expect.any(String) } });
    await kit.control('POST', '/clock', { advance_ms: 6_000 });
    const free = await kit.graph('POST', `${number.phone_number_id}/messages`, {
      number,
      body: { messaging_product: 'whatsapp', to: '4477000000002', type: 'text', text: { body: 'Thanks!' } },
    });
    expect(free.status).toBe(200);
  });

  it("tap a template's quick reply (button, with the payload sent) or an interactive button, with context", async () => {
    const { kit, number } = await world({ tapButton: 1 });
    const template = await kit.graph('POST', `${number.phone_number_id}/messages`, {
      number,
      body: offer('4477000000003'),
    });
    await kit.control('POST', '/inbound', {
      phone_number_id: number.phone_number_id,
      from: '4477000000004',
      type: 'text',
      text: 'menu?',
    });
    const interactive = await kit.graph('POST', `${number.phone_number_id}/messages`, {
      number,
      body: {
        messaging_product: 'whatsapp',
        to: '4477000000004',
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: 'Pick one' },
          action: { buttons: [{ type: 'reply', reply: { id: 'yes', title: 'Yes' } }] },
        },
      },
    });
    await kit.settle();
    const taps = kit.inbound().filter((message) => message.context);
    expect(taps).toContainEqual(
      expect.objectContaining({
        from: '4477000000003',
        type: 'button',
        button: { payload: 'OFFER_YES', text: 'Interested' },
        context: { from: number.display_phone_number, id: template.body.messages[0].id },
      }),
    );
    expect(taps).toContainEqual(
      expect.objectContaining({
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Yes' } },
        context: expect.objectContaining({ id: interactive.body.messages[0].id }),
      }),
    );
  });

  it('stop by STOP text, the stop button, or the preference; the preference makes later marketing fail (131050)', async () => {
    const { kit, number } = await world({ stop: 1 });
    await sendAll(kit, number, 1);
    const seen = outcomes(kit);
    for (const to of recipients) {
      const stops = (seen[to] ?? []).filter((what) => /STOP|Stop promotions|preference:stop/.test(what));
      expect(stops).toHaveLength(1);
    }
    const stoppedByPreference = recipients.filter((to) => seen[to]?.includes('preference:stop'));
    expect(stoppedByPreference.length).toBeGreaterThan(0);
    const again = await kit.graph('POST', `${number.phone_number_id}/messages`, {
      number,
      body: offer(stoppedByPreference[0] as string),
    });
    await kit.settle();
    expect(kit.statuses().find((status) => status.id === again.body.messages[0].id)).toMatchObject({
      status: 'failed',
      errors: [{ code: 131050 }],
    });
  });

  it('that block the number lower its quality: phone_number_quality_update and the rating both change', async () => {
    const { kit, number } = await world({ block: 1 });
    await kit.control('POST', '/config', { quality: { windowSize: 20, minSample: 5 } });
    for (const to of recipients.slice(0, 5)) {
      await kit.graph('POST', `${number.phone_number_id}/messages`, { number, body: offer(to) });
    }
    await kit.settle();
    const updates = kit.sink.changes('phone_number_quality_update');
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({
      wabaId: number.waba_id,
      value: { display_phone_number: number.display_phone_number, event: 'FLAGGED', current_limit: 'TIER_10K' },
    });
    const fields = await kit.graph('GET', `${number.phone_number_id}?fields=quality_rating`, { number });
    expect(fields.body).toEqual({ quality_rating: 'RED', id: number.phone_number_id });
  });
});
