import { calls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadInput } from '../../test/bad-input.js';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import type { SignedIn } from '../../test/tenants.js';
import {
  conversationWith,
  customersWrite,
  eventsSince,
  type InboxNumber,
  lastEventId,
  newCustomer,
  postAs,
  presence,
  useInboxApp,
  useOneConversation,
} from './test-support.js';

// Every inbox call: who may make it, what it refuses, and what it does, through HTTP.
const { t, ...tenants } = useInboxApp('inboxcalls');
const { a: operator, b: other, seat: agent } = tenants;
const shared = useOneConversation(t, tenants);
let number: InboxNumber;
let colleague: SignedIn;
let conversationId: string;
let waId: string;

beforeAll(() => {
  ({ number, colleague, conversationId, waId } = shared);
});

const post = postAs(t);

describe('who may call what', () => {
  const ref = () => ({ conversationId });
  const conversationCalls = [
    calls.inboxOpen,
    calls.inboxViewing,
    calls.inboxTyping,
    calls.inboxTransferTargets,
    calls.inboxNotes,
    calls.inboxResolve,
    calls.inboxReopen,
    calls.inboxTake,
    calls.inboxAssignments,
    calls.inboxTemplates,
  ];

  it('refuses strangers and bad conversation ids, in zh and en', async () => {
    for (const call of conversationCalls) {
      await refusesStrangers(t, tenants, call, {
        valid: ref,
        bad: [
          [{}, 'conversationId'],
          [{ conversationId: 'x1' }, 'conversationId'],
        ],
      });
    }
    const english = await post('/api/inbox/open', operator.token, { conversationId: 'x' }, 'en');
    expect(english.body.message).toBe('conversationId: must be a numeric id');
  });

  it('refuses bad bodies of the other calls, naming the field', async () => {
    await refusesStrangers(t, tenants, calls.inboxList, {
      valid: () => ({}),
      bad: [
        [{ filters: { queue: 'everything' } }, 'filters.queue'],
        [{ filters: { status: 'closed' } }, 'filters.status'],
        [{ pageSize: 7 }, 'pageSize'],
      ],
    });
    await refusesStrangers(t, tenants, calls.inboxSend, {
      valid: () => ({ conversationId, content: { type: 'text', text: 'hi' } }),
      bad: [
        [{ conversationId, content: { type: 'text', text: '  ' } }, 'content.text'],
        [{ conversationId, content: { type: 'poll' } }, 'content.type'],
        [{ conversationId, content: { type: 'sticker' } }, 'content.upload'],
        [{ conversationId, content: { type: 'location', latitude: 91, longitude: 0 } }, 'content.latitude'],
      ],
    });
    await refusesStrangers(t, tenants, calls.inboxSendTemplate, {
      valid: () => ({ conversationId, templateId: '1' }),
      bad: [[{ conversationId, templateId: '1', variables: [''] }, 'variables.0']],
    });
    await refusesStrangers(t, tenants, calls.inboxNoteAdd, {
      valid: () => ({ conversationId, text: 'note' }),
      bad: [[{ conversationId, text: '' }, 'text']],
    });
    await refusesStrangers(t, tenants, calls.inboxSnooze, {
      valid: () => ({ conversationId, until: new Date(Date.now() + 60_000).toISOString() }),
      bad: [
        [{ conversationId, until: 'tomorrow' }, 'until'],
        [{ conversationId, until: new Date(Date.now() - 60_000).toISOString() }, 'until'],
      ],
    });
    await refusesStrangers(t, tenants, calls.inboxAssign, {
      valid: () => ({ conversationId, assigneeUserId: null }),
      bad: [[{ conversationId, assigneeUserId: 'me' }, 'assigneeUserId']],
    });
    await refusesStrangers(t, tenants, calls.inboxPresence, {
      valid: () => ({ state: 'online' }),
      bad: [[{ state: 'busy' }, 'state']],
    });
    await refusesStrangers(t, tenants, calls.inboxAgents, { valid: () => ({}), bad: [[{ page: 0 }, 'page']] });
    await refusesStrangers(t, tenants, calls.inboxAgentSet, {
      valid: () => ({ userId: agent.userId, numberIds: [], maxOpen: 1 }),
      bad: [
        [{ userId: agent.userId, numberIds: [], maxOpen: -1 }, 'maxOpen'],
        [{ userId: agent.userId, numberIds: ['a'], maxOpen: 1 }, 'numberIds.0'],
      ],
    });
    await refusesStrangers(t, tenants, calls.inboxMessages, {
      valid: () => ({ conversationId }),
      bad: [
        [{ conversationId, limit: '0' }, 'limit'],
        [{ conversationId: 'x' }, 'conversationId'],
      ],
    });
    await refusesStrangers(t, tenants, calls.inboxMe, { valid: () => ({}) });
    await refusesStrangers(t, tenants, calls.inboxMedia, {
      valid: () => ({ conversationId, messageId: '1', createdAt: '2026-01-01T00:00:00Z' }),
      bad: [
        [{ conversationId, messageId: '1', createdAt: 'yesterday' }, 'createdAt'],
        [{ messageId: '1', createdAt: '2026-01-01T00:00:00Z' }, 'conversationId'],
      ],
    });
    const messages = await t.get('/api/inbox/messages', {
      token: operator.token,
      query: { conversationId, cursor: 'a', after: 'b' },
      headers: { 'accept-language': 'en' },
    });
    expect(messages.status).toBe(400);
    expect(messages.body.message).toBe('after: cannot be combined with cursor');
  });

  it("answers another tenant's conversation as not found, exactly like an unknown one", async () => {
    for (const call of conversationCalls) {
      for (const id of [conversationId, '999999999']) {
        const reply = await post(call.path, other.token, { conversationId: id });
        expect(reply.status, call.id).toBe(404);
        expect(reply.body.message).toBe('conversationId: 会话不存在');
      }
    }
    const messages = await t.get('/api/inbox/messages', { token: other.token, query: { conversationId } });
    expect(messages.status).toBe(404);
    expect((await post('/api/inbox/list', other.token, {})).body.data.records).toEqual([]);
    const agents = await post('/api/inbox/agent/set', other.token, { userId: agent.userId, numberIds: [], maxOpen: 3 });
    expect(agents.body.message).toBe('userId: 用户不存在');
    const numbers = await post('/api/inbox/agent/set', other.token, {
      userId: other.userId,
      numberIds: [number.numberId],
      maxOpen: 3,
    });
    expect(numbers.body.message).toBe('numberIds: 号码不存在');
  });
});

describe('the inbox list and a conversation', () => {
  it("lists the agent's conversation with the customer, its window, unread count and preview", async () => {
    const reply = await post('/api/inbox/list', agent.token, { filters: { queue: 'mine', status: 'open' } });
    expect(reply.status).toBe(200);
    const [row] = reply.body.data.records;
    expect(row).toMatchObject({
      id: conversationId,
      number_id: number.numberId,
      contact_name: 'Lucía Pérez',
      contact_wa_id: waId,
      status: 'open',
      assignee: { id: agent.userId },
      unread: 1,
      window_open: true,
      last_message_preview: 'Hola, ¿tienen envío?',
      last_message_direction: 'in',
      translate: false,
      // Detected from "Hola, ¿tienen envío?" as the drain stored it.
      language: 'es',
      language_source: 'detected',
      tags: [],
    });
    expect(row.window_remaining_seconds).toBeGreaterThan(23 * 3600);
    const bySearch = await post('/api/inbox/list', agent.token, { filters: { search: 'lucía' } });
    expect(bySearch.body.data.records.map((r: { id: string }) => r.id)).toEqual([conversationId]);
    const byPhone = await post('/api/inbox/list', agent.token, { filters: { search: waId.slice(-6) } });
    expect(byPhone.body.data.total).toBe(1);
    const none = await post('/api/inbox/list', agent.token, { filters: { status: 'snoozed' } });
    expect(none.body.data.records).toEqual([]);
  });

  it("opening marks it read and tells the conversation's other agents who is viewing, never another seat", async () => {
    const since = await lastEventId(t);
    const reply = await post('/api/inbox/open', agent.token, { conversationId });
    expect(reply.status).toBe(200);
    expect(reply.body.data.unread).toBe(0);
    expect((await conversationWith(t, number, waId)).unread).toBe(0);
    // An operator looking in: the agent of the conversation sees it; the colleague, whose conversation it is not, does not.
    expect((await post('/api/inbox/viewing', operator.token, { conversationId })).status).toBe(200);
    const viewing = await eventsSince(t, operator.tenantId, 'conversation.viewing', since);
    expect(viewing.map((event) => event.payload.user_id)).toEqual([agent.userId, operator.userId]);
    expect(viewing[1]?.payload).toMatchObject({ conversation_id: conversationId, nickname: expect.any(String) });
    for (const event of viewing) {
      expect(event.assignee_ids).toContain(agent.userId);
      expect(event.assignee_ids).not.toContain(colleague.userId);
    }
  });

  it("reads the conversation's messages", async () => {
    const reply = await t.get('/api/inbox/messages', { token: agent.token, query: { conversationId } });
    expect(reply.status).toBe(200);
    expect(reply.body.data.records.map((m: { preview: string }) => m.preview)).toEqual(['Hola, ¿tienen envío?']);
  });
});

describe('notes, status and hand-overs', () => {
  it('adds internal notes the agents of the conversation see arrive, and lists them oldest first', async () => {
    const since = await lastEventId(t);
    const added = await post('/api/inbox/note/add', agent.token, { conversationId, text: 'VIP customer' });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ text: 'VIP customer', author: { id: agent.userId } });
    await post('/api/inbox/note/add', operator.token, { conversationId, text: 'Give a discount' });
    const notes = await post('/api/inbox/notes', agent.token, { conversationId });
    expect(notes.body.data.map((note: { text: string }) => note.text)).toEqual(['VIP customer', 'Give a discount']);
    const [event] = await eventsSince(t, operator.tenantId, 'conversation.note', since);
    expect(event?.assignee_ids).toContain(agent.userId);
  });

  it('resolves, reopens and snoozes, refusing what does not apply', async () => {
    expect((await post('/api/inbox/reopen', agent.token, { conversationId })).status).toBe(409);
    expect((await post('/api/inbox/resolve', agent.token, { conversationId })).body.data.status).toBe('resolved');
    const snoozeResolved = await post('/api/inbox/snooze', agent.token, {
      conversationId,
      until: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(snoozeResolved.status).toBe(409);
    expect((await post('/api/inbox/reopen', agent.token, { conversationId })).body.data.status).toBe('open');
  });

  it("offers the number's other agents as transfer targets, with their presence and load", async () => {
    const reply = await post('/api/inbox/transfer-targets', agent.token, { conversationId });
    expect(reply.status).toBe(200);
    expect(reply.body.data.map((target: { user: { id: string } }) => target.user.id)).toEqual([colleague.userId]);
    expect(reply.body.data[0]).toMatchObject({ presence: { online: false }, max_open: 20 });
  });

  it('transfers with a note: the new agent gets it, the old one loses it, the history says who and why', async () => {
    const notAgent = await post('/api/inbox/assign', agent.token, {
      conversationId,
      assigneeUserId: '999999999',
      note: '',
    });
    expect(notAgent.status).toBe(404);
    expect(notAgent.body.message).toBe('assigneeUserId: 用户不存在');
    const moved = await post('/api/inbox/assign', agent.token, {
      conversationId,
      assigneeUserId: colleague.userId,
      note: 'Speaks Spanish',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.assignee.id).toBe(colleague.userId);
    expect((await post('/api/inbox/open', agent.token, { conversationId })).status).toBe(404);
    // An operator may move any conversation of the tenant.
    const back = await post('/api/inbox/assign', operator.token, {
      conversationId,
      assigneeUserId: agent.userId,
      note: 'Back to you',
    });
    expect(back.status).toBe(200);
    const history = await post('/api/inbox/assignments', agent.token, { conversationId });
    expect(
      history.body.data.slice(-2).map((r: { reason: string; note: string; by: { id: string } }) => [r.note, r.by.id]),
    ).toEqual([
      ['Speaks Spanish', agent.userId],
      ['Back to you', operator.userId],
    ]);
  });

  it('refuses a seat taking a conversation already assigned to another agent', async () => {
    const take = await post('/api/inbox/take', colleague.token, { conversationId });
    expect(take.status).toBe(409);
    await expectBadInput(
      (body) => post('/api/inbox/take', colleague.token, body),
      [[{ conversationId: '' }, 'conversationId']],
    );
  });
});

describe('the queue', () => {
  it('lets only agents of the number take a waiting conversation, and a seat act on it only once taken', async () => {
    await presence(t, agent, 'away');
    const waiting = newCustomer();
    await customersWrite(t, number, [{ waId: waiting }]);
    const conversation = await conversationWith(t, number, waiting);
    expect(conversation.assignee_user_id).toBeNull();
    const byOperator = await post('/api/inbox/take', operator.token, { conversationId: conversation.id }, 'en');
    expect(byOperator.status).toBe(403);
    expect(byOperator.body.message).toBe(
      "conversationId: you do not serve this conversation's number, so you cannot take it",
    );
    const transfer = await post('/api/inbox/assign', colleague.token, {
      conversationId: conversation.id,
      assigneeUserId: agent.userId,
    });
    expect(transfer.status).toBe(409);
    expect(transfer.body.message).toBe('conversationId: 请先接入该会话，再进行此操作');
    const reply = await post('/api/inbox/send', colleague.token, {
      conversationId: conversation.id,
      content: { type: 'text', text: 'hi' },
    });
    expect(reply.status).toBe(409);
    const taken = await post('/api/inbox/take', colleague.token, { conversationId: conversation.id });
    expect(taken.status).toBe(200);
    expect(taken.body.data.assignee.id).toBe(colleague.userId);
    await presence(t, agent, 'online');
  });
});

describe('presence and the agent itself', () => {
  it('keeps the heartbeat and shows the agent its numbers, cap and load', async () => {
    const beat = await post('/api/inbox/presence', agent.token, { state: 'away' });
    expect(beat.body.data).toMatchObject({ state: 'away', online: false, last_seen_at: expect.any(String) });
    const online = await post('/api/inbox/presence', agent.token, { state: 'online' });
    expect(online.body.data.online).toBe(true);
    const me = await post('/api/inbox/me', agent.token, {});
    expect(me.body.data).toMatchObject({
      user: { id: agent.userId },
      role: 'seat',
      numbers: [{ id: number.numberId }],
      max_open: 20,
      presence: { state: 'online', online: true },
    });
    expect(me.body.data.open_count).toBeGreaterThanOrEqual(1);
  });
});
