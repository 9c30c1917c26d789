import { afterEach, expect, it } from 'vitest';
import { parseChange, WebhookEnvelope } from '../whatsapp/meta/webhook-payload.js';
import { startTestSandbox, type TestSandbox } from './test/kit.js';

let kit: TestSandbox | undefined;
afterEach(() => kit?.stop());

it("posts only bodies the product's webhook schema accepts, for every kind of event", async () => {
  kit = await startTestSandbox({
    behaviour: { deliver: 1, read: 1, reply: 0.5, stop: 0.3, block: 0.2, tapButton: 0.3, joinGroup: 1, fail: 0.1 },
    quality: { windowSize: 10, minSample: 3 },
  });
  const number = await kit.createNumber({ throughput_level: 'HIGH', official_business_account: true });
  const id = number.phone_number_id;
  await kit.graph('POST', `${number.waba_id}/message_templates`, {
    body: {
      name: 'invite',
      language: 'en_US',
      category: 'MARKETING',
      components: [
        { type: 'BODY', text: 'Join us: {{1}}' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Interested' },
            { type: 'QUICK_REPLY', text: 'Stop promotions' },
          ],
        },
      ],
    },
  });
  const group = await kit.graph('POST', `${id}/groups`, {
    body: { messaging_product: 'whatsapp', subject: 'Club', join_approval_mode: 'approval_required' },
  });
  expect(group.status).toBe(200);
  await kit.settle();
  const created = kit.sink.changes('group_lifecycle_update')[0]?.value.groups as {
    invite_link: string;
    group_id: string;
  }[];
  // Three more whom Meta refuses or holds: 131049, 131048, held_for_quality_assessment.
  const refused = ['marketingCap', 'spamLimit', 'holdForQuality'].map((behaviour, index) => ({
    wa_id: `3361201000${index}`,
    behaviour: { [behaviour]: 1 },
  }));
  await kit.control('POST', '/customers', { customers: refused });
  for (let index = 0; index < 33; index++) {
    const to = index < 30 ? `3361200${String(index).padStart(4, '0')}` : (refused[index - 30]?.wa_id as string);
    await kit.graph('POST', `${id}/messages`, {
      body: {
        messaging_product: 'whatsapp',
        to,
        type: 'template',
        template: {
          name: 'invite',
          language: { code: 'en_US' },
          components: [{ type: 'body', parameters: [{ type: 'text', text: created[0]?.invite_link }] }],
        },
      },
    });
  }
  for (const type of ['image', 'document', 'unsupported'])
    await kit.control('POST', '/inbound', { phone_number_id: id, from: '33612009999', type });
  await kit.control('POST', '/inbound', {
    phone_number_id: id,
    from: '33612009999',
    type: 'location',
    location: { latitude: 1, longitude: 2 },
  });
  await kit.control('POST', '/preferences', { phone_number_id: id, wa_id: '33612009999', value: 'resume' });
  await kit.control('POST', `/numbers/${id}`, { status: 'BANNED', messaging_limit_tier: 'TIER_2K' });
  await kit.settle();
  const requests = await kit.graph('GET', `${created[0]?.group_id}/join_requests`);
  const first = requests.body.data[0]?.join_request_id;
  if (first)
    await kit.graph('POST', `${created[0]?.group_id}/join_requests`, {
      body: { messaging_product: 'whatsapp', join_requests: [first] },
    });
  await kit.graph('DELETE', `${created[0]?.group_id}`);
  await kit.settle();

  const fields = new Set<string>();
  for (const { body } of kit.sink.received) {
    expect(WebhookEnvelope.safeParse(body).success).toBe(true);
    for (const change of body.entry.flatMap((entry) => entry.changes)) {
      const parsed = parseChange(change);
      expect(parsed, `${change.field}: ${JSON.stringify(change.value).slice(0, 300)}`).toMatchObject({ kind: 'known' });
      fields.add(change.field);
    }
  }
  expect([...fields].sort()).toEqual([
    'account_update',
    'group_lifecycle_update',
    'group_participants_update',
    'message_template_status_update',
    'messages',
    'phone_number_quality_update',
    'user_preferences',
  ]);
  const statuses = new Set(kit.statuses().map((status) => status.status));
  expect([...statuses].sort()).toEqual(['delivered', 'failed', 'held_for_quality_assessment', 'read', 'sent']);
  const codes = new Set(
    kit.statuses().flatMap((status) => status.errors?.map((error: { code: number }) => error.code) ?? []),
  );
  expect(codes).toContain(131049);
  expect(codes).toContain(131048);
});
