import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type NumberView, startTestSandbox, type TestSandbox } from './test/kit.js';

let kit: TestSandbox;
let number: NumberView;

beforeEach(async () => {
  kit = await startTestSandbox();
  number = await kit.createNumber({ display_phone_number: '+1 555 078 3881', verified_name: 'Acme Shoes' });
});
afterEach(() => kit.stop());

describe('phone number fields', () => {
  it("answer Meta's default fields, and exactly the fields asked for", async () => {
    const plain = await kit.graph('GET', number.phone_number_id);
    expect(plain.body).toEqual({
      verified_name: 'Acme Shoes',
      code_verification_status: 'VERIFIED',
      display_phone_number: '+1 555-078-3881',
      quality_rating: 'GREEN',
      platform_type: 'CLOUD_API',
      throughput: { level: 'STANDARD' },
      id: number.phone_number_id,
    });
    const fields =
      'quality_rating,throughput,messaging_limit_tier,whatsapp_business_manager_messaging_limit,name_status,verified_name,display_phone_number,status,code_verification_status';
    const asked = await kit.graph('GET', `${number.phone_number_id}?fields=${fields}`);
    expect(asked.body).toEqual({
      quality_rating: 'GREEN',
      throughput: { level: 'STANDARD' },
      messaging_limit_tier: 'TIER_10K',
      whatsapp_business_manager_messaging_limit: 'TIER_10K',
      name_status: 'APPROVED',
      verified_name: 'Acme Shoes',
      display_phone_number: '+1 555-078-3881',
      status: 'CONNECTED',
      code_verification_status: 'VERIFIED',
      id: number.phone_number_id,
    });
  });

  it('refuse an edge or method the node does not have', async () => {
    const edge = await kit.graph('GET', `${number.phone_number_id}/favourites`);
    expect(edge.body.error).toMatchObject({ code: 2500, message: 'Unknown path components: /favourites' });
    const method = await kit.graph('DELETE', number.phone_number_id);
    expect(method.body.error).toMatchObject({
      code: 100,
      error_subcode: 33,
      message: expect.stringMatching(/^Unsupported delete request/),
    });
  });

  it('refuse a field the node does not have', async () => {
    const reply = await kit.graph('GET', `${number.phone_number_id}?fields=quality_rating,favourite_colour`);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({ code: 100, message: expect.stringContaining('(favourite_colour)') });
  });

  it("follow control changes, with Meta's webhooks for limit, throughput and restriction changes", async () => {
    await kit.control('POST', `/numbers/${number.phone_number_id}`, {
      messaging_limit_tier: 'TIER_100K',
      throughput_level: 'HIGH',
      quality_rating: 'YELLOW',
      status: 'RESTRICTED',
    });
    await kit.settle();
    const events = kit.sink.changes('phone_number_quality_update').map((change) => change.value);
    expect(events).toEqual([
      expect.objectContaining({ event: 'FLAGGED', display_phone_number: '15550783881' }),
      expect.objectContaining({ event: 'UPGRADE', old_limit: 'TIER_10K', current_limit: 'TIER_100K' }),
      expect.objectContaining({ event: 'THROUGHPUT_UPGRADE', current_limit: 'HIGH' }),
    ]);
    expect(kit.sink.changes('account_update')[0]?.value).toMatchObject({
      event: 'ACCOUNT_RESTRICTION',
      phone_number: '15550783881',
      restriction_info: [{ restriction_type: 'RESTRICTED_BIZ_INITIATED_MESSAGING' }],
    });
    const fields = await kit.graph('GET', `${number.phone_number_id}?fields=quality_rating,throughput,status`);
    expect(fields.body).toMatchObject({
      quality_rating: 'YELLOW',
      throughput: { level: 'HIGH' },
      status: 'RESTRICTED',
    });
  });

  it("are listed per business account with the account's numbers only", async () => {
    const sibling = await kit.createNumber({ waba_id: number.waba_id });
    await kit.createNumber();
    const listed = await kit.graph(
      'GET',
      `${number.waba_id}/phone_numbers?fields=display_phone_number,quality_rating`,
      { number },
    );
    expect(listed.body.data.map((entry: { id: string }) => entry.id)).toEqual([
      number.phone_number_id,
      sibling.phone_number_id,
    ]);
    expect(listed.body.data[0]).toEqual({
      display_phone_number: '+1 555-078-3881',
      quality_rating: 'GREEN',
      id: number.phone_number_id,
    });
    expect(listed.body.paging.cursors).toEqual({ before: expect.any(String), after: expect.any(String) });
    const waba = await kit.graph('GET', number.waba_id, { number });
    expect(waba.body).toMatchObject({ id: number.waba_id, name: expect.any(String) });
  });
});

describe('registration', () => {
  it('requests a code, verifies it, registers with a PIN and deregisters', async () => {
    const fresh = await kit.createNumber({ registered: false });
    expect(fresh).toMatchObject({ registered: false, code_verification_status: 'NOT_VERIFIED', status: 'PENDING' });
    const id = fresh.phone_number_id;
    const request = await kit.graph('POST', `${id}/request_code?code_method=SMS&language=en_US`, { number: fresh });
    expect(request.body).toEqual({ success: true });
    const [listed] = (await kit.control('GET', '/numbers')).body.filter(
      (entry: NumberView) => entry.phone_number_id === id,
    );
    expect(listed.pending_code).toMatch(/^\d{6}$/);
    const wrong = await kit.graph('POST', `${id}/verify_code`, {
      number: fresh,
      body: { code: listed.pending_code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.body.error.code).toBe(136025);
    expect(
      (await kit.graph('POST', `${id}/verify_code`, { number: fresh, body: { code: listed.pending_code } })).body,
    ).toEqual({ success: true });
    const register = await kit.graph('POST', `${id}/register`, {
      number: fresh,
      body: { messaging_product: 'whatsapp', pin: '246810' },
    });
    expect(register.body).toEqual({ success: true });
    const after = await kit.graph('GET', `${id}?fields=status,code_verification_status`, { number: fresh });
    expect(after.body).toMatchObject({ status: 'CONNECTED', code_verification_status: 'VERIFIED' });
    const otherPin = await kit.graph('POST', `${id}/register`, {
      number: fresh,
      body: { messaging_product: 'whatsapp', pin: '135790' },
    });
    expect(otherPin.body.error.code).toBe(133005);
    expect((await kit.graph('POST', `${id}/deregister`, { number: fresh })).body).toEqual({ success: true });
    expect((await kit.graph('GET', `${id}?fields=status`, { number: fresh })).body.status).toBe('DISCONNECTED');
  });

  it('answers 133016 past 10 registers or deregisters of a number in a sliding 72 hours', async () => {
    const fresh = await kit.createNumber();
    const id = fresh.phone_number_id;
    const register = () =>
      kit.graph('POST', `${id}/register`, { number: fresh, body: { messaging_product: 'whatsapp', pin: '246810' } });
    const deregister = () => kit.graph('POST', `${id}/deregister`, { number: fresh });
    const hour = 3_600_000;
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await register()).status).toBe(200);
      expect((await deregister()).status).toBe(200);
      await kit.control('POST', '/clock', { advance_ms: 7 * hour });
    }
    // 10 attempts, the first 35 hours ago: both calls are refused, and other numbers are not.
    for (const refused of [await register(), await deregister()]) {
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 133016, type: 'OAuthException' });
      expect(refused.body.error.message).toBe('(#133016) Account register deregister rate limit exceeded');
    }
    const other = await kit.createNumber();
    expect((await kit.graph('POST', `${other.phone_number_id}/deregister`, { number: other })).status).toBe(200);
    // Refused calls do not count: once the first two attempts are 72 hours old, two more are allowed.
    await kit.control('POST', '/clock', { advance_ms: 72 * hour - 35 * hour });
    expect((await register()).status).toBe(200);
    expect((await deregister()).status).toBe(200);
    expect((await register()).body.error.code).toBe(133016);
  });

  it('names bad parameters', async () => {
    const method = await kit.graph('POST', `${number.phone_number_id}/request_code`, {
      body: { code_method: 'FAX', language: 'en' },
    });
    expect(method.body.error.error_data.details).toMatch(/^code_method: /);
    const pin = await kit.graph('POST', `${number.phone_number_id}/register`, {
      body: { messaging_product: 'whatsapp', pin: '12' },
    });
    expect(pin.body.error.error_data.details).toBe('pin: must be 6 digits');
  });
});

describe('business profile', () => {
  it('is read and updated', async () => {
    const update = await kit.graph('POST', `${number.phone_number_id}/whatsapp_business_profile`, {
      body: {
        messaging_product: 'whatsapp',
        about: 'Shoes for everyone',
        description: 'Family shop since 1990',
        email: 'shop@example.com',
        websites: ['https://example.com'],
        vertical: 'RETAIL',
      },
    });
    expect(update.body).toEqual({ success: true });
    const read = await kit.graph(
      'GET',
      `${number.phone_number_id}/whatsapp_business_profile?fields=about,email,websites,vertical,profile_picture_url`,
    );
    expect(read.body).toEqual({
      data: [
        {
          about: 'Shoes for everyone',
          email: 'shop@example.com',
          websites: ['https://example.com'],
          vertical: 'RETAIL',
          profile_picture_url: '',
          messaging_product: 'whatsapp',
        },
      ],
    });
  });

  it('refuses what Meta refuses, naming the field', async () => {
    const cases: [object, RegExp][] = [
      [{ about: 'x'.repeat(140) }, /^about: /],
      [{ email: 'not-an-email' }, /^email: /],
      [{ websites: ['a', 'b', 'c'] }, /^websites/],
      [{ vertical: 'PIRACY' }, /^vertical: /],
    ];
    for (const [fields, details] of cases) {
      const reply = await kit.graph('POST', `${number.phone_number_id}/whatsapp_business_profile`, {
        body: { messaging_product: 'whatsapp', ...fields },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.error.error_data.details).toMatch(details);
    }
  });
});
