import { calls } from '@ws/contract';
import { describe, expect, it } from 'vitest';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { newTemplate, useTemplateWorld } from './test-support.js';

const world = useTemplateWorld();
const { t, tenants } = world;

const stored = async (id: string) =>
  (
    await t.pool.query(
      'select name, language, category, status, meta_template_id, rejected_reason, components from wa_template where id = $1',
      [id],
    )
  ).rows[0];

/** The body of `template/add` with one component replaced (by its type) or more added. */
const withComponent = (component: Record<string, unknown>) => {
  const body = newTemplate(world.numberA.id, 'rule_check');
  return { ...body, components: [...body.components.filter((one) => one.type !== component.type), component] };
};
const withButtons = (...buttons: Record<string, unknown>[]) => withComponent({ type: 'BUTTONS', buttons });
const body = (text: string, examples?: string[]) =>
  withComponent({ type: 'BODY', text, ...(examples ? { example: { body_text: [examples] } } : {}) });
const header = (fields: Record<string, unknown>) => withComponent({ type: 'HEADER', ...fields });

describe('POST /api/template/add', () => {
  it('submits the template for review; the review webhook flips it from PENDING to APPROVED', async () => {
    const reply = await world.post('/api/template/add', newTemplate(world.numberA.id, 'spring_offer'));
    expect(reply.status).toBe(200);
    const template = reply.body.data;
    expect(template).toMatchObject({
      name: 'spring_offer',
      language: 'en_US',
      category: 'MARKETING',
      status: 'PENDING',
      waba_id: world.numberA.made.waba_id,
      phone: expect.any(String),
      meta_template_id: expect.stringMatching(/^\d+$/),
    });
    expect(template.components.map((component: { type: string }) => component.type)).toEqual([
      'HEADER',
      'BODY',
      'FOOTER',
      'BUTTONS',
    ]);
    // Meta got it as sent, examples and all.
    const atMeta = await world.sandbox.control('GET', `/templates?waba_id=${world.numberA.made.waba_id}`);
    expect(atMeta.body).toContainEqual(
      expect.objectContaining({ name: 'spring_offer', status: 'PENDING', id: template.meta_template_id }),
    );
    await world.settle();
    expect(await stored(template.id)).toMatchObject({ status: 'APPROVED', rejected_reason: null });
    // The screens hear of it at once.
    const events = await t.pool.query(
      `select payload, roles from realtime_event where tenant_id = $1 and type = 'template.updated'`,
      [tenants.a.tenantId],
    );
    expect(events.rows).toContainEqual({
      payload: { template_id: template.id, status: 'APPROVED' },
      roles: ['admin', 'operator'],
    });
    const details = await world.post('/api/template/details', { id: template.id });
    expect(details.body.data.status).toBe('APPROVED');
  });

  it('records a rejection with its reason when the review rejects it', async () => {
    const reply = await world.post('/api/template/add', newTemplate(world.numberA.id, 'bold_claim'));
    const template = reply.body.data;
    await world.sandbox.control('POST', `/templates/${template.meta_template_id}`, {
      status: 'REJECTED',
      reason: 'PROMOTIONAL',
    });
    await world.settle();
    expect(await stored(template.id)).toMatchObject({ status: 'REJECTED', rejected_reason: 'PROMOTIONAL' });
  });

  it('takes a media header with its sample and a body without variables', async () => {
    const reply = await world.post('/api/template/add', {
      numberId: world.numberA.id,
      name: 'catalogue_photo',
      language: 'zh_CN',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://cdn.example/photo.jpg'] } },
        { type: 'BODY', text: '新品已到店' },
      ],
    });
    expect(reply.status).toBe(200);
    expect((await stored(reply.body.data.id)).components).toEqual([
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://cdn.example/photo.jpg'] } },
      { type: 'BODY', text: '新品已到店' },
    ]);
  });

  it("refuses a name the WABA already has in that language, and passes Meta's refusal on naming the field", async () => {
    await world.post('/api/template/add', newTemplate(world.numberA.id, 'only_once'));
    const twice = await world.post('/api/template/add', newTemplate(world.numberA.id, 'only_once'));
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/^name: this WABA already has a template only_once in en_US/);
    // Made at Meta behind the product's back: Meta refuses the second one, and nothing is kept here.
    await world.sandbox.control('POST', '/templates', { waba_id: world.numberA.made.waba_id, name: 'made_elsewhere' });
    const refused = await world.post('/api/template/add', newTemplate(world.numberA.id, 'made_elsewhere'), {
      language: 'zh',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^name: Meta 拒绝了请求/);
    const { rows } = await t.pool.query(`select 1 from wa_template where name = 'made_elsewhere'`);
    expect(rows).toEqual([]);
  });

  it('refuses a number of another tenant as one that does not exist', async () => {
    const reply = await world.post('/api/template/add', newTemplate(world.numberB.id, 'not_mine'));
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe('numberId: Number not found');
  });

  it("refuses each of Meta's rules with a 400 naming the field, in both languages", async () => {
    const zh = await world.post('/api/template/add', body('Hi {{2}}', ['x']), { language: 'zh' });
    expect(zh.body.message).toBe('components.3.text: 变量须从 {{1}} 起连续编号，缺少 {{1}}');
    const long = await world.post('/api/template/add', header({ format: 'TEXT', text: 'x'.repeat(61) }), {
      language: 'zh',
    });
    expect(long.body.message).toMatch(/^components\.3\.text: 数值过大.*60 字符$/);
    await refusesStrangers(t, tenants, calls.templateAdd, {
      valid: () => newTemplate(world.numberA.id, 'valid_one'),
      bad: [
        [{ ...newTemplate(world.numberA.id, 'Bad Name') }, 'name'],
        [{ ...newTemplate(world.numberA.id, 'x'.repeat(513)) }, 'name'],
        [{ ...newTemplate(world.numberA.id, 'ok_name'), language: 'english' }, 'language'],
        [{ ...newTemplate(world.numberA.id, 'ok_name'), category: 'SPAM' }, 'category'],
        [{ ...newTemplate(world.numberA.id, 'ok_name'), numberId: 'x' }, 'numberId'],
        [{ ...newTemplate(world.numberA.id, 'ok_name'), components: [] }, 'components'],
        [header({ format: 'TEXT', text: 'x'.repeat(61) }), 'components.3.text'],
        [header({ format: 'TEXT', text: 'Hi {{1}} and {{2}}', example: { header_text: ['a'] } }), 'components.3.text'],
        [header({ format: 'TEXT', text: 'Hi {{1}}' }), 'components.3.example.header_text'],
        [header({ format: 'TEXT' }), 'components.3.text'],
        [header({ format: 'IMAGE' }), 'components.3.example.header_handle'],
        [header({ format: 'VIDEO', text: 'x', example: { header_handle: ['h'] } }), 'components.3.text'],
        [header({ format: 'LOCATION' }), 'components.3.format'],
        [body('x'.repeat(1025)), 'components.3.text'],
        [body('Hi {{1}} {{3}}', ['a', 'b']), 'components.3.text'],
        [body('Hi {{name}}', ['a']), 'components.3.text'],
        [body('Hi {{1}', []), 'components.3.text'],
        [body('Hi {{1}} and {{2}}', ['a']), 'components.3.example.body_text'],
        [body('Hi {{1}}'), 'components.3.example.body_text'],
        [body('Hi {{1}}', ['']), 'components.3.example.body_text.0.0'],
        [withComponent({ type: 'FOOTER', text: 'x'.repeat(61) }), 'components.3.text'],
        [withComponent({ type: 'FOOTER', text: 'Bye {{1}}' }), 'components.3.text'],
        [
          withButtons(...Array.from({ length: 11 }, () => ({ type: 'QUICK_REPLY', text: 'ok' }))),
          'components.3.buttons',
        ],
        [withButtons({ type: 'QUICK_REPLY', text: 'x'.repeat(26) }), 'components.3.buttons.0.text'],
        [withButtons({ type: 'URL', text: 'Go', url: 'ftp://x.example' }), 'components.3.buttons.0.url'],
        [withButtons({ type: 'URL', text: 'Go', url: 'https://x.example/{{1}}/{{2}}' }), 'components.3.buttons.0.url'],
        [withButtons({ type: 'URL', text: 'Go', url: 'https://x.example/{{1}}/page' }), 'components.3.buttons.0.url'],
        [withButtons({ type: 'URL', text: 'Go', url: 'https://x.example/{{1}}' }), 'components.3.buttons.0.example'],
        [
          withButtons({ type: 'PHONE_NUMBER', text: 'Call', phone_number: 'call me' }),
          'components.3.buttons.0.phone_number',
        ],
        [
          withButtons(
            { type: 'PHONE_NUMBER', text: 'Call', phone_number: '+14155550100' },
            { type: 'PHONE_NUMBER', text: 'Call', phone_number: '+14155550101' },
          ),
          'components.3.buttons',
        ],
        [withButtons({ type: 'COPY_CODE', text: 'x' }), 'components.3.buttons.0.type'],
        [
          { ...newTemplate(world.numberA.id, 'ok_name'), components: [{ type: 'FOOTER', text: 'only a footer' }] },
          'components',
        ],
        [
          {
            ...newTemplate(world.numberA.id, 'ok_name'),
            components: [
              { type: 'BODY', text: 'one' },
              { type: 'BODY', text: 'two' },
            ],
          },
          'components.1.type',
        ],
      ],
    });
  });
});
