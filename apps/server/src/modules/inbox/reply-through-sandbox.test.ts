/**
 * An agent's day in one conversation, end to end against the sandbox: a customer writes, the
 * drain gives the conversation to the online agent, the agent reads and answers quoting the
 * customer, the send lane delivers the answer through the governor, and the sandbox's statuses
 * come back to the agent's history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { instantDelays, quietBehaviour } from '../../sandbox/test/kit.js';
import { runSendLane, settleSandbox, startSandboxFor } from '../../test/sandbox-app.js';
import { type SignedIn, signedInSeat } from '../../test/tenants.js';
import { type SandboxNumber, seedSandboxNumber } from '../../test/whatsapp-fixtures.js';
import { presence, serve, useInboxApp } from './test-support.js';

const { t, a: operator } = useInboxApp('sandboxreply');
const CUSTOMER = '8613900000081';
let sandbox: RunningSandbox;
let numberId: string;
let made: SandboxNumber;
let agent: SignedIn;

beforeAll(async () => {
  sandbox = await startSandboxFor(t, { behaviour: quietBehaviour, delays: instantDelays });
  ({ numberId, made } = await seedSandboxNumber(t.pool, t.context.whatsapp, sandbox, operator.tenantId));
  agent = await signedInSeat(t, operator.tenantId);
  await serve(t, operator, agent, [numberId]);
  await presence(t, agent, 'online');
});
afterAll(() => sandbox?.stop());

const settle = () => settleSandbox(t, sandbox);

describe('an agent answering through the sandbox', () => {
  it('gets the new conversation, answers it through the governor, and sees the answer delivered and read', async () => {
    const wrote = await sandbox.control('POST', '/inbound', {
      phone_number_id: made.phone_number_id,
      from: CUSTOMER,
      type: 'text',
      text: '¿Hacen envíos a Valencia?',
    });
    expect(wrote.status).toBe(200);
    await settle();

    const inbox = await t.post('/api/inbox/list', { token: agent.token, body: { filters: { queue: 'mine' } } });
    const [conversation] = inbox.body.data.records;
    expect(conversation).toMatchObject({ contact_wa_id: CUSTOMER, unread: 1, window_open: true });
    const opened = await t.post('/api/inbox/open', { token: agent.token, body: { conversationId: conversation.id } });
    expect(opened.body.data.unread).toBe(0);
    const history = await t.get('/api/inbox/messages', {
      token: agent.token,
      query: { conversationId: conversation.id },
    });
    const question = history.body.data.records[0];

    const answer = await t.post('/api/inbox/send', {
      token: agent.token,
      body: {
        conversationId: conversation.id,
        content: { type: 'text', text: 'Sí, en 48 horas.' },
        replyTo: question.meta_message_id,
      },
    });
    expect(answer.status).toBe(200);
    await runSendLane(t, operator.tenantId, numberId);
    const sent = sandbox.sandbox.store.messages.list().filter((message) => message.direction === 'out');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]?.body))).toMatchObject({
      to: CUSTOMER,
      type: 'text',
      text: { body: 'Sí, en 48 horas.' },
      context: { message_id: question.meta_message_id },
    });

    await settle();
    const after = await t.get('/api/inbox/messages', {
      token: agent.token,
      query: { conversationId: conversation.id },
    });
    expect(after.body.data.records[0]).toMatchObject({
      direction: 'out',
      status: 'read',
      sent_by: agent.userId,
      context_meta_id: question.meta_message_id,
      context_preview: '¿Hacen envíos a Valencia?',
    });
    const { rows } = await t.pool.query(
      `select assignee_ids::text[] from realtime_event where tenant_id = $1 and type = 'messages.updated' order by id desc limit 1`,
      [operator.tenantId],
    );
    // The ticks reach the agent of the conversation although the contact is nobody's in the console.
    expect(rows[0]?.assignee_ids).toContain(agent.userId);
  });
});
