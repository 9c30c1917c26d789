import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type NumberView, quietBehaviour, startTestSandbox, type TestSandbox, templateSend } from './test/kit.js';

let kit: TestSandbox;
let at: number;

beforeEach(async () => {
  kit = await startTestSandbox({ behaviour: quietBehaviour });
  // The sandbox clock stands still unless a test moves it: limits see no time pass between calls.
  at = kit.running.sandbox.now();
  kit.running.sandbox.clock.now = () => at;
});
afterEach(() => kit.stop());

const promo = (to: string) => templateSend(to);
const send = (number: NumberView, body: unknown) =>
  kit.graph('POST', `${number.phone_number_id}/messages`, { body, number });
const user = (index: number) => `1650700${String(index).padStart(4, '0')}`;

async function withPromo(wabaId: string) {
  const reply = await kit.control('POST', '/templates', { waba_id: wabaId, name: 'promo', status: 'APPROVED' });
  expect(reply.status).toBe(201);
}

/** The failed statuses' error codes by recipient. */
function failures(): Map<string, number> {
  const failed = kit.statuses().filter((status) => status.status === 'failed');
  return new Map(failed.map((status) => [status.recipient_id as string, status.errors[0].code as number]));
}

describe("the portfolio's messaging limit", () => {
  it('lets a TIER_250 portfolio reach 250 new users in 24 hours; the 251st fails by webhook with 131048', async () => {
    const number = await kit.createNumber({ messaging_limit_tier: 'TIER_250', throughput_level: 'HIGH' });
    await withPromo(number.waba_id);
    for (let index = 0; index < 300; index++) expect((await send(number, promo(user(index)))).status).toBe(200);
    await kit.settle();
    const failed = failures();
    expect(failed.size).toBe(50);
    expect([...failed.keys()].sort()).toEqual([...Array(50).keys()].map((index) => user(250 + index)));
    const status = kit.statuses().find((one) => one.recipient_id === user(250));
    expect(status).toMatchObject({
      status: 'failed',
      errors: [
        { code: 131048, title: 'Spam rate limit hit', error_data: { details: expect.stringMatching(/restrictions/) } },
      ],
    });
    const view = await kit.control('GET', '/numbers');
    expect(view.body[0]).toMatchObject({ messaging_limit_tier: 'TIER_250', portfolio_reach_24h: 250 });
  });

  it('counts a user once, and not users inside their window; frees each user 24 hours after the reach', async () => {
    const number = await kit.createNumber({ messaging_limit_tier: 'TIER_250', throughput_level: 'HIGH' });
    await withPromo(number.waba_id);
    await kit.control('POST', '/inbound', {
      phone_number_id: number.phone_number_id,
      from: user(999),
      type: 'text',
      text: 'hi',
    });
    for (let index = 0; index < 250; index++) await send(number, promo(user(index)));
    // Again to one already reached, and to one who wrote in: neither is a new user of the limit.
    at += 60_000;
    expect((await send(number, promo(user(0)))).status).toBe(200);
    expect((await send(number, promo(user(999)))).status).toBe(200);
    expect((await send(number, promo(user(250)))).status).toBe(200);
    at += 86_400_000 - 60_000;
    expect((await send(number, promo(user(251)))).status).toBe(200);
    await kit.settle();
    expect([...failures()]).toEqual([[user(250), 131048]]);
  });

  it('is shared by every number of the portfolio, across its business accounts; a new number has its tier at once', async () => {
    const first = await kit.createNumber({
      business_id: '7000000001',
      messaging_limit_tier: 'TIER_250',
      throughput_level: 'HIGH',
    });
    const second = await kit.createNumber({ waba_id: first.waba_id, throughput_level: 'HIGH' });
    const otherAccount = await kit.createNumber({ business_id: '7000000001', throughput_level: 'HIGH' });
    const otherPortfolio = await kit.createNumber({ messaging_limit_tier: 'TIER_250', throughput_level: 'HIGH' });
    expect(second.messaging_limit_tier).toBe('TIER_250');
    expect(otherAccount.messaging_limit_tier).toBe('TIER_250');
    expect(otherAccount.waba_id).not.toBe(first.waba_id);
    for (const number of [first, otherAccount, otherPortfolio]) await withPromo(number.waba_id);
    for (let index = 0; index < 125; index++) {
      await send(first, promo(user(index)));
      await send(second, promo(user(125 + index)));
    }
    expect((await send(otherAccount, promo(user(300)))).status).toBe(200);
    expect((await send(otherPortfolio, promo(user(301)))).status).toBe(200);
    await kit.settle();
    expect([...failures()]).toEqual([[user(300), 131048]]);
  });

  it("moves every number of the portfolio when one's tier changes, with Meta's webhook for each", async () => {
    const first = await kit.createNumber({ messaging_limit_tier: 'TIER_250' });
    const second = await kit.createNumber({ waba_id: first.waba_id });
    await kit.control('POST', `/numbers/${first.phone_number_id}`, { messaging_limit_tier: 'TIER_2K' });
    const numbers = (await kit.control('GET', '/numbers')).body as NumberView[];
    expect(numbers.map((number) => number.messaging_limit_tier)).toEqual(['TIER_2K', 'TIER_2K']);
    await kit.settle();
    const upgrades = kit.sink.changes('phone_number_quality_update').map((change) => change.value);
    expect(upgrades).toEqual(
      [first, second].map((number) =>
        expect.objectContaining({
          display_phone_number: number.display_phone_number.replace(/\D/g, ''),
          event: 'UPGRADE',
          current_limit: 'TIER_2K',
          old_limit: 'TIER_250',
        }),
      ),
    );
  });

  it('can be switched off for a test, and refuses a portfolio id another account already has', async () => {
    const number = await kit.createNumber({ messaging_limit_tier: 'TIER_250', throughput_level: 'HIGH' });
    await withPromo(number.waba_id);
    await kit.control('POST', '/config', { limits: { messagingLimit: false } });
    for (let index = 0; index < 260; index++) await send(number, promo(user(index)));
    await kit.settle();
    expect(failures().size).toBe(0);
    const clash = await kit.control('POST', '/numbers', { waba_id: number.waba_id, business_id: '7000000009' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toMatch(/^business_id: /);
  });
});

describe('the pair rate, with bursts', () => {
  it('takes a burst of 45 messages to one user within 6 s, refuses the 46th (131056) until the 4.5 minutes borrowed have passed', async () => {
    const number = await kit.createNumber({ throughput_level: 'HIGH' });
    await withPromo(number.waba_id);
    const start = at;
    for (let index = 0; index < 45; index++) {
      at = start + index * 100;
      expect((await send(number, promo(user(1)))).status).toBe(200);
    }
    const refused = await send(number, promo(user(1)));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 131056, error_data: { messaging_product: 'whatsapp' } });
    // Another user is not held back.
    expect((await send(number, promo(user(2)))).status).toBe(200);
    at = start + 6_000;
    expect((await send(number, promo(user(1)))).status).toBe(400);
    at = start + 45 * 6_000;
    expect((await send(number, promo(user(1)))).status).toBe(200);
    expect((await send(number, promo(user(1)))).status).toBe(200);
  });

  it('after a burst of 20, refuses the user for the 2 minutes borrowed; one message every 6 s is always fine', async () => {
    const number = await kit.createNumber({ throughput_level: 'HIGH' });
    await withPromo(number.waba_id);
    const start = at;
    for (let index = 0; index < 20; index++) expect((await send(number, promo(user(1)))).status).toBe(200);
    at = start + 10_000;
    expect((await send(number, promo(user(1)))).status).toBe(400);
    at = start + 120_000;
    for (let index = 0; index < 5; index++) {
      expect((await send(number, promo(user(1)))).status).toBe(200);
      at += 6_000;
    }
  });

  it('does not count a refused message against the pair rate', async () => {
    const number = await kit.createNumber({ throughput_level: 'HIGH' });
    await kit.control('POST', '/config', { limits: { pairBurst: 1 } });
    const missing = await send(number, promo(user(3)));
    expect(missing.body.error.code).toBe(132001);
    await withPromo(number.waba_id);
    expect((await send(number, promo(user(3)))).status).toBe(200);
  });
});
