import { describe, expect, it } from 'vitest';
import { useRegistrationWorld } from './test-support.js';

const world = useRegistrationWorld();
let phones = 0;
/** A valid Chinese mobile number of its own for each test. */
const nextPhone = () => {
  phones += 1;
  return `+86 138 0013 ${8000 + phones}`;
};

describe('GET /api/ws/simcountry and /api/ws/country', () => {
  it('lists the SIM countries in the caller’s language for any signed-in user', async () => {
    const zh = await world.app.get('/api/ws/simcountry', { token: world.operator });
    expect(zh.status).toBe(200);
    expect(zh.body.data).toContainEqual({ title: '中国', value: 86, code: 'CN' });
    const en = await world.app.get('/api/ws/simcountry', {
      token: world.admin,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(en.body.data).toContainEqual({ title: "People's Republic of China", value: 86, code: 'CN' });
    expect(en.body.data.length).toBe(zh.body.data.length);
    expect((await world.app.get('/api/ws/simcountry')).status).toBe(401);
  });

  it('lists every country with both names and its calling code', async () => {
    const reply = await world.app.get('/api/ws/country', { token: world.operator });
    expect(reply.status).toBe(200);
    expect(reply.body.data.length).toBeGreaterThan(190);
    expect(reply.body.data).toContainEqual({
      english_name: 'United Kingdom',
      chinese_name: '英国',
      country_code: 'gb',
      phone_code: 44,
    });
    expect((await world.app.get('/api/ws/country')).status).toBe(401);
  });
});

describe('POST /api/ws/prepare', () => {
  it('records a number Meta lists under the WABA, with Meta’s state, and logs it', async () => {
    const number = await world.newSandboxNumber(nextPhone());
    // The default target is the configured Cloud API base URL (here the sandbox too); national format.
    const reply = await world.app.post('/api/ws/prepare', {
      token: world.admin,
      body: {
        country: 'cn',
        phone: number.display_phone_number.slice(2),
        phone_number_id: number.phone_number_id,
        waba_id: number.waba_id,
        token: number.access_token,
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('新增成功');
    expect(reply.body.data).toMatchObject({
      phone: `+${number.display_phone_number}`,
      country: 'CN',
      phone_number_id: number.phone_number_id,
      waba_id: number.waba_id,
      verified_name: 'Verdant Home',
      status: 'PENDING',
      code_verification_status: 'NOT_VERIFIED',
      stage: 'awaiting',
    });
    expect(reply.body.data.display_phone).toMatch(/^\+86 138 0013 \d{4}$/);
    const { rows } = await world.app.pool.query(
      `select n.tenant_id, n.api_base_url, n.access_token_encrypted, p.messaging_limit, n.messaging_limit_tier,
              w.webhooks_subscribed_at is not null as webhooks_subscribed
         from wa_number n join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
         join wa_portfolio p on p.tenant_id = w.tenant_id and p.id = w.portfolio_id
        where n.id = $1`,
      [reply.body.data.id],
    );
    expect(rows[0]).toMatchObject({
      tenant_id: '000000',
      api_base_url: world.sandbox.url,
      messaging_limit: 10_000,
      messaging_limit_tier: 'TIER_10K',
      // Connecting the WABA subscribed the app to its webhooks, in the sandbox too.
      webhooks_subscribed: true,
    });
    const apps = await fetch(`${world.sandbox.url}/v23.0/${number.waba_id}/subscribed_apps`, {
      headers: { authorization: `Bearer ${number.access_token}` },
    });
    expect((await apps.json()).data).toHaveLength(1);
    expect(rows[0].access_token_encrypted).not.toContain(number.access_token);
    expect(world.app.context.whatsapp.tokenCipher.decrypt(rows[0].access_token_encrypted)).toBe(number.access_token);
    const log = await world.app.pool.query(
      "select target from operation_log where tenant_id = '000000' and action = 'ws.prepare'",
    );
    expect(log.rows.map((row) => row.target)).toContain(
      `number +${number.display_phone_number} (${number.phone_number_id})`,
    );
  });

  it('keeps the portfolio of a WABA the tenant already has', async () => {
    const first = await world.newSandboxNumber(nextPhone());
    const second = await world.newSandboxNumber(nextPhone(), first.waba_id);
    await world.prepare(first);
    const reply = await world.tryPrepare(second, { change: { portfolio: 'Another name' } });
    expect(reply.status).toBe(200);
    const { rows } = await world.app.pool.query(
      "select count(*)::int as n from wa_portfolio where tenant_id = '000000' and name = 'Another name'",
    );
    expect(rows[0].n).toBe(0);
  });

  it.each([
    ['GB', '+44 7911 123456', 'GG'],
    ['US', '+1 416 555 0123', 'CA'],
    ['RU', '+7 701 123 4567', 'KZ'],
  ])(
    'accepts for %s a number of a region sharing its calling code (%s, filed under %s)',
    async (country, phone, region) => {
      const number = await world.newSandboxNumber(phone);
      const reply = await world.tryPrepare(number, { change: { country } });
      expect(reply.status).toBe(200);
      expect(reply.body.data).toMatchObject({ phone: phone.replace(/ /g, ''), country: region, stage: 'awaiting' });
    },
  );

  it('still refuses a number of another calling code, naming the phone', async () => {
    const number = await world.newSandboxNumber('+44 7911 123457');
    for (const country of ['US', 'FR', 'CN']) {
      const reply = await world.tryPrepare(number, { change: { country } });
      expect({ country, status: reply.status }).toEqual({ country, status: 400 });
      expect(reply.body.message).toMatch(/^phone: .*another country/);
    }
  });

  it('refuses bad input naming the field', async () => {
    const number = await world.newSandboxNumber(nextPhone());
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ country: 'CHN' }, /^country: /],
      [{ country: 'IR', phone: '+98 912 345 6789' }, /^country: .*not offered/],
      [{ country: 'XX' }, /^country: /],
      [{ phone: 'call me' }, /^phone: /],
      [{ phone: '+86 123' }, /^phone: .*not a valid number/],
      [{ phone: '+44 7400 123456' }, /^phone: .*another country/],
      [{ phone: '+86 139 0013 8000' }, /^phone: .*does not match.*\+86/],
      [{ phone_number_id: 'pn-1' }, /^phone_number_id: /],
      [{ phone_number_id: '123456789012345' }, /^phone_number_id: .*not a number of this WhatsApp Business account/],
      [{ waba_id: undefined }, /^waba_id: /],
      [{ waba_id: '987654321098765' }, /^waba_id: the sandbox refused \(\(#100\)/],
      [{ token: 'short' }, /^token: /],
      [{ token: 'EAAS-not-a-real-token-at-all' }, /^token: the sandbox refused the access token.*#190/],
      [{ portfolio: '' }, /^portfolio: /],
      [{ target: 'meta' }, /^target: /],
    ];
    for (const [change, message] of cases) {
      const reply = await world.tryPrepare(number, { change });
      expect({ change, status: reply.status }).toEqual({ change, status: 400 });
      expect(reply.body.message).toMatch(message);
    }
    const { rows } = await world.app.pool.query('select 1 from wa_number where phone_number_id = $1', [
      number.phone_number_id,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a number recorded already, here or by another tenant, without saying whose', async () => {
    const number = await world.newSandboxNumber(nextPhone());
    await world.prepare(number);
    const again = await world.tryPrepare(number);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('phone_number_id: this number is already recorded');
    const elsewhere = await world.tryPrepare(number, { token: world.otherAdmin });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message).toBe('phone_number_id: already connected to another account');
    const sibling = await world.newSandboxNumber(nextPhone(), number.waba_id);
    const sameWaba = await world.tryPrepare(sibling, { token: world.otherAdmin });
    expect(sameWaba.status).toBe(409);
    expect(sameWaba.body.message).toBe('waba_id: already connected to another account');
  });

  it('is for admins only', async () => {
    const body = {
      country: 'CN',
      phone: nextPhone(),
      phone_number_id: '123456',
      waba_id: '123456',
      token: 'x'.repeat(20),
    };
    expect((await world.app.post('/api/ws/prepare', { token: world.operator, body })).status).toBe(403);
    expect((await world.app.post('/api/ws/prepare', { body })).status).toBe(401);
  });
});

describe('POST /api/ws/list', () => {
  it('pages the tenant’s numbers newest first, by stage and phone, and never another tenant’s', async () => {
    const mine = await world.prepare(await world.newSandboxNumber(nextPhone()));
    const theirs = await world.prepare(await world.newSandboxNumber(nextPhone()), world.otherAdmin);
    await world.app.pool.query("update wa_number set status = 'CONNECTED' where id = $1", [mine.id]);

    const all = await world.app.post('/api/ws/list', { token: world.admin, body: { page: 1, pageSize: 10 } });
    expect(all.status).toBe(200);
    const ids = all.body.data.records.map((record: { id: string }) => record.id);
    expect(ids[0]).toBe(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(all.body.data.total).toBeGreaterThanOrEqual(ids.length);
    expect([...ids].sort((a, b) => Number(b) - Number(a))).toEqual(ids);

    const registered = await world.app.post('/api/ws/list', {
      token: world.admin,
      body: { filters: { stage: 'registered' } },
    });
    expect(registered.body.data.records.map((record: { id: string }) => record.id)).toEqual([mine.id]);
    expect(registered.body.data.records[0].stage).toBe('registered');
    const awaiting = await world.app.post('/api/ws/list', {
      token: world.admin,
      body: { filters: { stage: 'awaiting' } },
    });
    expect(awaiting.body.data.records.map((record: { id: string }) => record.id)).not.toContain(mine.id);

    const other = await world.app.post('/api/ws/list', { token: world.otherAdmin, body: {} });
    expect(other.body.data.records.map((record: { id: string }) => record.id)).toEqual([theirs.id]);
    const byPhone = await world.app.post('/api/ws/list', {
      token: world.otherAdmin,
      body: { filters: { phone: mine.phone.slice(-6) } },
    });
    expect(byPhone.body.data).toMatchObject({ total: 0, records: [] });
  });

  it('refuses bad filters and other roles', async () => {
    const badSize = await world.app.post('/api/ws/list', { token: world.admin, body: { pageSize: 25 } });
    expect(badSize.status).toBe(400);
    expect(badSize.body.message).toMatch(/^pageSize: /);
    const badStage = await world.app.post('/api/ws/list', { token: world.admin, body: { filters: { stage: 'done' } } });
    expect(badStage.body.message).toMatch(/^filters\.stage: /);
    const badPhone = await world.app.post('/api/ws/list', { token: world.admin, body: { filters: { phone: 'abc' } } });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toMatch(/^filters\.phone: /);
    expect((await world.app.post('/api/ws/list', { token: world.operator, body: {} })).status).toBe(403);
    expect((await world.app.post('/api/ws/list', { body: {} })).status).toBe(401);
  });
});
