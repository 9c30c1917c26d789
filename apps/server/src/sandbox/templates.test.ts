import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type NumberView, startTestSandbox, type TestSandbox } from './test/kit.js';

let kit: TestSandbox;
let number: NumberView;

beforeEach(async () => {
  kit = await startTestSandbox();
  number = await kit.createNumber();
});
afterEach(() => kit.stop());

const newTemplate = (name: string, extra: object = {}) => ({
  name,
  language: 'en_US',
  category: 'MARKETING',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Hello {{1}}' },
    { type: 'BODY', text: 'Your offer {{1}} ends {{2}}' },
    { type: 'FOOTER', text: 'Reply STOP to opt out' },
    { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Stop promotions' }] },
  ],
  ...extra,
});

describe('message templates', () => {
  it('are created PENDING, then approved after review with a message_template_status_update', async () => {
    const created = await kit.graph('POST', `${number.waba_id}/message_templates`, {
      body: newTemplate('spring_sale'),
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ id: expect.stringMatching(/^\d+$/), status: 'PENDING', category: 'MARKETING' });
    await kit.settle();
    const [update] = kit.sink.changes('message_template_status_update');
    expect(update).toMatchObject({
      wabaId: number.waba_id,
      value: {
        event: 'APPROVED',
        message_template_id: Number(created.body.id),
        message_template_name: 'spring_sale',
        message_template_language: 'en_US',
        reason: 'NONE',
      },
    });
    const fetched = await kit.graph('GET', created.body.id);
    expect(fetched.body).toMatchObject({
      name: 'spring_sale',
      status: 'APPROVED',
      category: 'MARKETING',
      language: 'en_US',
    });
  });

  it('are rejected by review at the configured rate', async () => {
    await kit.control('POST', '/config', { templates: { rejectRate: 1 } });
    await kit.graph('POST', `${number.waba_id}/message_templates`, { body: newTemplate('bad_one') });
    await kit.settle();
    expect(kit.sink.changes('message_template_status_update')[0]?.value).toMatchObject({
      event: 'REJECTED',
      reason: 'INVALID_FORMAT',
    });
  });

  it('are listed with filters and cursor paging', async () => {
    for (const name of ['a_one', 'a_two', 'a_three']) {
      await kit.control('POST', '/templates', { waba_id: number.waba_id, name, status: 'APPROVED' });
    }
    await kit.control('POST', '/templates', {
      waba_id: number.waba_id,
      name: 'b_pending',
      status: 'PAUSED',
      category: 'UTILITY',
    });
    const first = await kit.graph('GET', `${number.waba_id}/message_templates?limit=2&status=APPROVED`);
    expect(first.body.data.map((template: { name: string }) => template.name)).toEqual(['a_one', 'a_two']);
    expect(first.body.paging.next).toContain('after=');
    const second = await kit.graph(
      'GET',
      `${number.waba_id}/message_templates?limit=2&status=APPROVED&after=${first.body.paging.cursors.after}`,
    );
    expect(second.body.data.map((template: { name: string }) => template.name)).toEqual(['a_three']);
    expect(second.body.paging.next).toBeUndefined();
    const utility = await kit.graph('GET', `${number.waba_id}/message_templates?category=utility&fields=name,status`);
    expect(utility.body.data).toEqual([{ name: 'b_pending', status: 'PAUSED', id: expect.any(String) }]);
  });

  it('are deleted by name', async () => {
    await kit.control('POST', '/templates', { waba_id: number.waba_id, name: 'old_one', status: 'APPROVED' });
    expect((await kit.graph('DELETE', `${number.waba_id}/message_templates?name=old_one`)).body).toEqual({
      success: true,
    });
    const list = await kit.graph('GET', `${number.waba_id}/message_templates`);
    expect(list.body.data).toEqual([]);
    const again = await kit.graph('DELETE', `${number.waba_id}/message_templates?name=old_one`);
    expect(again.body.error.code).toBe(100);
    expect((await kit.graph('DELETE', `${number.waba_id}/message_templates`)).body.error.code).toBe(131008);
  });

  it('refuse bad input naming the field, and a second template of the same name and language', async () => {
    const badName = await kit.graph('POST', `${number.waba_id}/message_templates`, { body: newTemplate('Bad Name') });
    expect(badName.status).toBe(400);
    expect(badName.body.error.error_data.details).toMatch(/^name: /);
    const noBody = await kit.graph('POST', `${number.waba_id}/message_templates`, {
      body: { ...newTemplate('no_body'), components: [{ type: 'FOOTER', text: 'x' }] },
    });
    expect(noBody.body.error.error_data.details).toMatch(/^components: a BODY component/);
    const category = await kit.graph('POST', `${number.waba_id}/message_templates`, {
      body: newTemplate('x_cat', { category: 'SPAM' }),
    });
    expect(category.body.error.error_data.details).toMatch(/^category: /);
    await kit.graph('POST', `${number.waba_id}/message_templates`, { body: newTemplate('twice') });
    const twice = await kit.graph('POST', `${number.waba_id}/message_templates`, { body: newTemplate('twice') });
    expect(twice.body.error).toMatchObject({ code: 100, error_subcode: 2388024 });
  });

  it("are only reached with a token of the template's business account", async () => {
    const stranger = await kit.createNumber();
    const reply = await kit.graph('GET', `${number.waba_id}/message_templates`, { number: stranger });
    expect(reply.body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('change status by the control API with the webhook Meta sends, e.g. a rejection or a pause', async () => {
    await kit.control('POST', '/config', { delays: { templateApprovalMs: 3_600_000 } });
    const created = await kit.graph('POST', `${number.waba_id}/message_templates`, { body: newTemplate('held') });
    const rejected = await kit.control('POST', `/templates/${created.body.id}`, {
      status: 'REJECTED',
      reason: 'TAG_CONTENT_MISMATCH',
    });
    expect(rejected.body).toMatchObject({ status: 'REJECTED', rejected_reason: 'TAG_CONTENT_MISMATCH' });
    await kit.control('POST', `/templates/${created.body.id}`, { status: 'PAUSED' });
    await kit.settle();
    expect(kit.sink.changes('message_template_status_update').map((change) => change.value)).toMatchObject([
      { event: 'REJECTED', reason: 'TAG_CONTENT_MISMATCH', message_template_name: 'held' },
      { event: 'PAUSED', reason: 'NONE' },
    ]);
    expect((await kit.control('POST', '/templates/999', { status: 'APPROVED' })).status).toBe(404);
    expect((await kit.control('POST', `/templates/${created.body.id}`, { status: 'GONE' })).status).toBe(400);
  });

  it('are edited with POST /{template-id}, which sends them back to review', async () => {
    await kit.control('POST', '/config', { delays: { templateApprovalMs: 3_600_000 } });
    const made = await kit.control('POST', '/templates', {
      waba_id: number.waba_id,
      name: 'edit_me',
      status: 'APPROVED',
    });
    const edited = await kit.graph('POST', made.body.id, {
      body: { components: [{ type: 'BODY', text: 'New text {{1}}', example: { body_text: [['x']] } }] },
    });
    expect(edited.body).toEqual({ success: true });
    expect((await kit.graph('GET', made.body.id)).body).toMatchObject({
      status: 'PENDING',
      components: [{ type: 'BODY', text: 'New text {{1}}' }],
    });
    const pending = await kit.graph('POST', made.body.id, { body: { category: 'UTILITY' } });
    expect(pending.body.error).toMatchObject({ code: 100 });
    await kit.settle();
    expect((await kit.graph('GET', made.body.id)).body.status).toBe('APPROVED');
    expect((await kit.graph('POST', made.body.id, { body: {} })).body.error.code).toBe(131008);
    // Approved again: its category stays, and a second edit within 24 hours is refused.
    const category = await kit.graph('POST', made.body.id, { body: { category: 'UTILITY' } });
    expect(category.body.error.error_data.details).toMatch(/^category: /);
    const again = { body: { components: [{ type: 'BODY', text: 'Again' }] } };
    expect((await kit.graph('POST', made.body.id, again)).body.error.error_data.details).toMatch(/once in 24 hours/);
    await kit.control('POST', '/clock', { advance_ms: 86_400_001 });
    expect((await kit.graph('POST', made.body.id, again)).body).toEqual({ success: true });
  });
});
