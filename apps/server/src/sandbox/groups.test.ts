import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type NumberView, startTestSandbox, type TestSandbox } from './test/kit.js';

let kit: TestSandbox;
let number: NumberView;

beforeEach(async () => {
  kit = await startTestSandbox({
    behaviour: { deliver: 1, read: 1, reply: 0, stop: 0, block: 0, tapButton: 0, joinGroup: 1, fail: 0 },
  });
  number = await kit.createNumber({ throughput_level: 'HIGH', official_business_account: true });
});
afterEach(() => kit.stop());

const customers = Array.from({ length: 9 }, (_, index) => `4915550000${index}`);

async function createGroup(joinApprovalMode?: string) {
  const reply = await kit.graph('POST', `${number.phone_number_id}/groups`, {
    body: {
      messaging_product: 'whatsapp',
      subject: 'Spring club',
      description: 'Offers first',
      join_approval_mode: joinApprovalMode,
    },
  });
  expect(reply.body).toEqual({ messaging_product: 'whatsapp', request_id: expect.any(String) });
  await kit.settle();
  const created = kit.sink
    .changes('group_lifecycle_update')
    .map((change) => (change.value.groups as any[])[0])
    .find((event) => event.request_id === reply.body.request_id);
  return created as {
    group_id: string;
    invite_link: string;
    type: string;
    subject: string;
    join_approval_mode: string;
  };
}

/** A send of Meta's group-invite template, the group in its body's group_id parameter. */
const invite = (to: string, groupId: string) => ({
  messaging_product: 'whatsapp',
  to,
  type: 'template',
  template: {
    name: 'group_invite',
    language: { code: 'en_US' },
    components: [{ type: 'body', parameters: [{ type: 'group_id', group_id: groupId }] }],
  },
});
/** The invite template "Join our club: {{1}}", approved in the test number’s business account (again: its 409 is ignored). */
const approveInviteTemplate = () =>
  kit.control('POST', '/templates', {
    waba_id: number.waba_id,
    name: 'group_invite',
    category: 'UTILITY',
    status: 'APPROVED',
    components: [{ type: 'BODY', text: 'Join our club: {{1}}' }],
  });
/** Sends the invite from the test's number. */
async function sendInvite(to: string, groupId: string) {
  await approveInviteTemplate();
  return kit.graph('POST', `${number.phone_number_id}/messages`, { body: invite(to, groupId) });
}

const participantEvents = () =>
  kit.sink.changes('group_participants_update').map((change) => (change.value.groups as any[])[0]);
const join = (waId: string, inviteLink: string) =>
  kit.control('POST', '/join-group', { wa_id: waId, invite_link: inviteLink });

describe('groups', () => {
  it('are created by request id and reported by webhook with their id and invite link, then listed and described', async () => {
    const created = await createGroup();
    expect(created).toMatchObject({
      type: 'group_create',
      subject: 'Spring club',
      join_approval_mode: 'auto_approve',
      invite_link: expect.stringMatching(/^https:\/\/chat\.whatsapp\.com\/\w+$/),
    });
    const listed = await kit.graph('GET', `${number.phone_number_id}/groups`);
    expect(listed.body.data.groups).toEqual([
      { id: created.group_id, subject: 'Spring club', created_at: expect.any(String) },
    ]);
    const info = await kit.graph('GET', created.group_id);
    expect(info.body).toMatchObject({
      id: created.group_id,
      subject: 'Spring club',
      total_participant_count: 0,
      participants: [],
    });
    expect((await kit.graph('GET', `${created.group_id}/invite_link`)).body).toEqual({
      messaging_product: 'whatsapp',
      invite_link: created.invite_link,
    });
  });

  it('are joined by customers who get the invite link in a message and decide to join', async () => {
    const { group_id, invite_link } = await createGroup();
    await approveInviteTemplate();
    await kit.graph('POST', `${number.phone_number_id}/messages`, {
      body: {
        messaging_product: 'whatsapp',
        to: customers[0],
        type: 'template',
        template: {
          name: 'group_invite',
          language: { code: 'en_US' },
          components: [{ type: 'body', parameters: [{ type: 'text', text: invite_link }] }],
        },
      },
    });
    await kit.settle();
    expect(participantEvents()).toEqual([
      expect.objectContaining({
        group_id,
        type: 'group_participants_add',
        reason: 'invite_link',
        added_participants: [{ input: customers[0], wa_id: customers[0] }],
      }),
    ]);
    expect((await kit.graph('GET', `${group_id}?fields=participants`)).body.participants).toEqual([
      { wa_id: customers[0] },
    ]);
  });

  it("are joined by customers who get Meta's group-invite template: the group in a group_id parameter", async () => {
    const { group_id, invite_link } = await createGroup();
    const reply = await sendInvite(customers[0] as string, group_id);
    expect(reply.status).toBe(200);
    await kit.settle();
    expect(participantEvents()).toEqual([
      expect.objectContaining({
        group_id,
        type: 'group_participants_add',
        added_participants: [{ input: customers[0], wa_id: customers[0] }],
      }),
    ]);
    // The log keeps the send as it was; the customer reads the group's invite link in its place.
    const logged = await kit.control('GET', `/messages?to=${customers[0]}`);
    expect(logged.body).toEqual([
      expect.objectContaining({
        text: `Join our club: ${invite_link}`,
        body: expect.objectContaining({ type: 'template' }),
      }),
    ]);
    const view = (await kit.control('GET', '/groups')).body.find((group: { id: string }) => group.id === group_id);
    expect(view).toMatchObject({ invited: [customers[0]], participants: [customers[0]] });
    // What the customer received opens the group: by its id (already in), never for someone not invited.
    expect((await kit.control('POST', '/join-group', { wa_id: customers[0], group_id })).body.result).toBe('already');
  });

  it('refuse a group invite to a group that is not the sending number’s, naming the parameter', async () => {
    const { group_id } = await createGroup();
    const unknown = await sendInvite(customers[1] as string, 'Z3JvdXA6bm9uZQ');
    // Another number of the same business account, the template approved there too.
    const other = await kit.createNumber({ waba_id: number.waba_id, official_business_account: true });
    const strangers = await kit.graph('POST', `${other.phone_number_id}/messages`, {
      body: invite(customers[1] as string, group_id),
    });
    for (const refused of [strangers, unknown]) {
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 131041, message: '(#131041) Group unknown' });
      expect(refused.body.error.error_data.details).toMatch(/^template\.components\.0\.parameters\.0\.group_id /);
    }
    await kit.settle();
    expect(participantEvents()).toEqual([]);
  });

  it('are joined by group id only by a customer an invite was delivered to', async () => {
    const { group_id } = await createGroup();
    // Sent, but never delivered to them: they have nothing to open.
    await kit.control('POST', '/customers', { wa_id: customers[2], behaviour: { deliver: 0 } });
    expect((await sendInvite(customers[2] as string, group_id)).status).toBe(200);
    await kit.settle();
    const uninvited = await kit.control('POST', '/join-group', { wa_id: customers[2], group_id });
    expect(uninvited.status).toBe(409);
    expect(uninvited.body.error.message).toMatch(/^wa_id: /);
    const unknown = await kit.control('POST', '/join-group', { wa_id: customers[2], group_id: 'Z3JvdXA6bm9uZQ' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toMatch(/^group_id: /);
    const both = await kit.control('POST', '/join-group', { wa_id: customers[2], group_id, invite_link: 'x' });
    expect(both.status).toBe(400);
  });

  it('hold at most 8 participants', async () => {
    const { group_id, invite_link } = await createGroup();
    const results = [];
    for (const waId of customers) results.push((await join(waId, invite_link)).body.result);
    expect(results).toEqual([...Array(8).fill('joined'), 'full']);
    expect((await kit.graph('GET', `${group_id}?fields=total_participant_count`)).body.total_participant_count).toBe(8);
  });

  it('with join approval collect join requests, which are approved or rejected', async () => {
    const { group_id, invite_link } = await createGroup('approval_required');
    for (const waId of customers.slice(0, 3)) expect((await join(waId, invite_link)).body.result).toBe('requested');
    await kit.settle();
    expect(participantEvents().map((event) => event.type)).toEqual(Array(3).fill('group_join_request_created'));
    const requests = await kit.graph('GET', `${group_id}/join_requests`);
    const ids = requests.body.data.map((request: { join_request_id: string }) => request.join_request_id);
    expect(requests.body.data[0]).toMatchObject({ wa_id: customers[0], creation_timestamp: expect.any(String) });
    const approved = await kit.graph('POST', `${group_id}/join_requests`, {
      body: { messaging_product: 'whatsapp', join_requests: [ids[0], 'nope'] },
    });
    expect(approved.body).toMatchObject({
      approved_join_requests: [ids[0]],
      failed_join_requests: [{ join_request_id: 'nope' }],
    });
    const rejected = await kit.graph('DELETE', `${group_id}/join_requests`, {
      body: { messaging_product: 'whatsapp', join_requests: [ids[1]] },
    });
    expect(rejected.body).toMatchObject({ rejected_join_requests: [ids[1]] });
    const left = await kit.graph('GET', `${group_id}/join_requests`);
    expect(left.body.data.map((request: { wa_id: string }) => request.wa_id)).toEqual([customers[2]]);
    expect((await kit.graph('GET', `${group_id}?fields=participants`)).body.participants).toEqual([
      { wa_id: customers[0] },
    ]);
  });

  it('get a new invite link on reset; the old one no longer works', async () => {
    const { group_id, invite_link } = await createGroup();
    const reset = await kit.graph('POST', `${group_id}/invite_link`, { body: { messaging_product: 'whatsapp' } });
    expect(reset.body.invite_link).not.toBe(invite_link);
    expect((await join(customers[0] as string, invite_link)).status).toBe(404);
    expect((await join(customers[0] as string, reset.body.invite_link)).body.result).toBe('joined');
  });

  it('lose participants the business removes, and refuse removing someone who is not in', async () => {
    const { group_id, invite_link } = await createGroup();
    await join(customers[0] as string, invite_link);
    await join(customers[1] as string, invite_link);
    const removed = await kit.graph('DELETE', `${group_id}/participants`, {
      body: { messaging_product: 'whatsapp', participants: [{ user: customers[0] }] },
    });
    expect(removed.body).toEqual({ success: true });
    await kit.settle();
    expect(participantEvents().at(-1)).toMatchObject({
      type: 'group_participants_remove',
      initiated_by: 'business',
      removed_participants: [{ wa_id: customers[0] }],
    });
    const stranger = await kit.graph('DELETE', `${group_id}/participants`, {
      body: { messaging_product: 'whatsapp', participants: [{ user: customers[5] }] },
    });
    expect(stranger.body.error.code).toBe(131212);
  });

  it('take messages: sent to the group, delivered and read per participant', async () => {
    const { group_id, invite_link } = await createGroup();
    const message = {
      messaging_product: 'whatsapp',
      recipient_type: 'group',
      to: group_id,
      type: 'text',
      text: { body: 'Welcome!' },
    };
    expect((await kit.graph('POST', `${number.phone_number_id}/messages`, { body: message })).body.error.code).toBe(
      131020,
    );
    await join(customers[0] as string, invite_link);
    await join(customers[1] as string, invite_link);
    const sent = await kit.graph('POST', `${number.phone_number_id}/messages`, { body: message });
    expect(sent.status).toBe(200);
    await kit.settle();
    const statuses = kit.statuses().filter((status) => status.id === sent.body.messages[0].id);
    expect(statuses[0]).toMatchObject({ status: 'sent', recipient_type: 'group', recipient_id: group_id });
    expect(
      statuses
        .filter((status) => status.status === 'read')
        .map((status) => status.recipient_participant_id)
        .sort(),
    ).toEqual(customers.slice(0, 2));
    const unknown = await kit.graph('POST', `${number.phone_number_id}/messages`, {
      body: { ...message, to: 'Z3JvdXA6bm9uZQ' },
    });
    expect(unknown.body.error.code).toBe(131041);
  });

  it('are deleted with a group_delete event', async () => {
    const { group_id } = await createGroup();
    expect((await kit.graph('DELETE', group_id)).body).toEqual({ success: true });
    await kit.settle();
    const last = kit.sink.changes('group_lifecycle_update').at(-1);
    expect((last?.value.groups as any[] | undefined)?.[0]).toMatchObject({ type: 'group_delete', group_id });
    expect((await kit.graph('GET', group_id)).body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('refuse bad input naming the field', async () => {
    const reply = await kit.graph('POST', `${number.phone_number_id}/groups`, {
      body: { messaging_product: 'whatsapp', subject: '' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error.error_data.details).toMatch(/^subject: /);
  });
});
