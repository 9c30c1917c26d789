import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.js';
import { expectBadInput } from '../../test/bad-input.js';
import { addNumber, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { seedContact, seedSandboxNumber } from '../../test/whatsapp-fixtures.js';
import { ok } from './test-support.js';

const t = useTestApp();
let sandbox: RunningSandbox;
const { a, b, seat } = useTenants(t);

beforeAll(async () => {
  sandbox = await startSandbox({ appSecret: t.context.whatsapp.appSecret, webhookUrl: null });
});
afterAll(() => sandbox?.stop());

/** A number living in the sandbox, connected to tenant a (or b). */
async function sandboxNumber(tenantId = a.tenantId, fields: Record<string, unknown> = {}) {
  const { numberId, made } = await seedSandboxNumber(t.pool, t.context.whatsapp, sandbox, tenantId, {
    fields,
    connection: { qualityRating: 'GREEN' },
  });
  return { id: numberId, sandbox: made };
}

const stored = async (id: string) =>
  (
    await t.pool.query(
      `select quality_rating, pause_reason, checked_at, check_error, throughput_per_second, messaging_limit_tier
         from wa_number where id = $1`,
      [id],
    )
  ).rows[0];

describe('POST /api/agent/checkchanel', () => {
  it("records each number's state from the Cloud API and pauses a number whose quality is RED", async () => {
    const green = await sandboxNumber();
    const red = await sandboxNumber();
    await sandbox.control('POST', `/numbers/${red.sandbox.phone_number_id}`, {
      quality_rating: 'RED',
      messaging_limit_tier: 'TIER_100K',
      throughput_level: 'HIGH',
    });
    const { results } = await ok(t, '/api/agent/checkchanel', a.token, { ids: [red.id, green.id] });
    expect(results).toHaveLength(2);
    const byId = Object.fromEntries(results.map((result: { id: string }) => [result.id, result]));
    expect(byId[red.id]).toMatchObject({
      ok: true,
      error: null,
      quality_rating: 'RED',
      paused: true,
      messaging_tier: 'TIER_100K',
      throughput_per_second: 1000,
      status: 'CONNECTED',
    });
    expect(byId[red.id].checked_at).toBeTruthy();
    expect(byId[green.id]).toMatchObject({ ok: true, quality_rating: 'GREEN', paused: false });
    expect(await stored(red.id)).toMatchObject({
      quality_rating: 'RED',
      pause_reason: 'quality_red',
      check_error: null,
    });

    // The operator resumes it from the list; a later check of a still-red number pauses it again.
    await ok(t, '/api/agent/resume', a.token, { ids: [red.id] });
    expect((await stored(red.id)).pause_reason).toBeNull();
    await ok(t, '/api/agent/checkchanel', a.token, { ids: [red.id] });
    expect((await stored(red.id)).pause_reason).toBe('quality_red');
  });

  it('reports and records why a number could not be checked', async () => {
    const unreachable = await addNumber(t, a.tenantId, { apiBaseUrl: 'http://127.0.0.1:9' });
    const wrongToken = await sandboxNumber();
    await t.pool.query('update wa_number set access_token_encrypted = $2 where id = $1', [
      wrongToken.id,
      t.context.whatsapp.tokenCipher.encrypt('not-the-sandbox-token-at-all'),
    ]);
    const { results } = await ok(t, '/api/agent/checkchanel', a.token, { ids: [unreachable, wrongToken.id] });
    const byId = Object.fromEntries(results.map((result: { id: string }) => [result.id, result]));
    expect(byId[unreachable]).toMatchObject({ ok: false, quality_rating: 'UNKNOWN', paused: false });
    expect(byId[unreachable].error).toMatch(/unreachable|refused/i);
    expect(byId[wrongToken.id].error).toMatch(/^190: /);
    const row = await stored(unreachable);
    expect(row.checked_at).not.toBeNull();
    expect(row.check_error).toBe(byId[unreachable].error);
  });

  it('refuses bad input, strangers and seats', async () => {
    const mine = await addNumber(t, a.tenantId);
    const tooMany = Array.from({ length: 201 }, (_, index) => String(index + 1));
    await expectBadInput(
      (body) => t.post('/api/agent/checkchanel', { token: a.token, body }),
      [
        [{ ids: tooMany }, 'ids'],
        [{ ids: [] }, 'ids'],
        [{ ids: ['0'] }, 'ids.0'],
      ],
    );
    expect((await t.post('/api/agent/checkchanel', { body: { ids: [mine] } })).status).toBe(401);
    expect((await t.post('/api/agent/checkchanel', { token: seat.token, body: { ids: [mine] } })).status).toBe(403);
    const stranger = await t.post('/api/agent/checkchanel', { token: b.token, body: { ids: [mine] } });
    expect(stranger.status).toBe(404);
    expect((await stored(mine)).checked_at).toBeNull();
  });
});

describe('POST /api/agent/repairdb', () => {
  it("re-syncs the WABA's templates, checks the profile and recounts the roll-ups", async () => {
    const number = await sandboxNumber();
    await sandbox.control('POST', '/templates', {
      waba_id: number.sandbox.waba_id,
      name: 'spring_sale',
      category: 'MARKETING',
      status: 'APPROVED',
    });
    for (const waId of ['15557700001', '15557700002']) {
      await seedContact(t.pool, a.tenantId, { waId, numberId: number.id });
    }
    await t.pool.query(
      `insert into message (tenant_id, number_id, direction, type, body, status) values ($1, $2, 'in', 'text', '{}', 'received')`,
      [a.tenantId, number.id],
    );
    await t.pool.query(`update number_daily_count set sent = 999, received = 999 where number_id = $1`, [number.id]);
    await t.pool.query(`update contact_tally set contacts = 42 where number_id = $1`, [number.id]);

    const { results } = await ok(t, '/api/agent/repairdb', a.token, { ids: [number.id] });
    expect(results).toEqual([
      {
        id: number.id,
        phone: number.sandbox.display_phone_number,
        ok: true,
        templates: 1,
        profile_ok: true,
        sent_today: 0,
        received_today: 1,
        contacts: 2,
        errors: [],
      },
    ]);
    const templates = await t.pool.query(
      `select t.name, t.status, t.category, t.meta_template_id is not null as known
         from wa_template t join wa_number n on n.waba_ref = t.waba_ref where n.id = $1`,
      [number.id],
    );
    expect(templates.rows).toEqual([{ name: 'spring_sale', status: 'APPROVED', category: 'MARKETING', known: true }]);
    const tally = await t.pool.query('select contacts::int from contact_tally where number_id = $1', [number.id]);
    expect(tally.rows[0].contacts).toBe(2);
  });

  it('recounts even when the Cloud API cannot be reached, and says what failed', async () => {
    const unreachable = await addNumber(t, a.tenantId, { apiBaseUrl: 'http://127.0.0.1:9' });
    const { results } = await ok(t, '/api/agent/repairdb', a.token, { ids: [unreachable] });
    expect(results[0]).toMatchObject({ ok: false, templates: null, profile_ok: false, contacts: 0 });
    expect(results[0].errors).toHaveLength(2);
  });

  it('refuses bad input, strangers and seats', async () => {
    const mine = await addNumber(t, a.tenantId);
    const tooMany = Array.from({ length: 51 }, (_, index) => String(index + 1));
    const reply = await t.post('/api/agent/repairdb', { token: a.token, body: { ids: tooMany } });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^ids: /);
    expect((await t.post('/api/agent/repairdb', { body: { ids: [mine] } })).status).toBe(401);
    expect((await t.post('/api/agent/repairdb', { token: seat.token, body: { ids: [mine] } })).status).toBe(403);
    expect((await t.post('/api/agent/repairdb', { token: b.token, body: { ids: [mine] } })).status).toBe(404);
  });
});
