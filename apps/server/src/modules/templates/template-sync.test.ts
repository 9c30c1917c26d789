import { calls } from '@ws/contract';
import { describe, expect, it } from 'vitest';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { newTemplate, useTemplateWorld } from './test-support.js';

const world = useTemplateWorld();
const { t, tenants } = world;

/** A template made at Meta (not through the product); its view there. */
const atMeta = async (wabaId: string, name: string, fields: Record<string, unknown> = {}) =>
  (await world.sandbox.control('POST', '/templates', { waba_id: wabaId, name, status: 'APPROVED', ...fields }))
    .body as { id: string };

const rows = async (tenantId: string) =>
  (
    await t.pool.query(
      `select name, language, category, status, meta_template_id, components from wa_template
        where tenant_id = $1 order by name, language`,
      [tenantId],
    )
  ).rows;

describe('POST /api/template/sync', () => {
  it("adds the WABA's templates from Meta, updates changed ones, marks those gone DELETED", async () => {
    const waba = world.numberA.made.waba_id;
    const welcome = await atMeta(waba, 'welcome', {
      components: [{ type: 'BODY', text: 'Welcome {{1}}', example: { body_text: [['Ann']] } }],
    });
    await atMeta(waba, 'welcome', { language: 'zh_CN', category: 'UTILITY', status: 'PAUSED' });
    await atMeta(world.numberB.made.waba_id, 'of_tenant_b');
    // Known here, gone at Meta.
    await t.pool.query(
      `insert into wa_template (tenant_id, waba_ref, name, language, category, status)
       select tenant_id, waba_ref, 'retired', 'en_US', 'MARKETING', 'APPROVED' from wa_number where id = $1`,
      [world.numberA.id],
    );

    const first = await world.post('/api/template/sync', { numberId: world.numberA.id });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ wabas: 1, added: 2, updated: 0, deleted: 1, failures: [] });
    expect(await rows(tenants.a.tenantId)).toEqual([
      {
        name: 'retired',
        language: 'en_US',
        category: 'MARKETING',
        status: 'DELETED',
        meta_template_id: null,
        components: [],
      },
      {
        name: 'welcome',
        language: 'en_US',
        category: 'MARKETING',
        status: 'APPROVED',
        meta_template_id: welcome.id,
        components: [{ type: 'BODY', text: 'Welcome {{1}}', example: { body_text: [['Ann']] } }],
      },
      expect.objectContaining({ name: 'welcome', language: 'zh_CN', category: 'UTILITY', status: 'PAUSED' }),
    ]);

    // Nothing changed: nothing counted. Then Meta pauses one, and the next sync (of every WABA) sees it.
    expect((await world.post('/api/template/sync', {})).body.data).toEqual({
      wabas: 1,
      added: 0,
      updated: 0,
      deleted: 0,
      failures: [],
    });
    await world.sandbox.control('POST', `/templates/${welcome.id}`, { status: 'PAUSED' });
    const again = await world.post('/api/template/sync', {});
    expect(again.body.data).toMatchObject({ added: 0, updated: 1, deleted: 0 });
    // Tenant B's WABA stays B's.
    expect((await rows(tenants.a.tenantId)).map((row) => row.name)).not.toContain('of_tenant_b');
    expect((await world.post('/api/template/sync', {}, { token: tenants.b.token })).body.data).toMatchObject({
      wabas: 1,
      added: 1,
    });
  });

  it("refuses another tenant's number as one that does not exist, and reports a WABA Meta refuses", async () => {
    const stranger = await world.post('/api/template/sync', { numberId: world.numberB.id });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('numberId: Number not found');

    const broken = await world.newNumber();
    await t.pool.query('update wa_number set access_token_encrypted = $2 where id = $1', [
      broken.id,
      t.context.whatsapp.tokenCipher.encrypt('not-the-sandbox-token-at-all'),
    ]);
    const one = await world.post('/api/template/sync', { numberId: broken.id });
    expect(one.status).toBe(400);
    expect(one.body.message).toMatch(/^numberId: Meta refused the access token/);
    const all = await world.post('/api/template/sync', {});
    expect(all.status).toBe(200);
    expect(all.body.data.wabas).toBe(2);
    expect(all.body.data.failures).toEqual([
      { waba_id: broken.made.waba_id, message: expect.stringMatching(/^numberId: Meta refused .*#190/) },
    ]);
  });

  it('leaves alone a template submitted while the list was being read', async () => {
    // Changed after the sync noted the time (as a submission during the read would be).
    await t.pool.query(
      `insert into wa_template (tenant_id, waba_ref, name, language, category, status, updated_at)
       select tenant_id, waba_ref, 'in_flight', 'en_US', 'MARKETING', 'PENDING', now() + interval '1 hour'
         from wa_number where id = $1`,
      [world.numberA.id],
    );
    await world.post('/api/template/sync', { numberId: world.numberA.id });
    const { rows } = await t.pool.query(`select status from wa_template where name = 'in_flight'`);
    expect(rows).toEqual([{ status: 'PENDING' }]);
  });

  it('keeps a template submitted here, approved by the review webhook, through a sync', async () => {
    const added = await world.post('/api/template/add', newTemplate(world.numberA.id, 'fresh_one'));
    await world.settle();
    await world.post('/api/template/sync', { numberId: world.numberA.id });
    const details = await world.post('/api/template/details', { id: added.body.data.id });
    expect(details.body.data).toMatchObject({ status: 'APPROVED', meta_template_id: added.body.data.meta_template_id });
  });

  it('refuses strangers and bad input', () =>
    refusesStrangers(t, tenants, calls.templateSync, {
      valid: () => ({}),
      bad: [[{ numberId: 'one' }, 'numberId']],
    }));
});
