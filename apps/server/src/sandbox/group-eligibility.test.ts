import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type NumberView, quietBehaviour, startTestSandbox, type TestSandbox } from './test/kit.js';

let kit: TestSandbox;

beforeEach(async () => {
  kit = await startTestSandbox({ behaviour: quietBehaviour });
});
afterEach(() => kit.stop());

const create = (number: NumberView) =>
  kit.graph('POST', `${number.phone_number_id}/groups`, {
    body: { messaging_product: 'whatsapp', subject: 'Spring club', join_approval_mode: 'approval_required' },
  });

async function createdGroup(number: NumberView) {
  const reply = await create(number);
  expect(reply.status).toBe(200);
  await kit.settle();
  const event = kit.sink
    .changes('group_lifecycle_update')
    .map((change) => (change.value.groups as any[])[0])
    .find((group) => group.request_id === reply.body.request_id);
  return event as { group_id: string; invite_link: string };
}

describe('the Groups API eligibility', () => {
  it('refuses groups to a number that is not an Official Business Account, as Meta does, and no group appears', async () => {
    const number = await kit.createNumber();
    expect(number).toMatchObject({ official_business_account: false });
    const reply = await create(number);
    expect(reply.status).toBe(403);
    expect(reply.body.error).toMatchObject({
      code: 10,
      type: 'OAuthException',
      error_data: { details: expect.stringMatching(/Official Business Account/) },
    });
    await kit.settle();
    expect(kit.sink.changes('group_lifecycle_update')).toEqual([]);
    const info = await kit.graph('GET', `${number.phone_number_id}?fields=is_official_business_account`);
    expect(info.body.is_official_business_account).toBe(false);
  });

  it('lets a number create groups once the control API makes it an Official Business Account', async () => {
    const number = await kit.createNumber();
    const changed = await kit.control('POST', `/numbers/${number.phone_number_id}`, {
      official_business_account: true,
    });
    expect(changed.body.official_business_account).toBe(true);
    const info = await kit.graph('GET', `${number.phone_number_id}?fields=is_official_business_account`);
    expect(info.body.is_official_business_account).toBe(true);
    expect((await createdGroup(number)).group_id).toBeTruthy();
  });
});

describe('group settings (POST /{group-id})', () => {
  it('change the subject and description and report each by group_settings_update', async () => {
    const number = await kit.createNumber({ official_business_account: true });
    const { group_id } = await createdGroup(number);
    const reply = await kit.graph('POST', group_id, {
      body: { messaging_product: 'whatsapp', subject: 'Summer club', description: 'Offers all summer' },
    });
    expect(reply.body).toEqual({ success: true });
    await kit.settle();
    const [change] = kit.sink.changes('group_settings_update');
    expect(change?.value.groups).toEqual([
      expect.objectContaining({
        type: 'group_settings_update',
        group_id,
        group_subject: { text: 'Summer club', update_successful: true },
        group_description: { text: 'Offers all summer', update_successful: true },
      }),
    ]);
    const info = await kit.graph('GET', `${group_id}?fields=subject,description`);
    expect(info.body).toMatchObject({ subject: 'Summer club', description: 'Offers all summer' });
  });

  it('refuse an empty change and a subject past 128 characters, naming the field', async () => {
    const number = await kit.createNumber({ official_business_account: true });
    const { group_id } = await createdGroup(number);
    const empty = await kit.graph('POST', group_id, { body: { messaging_product: 'whatsapp' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.error_data.details).toMatch(/^subject: /);
    const long = await kit.graph('POST', group_id, {
      body: { messaging_product: 'whatsapp', subject: 'x'.repeat(129) },
    });
    expect(long.status).toBe(400);
    expect(long.body.error.error_data.details).toMatch(/^subject: /);
    await kit.settle();
    expect(kit.sink.changes('group_settings_update')).toEqual([]);
  });

  it('approve join requests only up to 8 participants: the ninth fails with 131204', async () => {
    const number = await kit.createNumber({ official_business_account: true });
    const { group_id, invite_link } = await createdGroup(number);
    const customers = Array.from({ length: 9 }, (_, index) => `4915551000${index}`);
    for (const waId of customers) {
      const joined = await kit.control('POST', '/join-group', { wa_id: waId, invite_link });
      expect(joined.body.result).toBe('requested');
    }
    const pending = await kit.graph('GET', `${group_id}/join_requests`);
    const ids = (pending.body.data as { join_request_id: string }[]).map((request) => request.join_request_id);
    expect(ids).toHaveLength(9);
    const approved = await kit.graph('POST', `${group_id}/join_requests`, {
      body: { messaging_product: 'whatsapp', join_requests: ids.slice(0, 8) },
    });
    expect(approved.body.approved_join_requests).toHaveLength(8);
    const ninth = await kit.graph('POST', `${group_id}/join_requests`, {
      body: { messaging_product: 'whatsapp', join_requests: [ids[8]] },
    });
    expect(ninth.body.failed_join_requests[0].errors[0].code).toBe(131204);
  });
});
