import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../../test/tenants.js';
import { seedTemplate } from '../../test/whatsapp-fixtures.js';
import {
  conversationWith,
  customersWrite,
  eventsSince,
  type InboxNumber,
  lastEventId,
  newCustomer,
  postAs,
  useInboxApp,
  useOneConversation,
} from './test-support.js';

// Replies to a conversation through HTTP: text, location and quotes inside the window, templates
// outside it, and only by the conversation's own agent.
const { t, ...tenants } = useInboxApp('inboxreplies');
const { a: operator, seat: agent } = tenants;
const shared = useOneConversation(t, tenants);
let number: InboxNumber;
let colleague: SignedIn;
let conversationId: string;

beforeAll(() => {
  ({ number, colleague, conversationId } = shared);
});

const post = postAs(t);

describe('replies', () => {
  it('queues a text reply through the governor as an interactive service message, quoting a message', async () => {
    const { rows } = await t.pool.query<{ meta_message_id: string }>(
      `select meta_message_id from message where tenant_id = $1 and number_id = $2 and direction = 'in' limit 1`,
      [operator.tenantId, number.numberId],
    );
    const since = await lastEventId(t);
    const reply = await post('/api/inbox/send', agent.token, {
      conversationId,
      content: { type: 'text', text: 'Sí, enviamos a todo el país' },
      replyTo: rows[0]?.meta_message_id,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toMatchObject({ status: 'queued', created_at: expect.stringMatching(/\.\d{6}Z$/) });
    const stored = await t.pool.query(
      `select m.type, m.purpose, m.sent_by::text, m.status, m.body, q.priority
         from message m join send_queue q on q.tenant_id = m.tenant_id and q.message_id = m.id
        where m.tenant_id = $1 and m.id = $2`,
      [operator.tenantId, reply.body.data.message_id],
    );
    expect(stored.rows[0]).toEqual({
      type: 'text',
      purpose: 'service',
      sent_by: agent.userId,
      status: 'queued',
      body: { text: { body: 'Sí, enviamos a todo el país' }, context: { message_id: rows[0]?.meta_message_id } },
      priority: 0,
    });
    const [created] = await eventsSince(t, operator.tenantId, 'message.created', since);
    expect(created?.payload).toMatchObject({ direction: 'out', message_id: reply.body.data.message_id });
    expect(created?.assignee_ids).toContain(agent.userId);

    const location = await post('/api/inbox/send', agent.token, {
      conversationId,
      content: { type: 'location', latitude: 40.4168, longitude: -3.7038, name: 'Tienda Madrid' },
    });
    expect(location.status).toBe(200);
    const unknown = await post('/api/inbox/send', agent.token, {
      conversationId,
      content: { type: 'text', text: 'hi' },
      replyTo: 'wamid.nothing',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('replyTo: 消息不存在');
  });

  it('refuses free-form text when the window is closed, saying templates are required, and sends a template', async () => {
    const closed = newCustomer();
    await customersWrite(t, number, [{ waId: closed }]);
    const conversation = await conversationWith(t, number, closed);
    await t.pool.query(`update conversation set last_inbound_at = now() - interval '25 hours' where id = $1`, [
      conversation.id,
    ]);
    const owner = conversation.assignee_user_id === agent.userId ? agent : operator;
    for (const [language, message] of [
      [undefined, 'conversationId: 24 小时客服窗口已关闭，只能发送已批准的模板消息'],
      ['en', 'conversationId: the 24-hour customer service window is closed; only approved templates may be sent'],
    ] as const) {
      const reply = await post(
        '/api/inbox/send',
        owner.token,
        { conversationId: conversation.id, content: { type: 'text', text: 'hi' } },
        language,
      );
      expect(reply.status).toBe(409);
      expect(reply.body.message).toBe(message);
    }
    const approved = await seedTemplate(t.pool, operator.tenantId, number.numberId, {
      name: 'order_update',
      category: 'UTILITY',
    });
    const pending = await seedTemplate(t.pool, operator.tenantId, number.numberId, {
      name: 'promo',
      status: 'PENDING',
    });
    const templates = await post('/api/inbox/templates', owner.token, { conversationId: conversation.id });
    expect(templates.body.data).toEqual([
      { id: approved, name: 'order_update', language: 'en_US', category: 'UTILITY', body: 'Hello {{1}}', variables: 1 },
    ]);
    const wrongCount = await post('/api/inbox/send-template', owner.token, {
      conversationId: conversation.id,
      templateId: approved,
      variables: [],
    });
    expect(wrongCount.body.message).toBe('variables: 模板需要 1 个变量');
    const notApproved = await post('/api/inbox/send-template', owner.token, {
      conversationId: conversation.id,
      templateId: pending,
      variables: ['Ana'],
    });
    expect(notApproved.status).toBe(409);
    const sent = await post('/api/inbox/send-template', owner.token, {
      conversationId: conversation.id,
      templateId: approved,
      variables: ['Ana'],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const { rows } = await t.pool.query(`select type, purpose, preview, template_id::text from message where id = $1`, [
      sent.body.data.message_id,
    ]);
    expect(rows[0]).toEqual({ type: 'template', purpose: 'utility', preview: 'Hello Ana', template_id: approved });
  });

  it('lets a seat reply only to its own conversations: a waiting one must be taken first', async () => {
    const reply = await post('/api/inbox/send', colleague.token, {
      conversationId,
      content: { type: 'text', text: 'hi' },
    });
    // The colleague serves the number, but the conversation is the agent's: not in its inbox.
    expect(reply.status).toBe(404);
  });
});
