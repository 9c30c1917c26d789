import { calls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { newTemplate, type TemplateNumber, useTemplateWorld } from './test-support.js';

const world = useTemplateWorld();
const { t, tenants } = world;
/** Tenant A's second number, in a WABA of its own. */
let otherA: TemplateNumber;
const ids: Record<string, string> = {};

beforeAll(async () => {
  otherA = await world.newNumber();
  const add = async (number: TemplateNumber, name: string, change: Record<string, unknown> = {}, token?: string) => {
    const reply = await world.post('/api/template/add', newTemplate(number.id, name, change), { token });
    if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
    ids[name] = reply.body.data.id;
  };
  await add(world.numberA, 'summer_sale');
  await add(world.numberA, 'order_shipped', { category: 'UTILITY', language: 'zh_CN' });
  await add(otherA, 'summer_news');
  await add(world.numberB, 'summer_b', {}, tenants.b.token);
  await world.settle();
});

const names = async (filters: Record<string, unknown>, token?: string) => {
  const reply = await world.post('/api/template/list', { filters, pageSize: 50 }, { token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data.records.map((record: { name: string }) => record.name).sort();
};

describe('POST /api/template/list', () => {
  it("lists the templates of the tenant's WABAs only, with each one's WABA and a number of it", async () => {
    expect(await names({})).toEqual(['order_shipped', 'summer_news', 'summer_sale']);
    expect(await names({}, tenants.b.token)).toEqual(['summer_b']);
    const reply = await world.post('/api/template/list', { page: 1, pageSize: 10 });
    expect(reply.body.data).toMatchObject({ total: 3, size: 10, current: 1, pages: 1 });
    const first = reply.body.data.records.find((record: { name: string }) => record.name === 'summer_sale');
    expect(first).toMatchObject({
      status: 'APPROVED',
      category: 'MARKETING',
      language: 'en_US',
      waba_id: world.numberA.made.waba_id,
      phone: world.numberA.made.display_phone_number,
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
    });
    expect(first).not.toHaveProperty('components');
  });

  it('filters by number, WABA, status, category, language and name', async () => {
    expect(await names({ numberId: otherA.id })).toEqual(['summer_news']);
    expect(await names({ wabaId: world.numberA.made.waba_id })).toEqual(['order_shipped', 'summer_sale']);
    expect(await names({ category: 'UTILITY' })).toEqual(['order_shipped']);
    expect(await names({ language: 'zh_CN' })).toEqual(['order_shipped']);
    expect(await names({ search: 'SUMMER' })).toEqual(['summer_news', 'summer_sale']);
    expect(await names({ search: '%' })).toEqual([]);
    expect(await names({ status: 'PENDING' })).toEqual([]);
    expect(await names({ status: 'APPROVED', numberId: world.numberA.id })).toEqual(['order_shipped', 'summer_sale']);
    // Another tenant's number or WABA finds nothing of it.
    expect(await names({ numberId: world.numberB.id })).toEqual([]);
    expect(await names({ wabaId: world.numberB.made.waba_id })).toEqual([]);
  });

  it('refuses strangers and bad filters', () =>
    refusesStrangers(t, tenants, calls.templateList, {
      valid: () => ({}),
      bad: [
        [{ pageSize: 7 }, 'pageSize'],
        [{ filters: { status: 'GONE' } }, 'filters.status'],
        [{ filters: { category: 'SPAM' } }, 'filters.category'],
        [{ filters: { numberId: 'x' } }, 'filters.numberId'],
        [{ filters: { search: 'x'.repeat(101) } }, 'filters.search'],
      ],
    }));
});

describe('POST /api/template/details', () => {
  it('answers one template with its components; another tenant gets a 404 naming the field', async () => {
    const reply = await world.post('/api/template/details', { id: ids.summer_sale });
    expect(reply.body.data).toMatchObject({ name: 'summer_sale', status: 'APPROVED' });
    expect(reply.body.data.components[1]).toEqual({
      type: 'BODY',
      text: 'Your offer {{1}} ends on {{2}}.',
      example: { body_text: [['20% off', 'Friday']] },
    });
    const stranger = await world.post('/api/template/details', { id: ids.summer_b });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('id: Template not found');
  });

  it('refuses strangers and bad ids', () =>
    refusesStrangers(t, tenants, calls.templateDetails, {
      valid: () => ({ id: ids.summer_sale }),
      bad: [
        [{}, 'id'],
        [{ id: 'abc' }, 'id'],
      ],
    }));
});

describe('POST /api/template/del', () => {
  it('deletes the template at Meta and marks it DELETED; the list shows it only when asked', async () => {
    const stranger = await world.post('/api/template/del', { id: ids.summer_b });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('id: Template not found');

    const reply = await world.post('/api/template/del', { id: ids.summer_news });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({ count: 1 });
    const atMeta = await world.sandbox.control('GET', `/templates?waba_id=${otherA.made.waba_id}`);
    expect(atMeta.body).toEqual([]);
    expect(await names({})).toEqual(['order_shipped', 'summer_sale']);
    expect(await names({ status: 'DELETED' })).toEqual(['summer_news']);
    const again = await world.post('/api/template/del', { id: ids.summer_news }, { language: 'zh' });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('id: 模板不存在');
    const log = await t.pool.query(
      `select target from operation_log where action = 'template.del' order by id desc limit 1`,
    );
    expect(log.rows[0].target).toBe(`template summer_news (en_US, ${ids.summer_news}) deleted: 1`);

    // A name can be used again once its template is deleted.
    const anew = await world.post('/api/template/add', newTemplate(otherA.id, 'summer_news'));
    expect(anew.body.data).toMatchObject({ id: ids.summer_news, status: 'PENDING' });
  });

  it("passes Meta's refusal on as a 4xx naming the field", async () => {
    // An id Meta does not know (the template was replaced there behind the product's back).
    await t.pool.query('update wa_template set meta_template_id = $2 where id = $1', [ids.order_shipped, '1']);
    const reply = await world.post('/api/template/del', { id: ids.order_shipped });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^id: Meta refused/);
  });

  it("deletes every language of the name when Meta's id is not known yet, as Meta does", async () => {
    const waba = otherA.made.waba_id;
    for (const language of ['en_US', 'zh_CN']) {
      await world.sandbox.control('POST', '/templates', {
        waba_id: waba,
        name: 'two_languages',
        language,
        status: 'APPROVED',
      });
    }
    await world.post('/api/template/sync', { numberId: otherA.id });
    const { rows } = await t.pool.query(
      `update wa_template set meta_template_id = null where name = 'two_languages' returning id::text`,
    );
    const reply = await world.post('/api/template/del', { id: rows[0].id });
    expect(reply.body.data).toEqual({ count: 2 });
    const atMeta = await world.sandbox.control('GET', `/templates?waba_id=${waba}`);
    expect((atMeta.body as { name: string }[]).map((one) => one.name)).not.toContain('two_languages');
    expect(await names({ status: 'DELETED', search: 'two_languages' })).toEqual(['two_languages', 'two_languages']);
  });

  it('refuses strangers and bad ids', () =>
    refusesStrangers(t, tenants, calls.templateDel, {
      valid: () => ({ id: ids.summer_sale }),
      bad: [[{ id: '' }, 'id']],
    }));
});
