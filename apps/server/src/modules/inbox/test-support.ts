/** Helpers of the inbox tests: numbers that receive webhooks, agents set up through the calls, customers writing. */
import { randomBytes } from 'node:crypto';
import { beforeAll, expect } from 'vitest';
import { type SignedIn, signedInSeat, type Tenants, useTenants } from '../../test/tenants.js';
import { type TestApp, useTestApp } from '../../test/test-app.js';
import { seedNumber } from '../../test/whatsapp-fixtures.js';
import { deliver, inboundPayload, WEBHOOK_ENV } from '../../whatsapp/webhooks/test-support.js';

/** The file's app, which receives webhooks (each delivery is drained at once), and its tenants. */
export function useInboxApp(prefix: string, options: { worker?: boolean } = {}): Tenants & { t: TestApp } {
  const t = useTestApp(WEBHOOK_ENV, options);
  return { t, ...useTenants(t, prefix) };
}

export interface InboxNumber {
  numberId: string;
  phoneNumberId: string;
}

/** A live number of the tenant whose webhooks the intake routes by its phone number id. */
export async function inboxNumber(t: TestApp, tenantId: string): Promise<InboxNumber> {
  const { numberId, phoneNumberId } = await seedNumber(t.pool, t.context.whatsapp, tenantId);
  return { numberId, phoneNumberId };
}

/** Sets an agent's numbers and cap through the operator's call. */
export async function serve(
  t: TestApp,
  operator: SignedIn,
  agent: SignedIn,
  numberIds: readonly string[],
  maxOpen = 20,
): Promise<void> {
  const reply = await t.post('/api/inbox/agent/set', {
    token: operator.token,
    body: { userId: agent.userId, numberIds, maxOpen },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

/** The agent's heartbeat. */
export async function presence(t: TestApp, agent: SignedIn, state: 'online' | 'away' = 'online'): Promise<void> {
  const reply = await t.post('/api/inbox/presence', { token: agent.token, body: { state } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

export interface Team {
  number: InboxNumber;
  agents: SignedIn[];
}

/** A new number of the operator's tenant served by `count` new seats, each with the cap and in the state given. */
export async function team(
  t: TestApp,
  operator: SignedIn,
  count: number,
  { maxOpen = 20, state = 'online' }: { maxOpen?: number; state?: 'online' | 'away' } = {},
): Promise<Team> {
  const number = await inboxNumber(t, operator.tenantId);
  const agents: SignedIn[] = [];
  for (let i = 0; i < count; i += 1) {
    const agent = await signedInSeat(t, operator.tenantId);
    await serve(t, operator, agent, [number.numberId], maxOpen);
    await presence(t, agent, state);
    agents.push(agent);
  }
  return { number, agents };
}

let customers = 0;
/** A new customer's phone number (wa_id), unique in the test run. */
export const newCustomer = () => `8613${process.pid % 1000}${String(++customers).padStart(6, '0')}`;

export interface CustomerMessage {
  waId: string;
  text?: string;
  name?: string;
}

/** The webhook payload of one customer's text message to the number. */
export function customerPayload(number: InboxNumber, message: CustomerMessage) {
  return inboundPayload(
    number.phoneNumberId,
    message.waId,
    [
      {
        id: `wamid.inbox.${randomBytes(6).toString('hex')}`,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: 'text',
        text: { body: message.text ?? 'hello' },
      },
    ],
    message.name ?? `Customer ${message.waId.slice(-4)}`,
  );
}

/** Customers write to the number, all in one webhook batch, which the drain then processes. */
export async function customersWrite(t: TestApp, number: InboxNumber, messages: readonly CustomerMessage[]) {
  await deliver(t, ...messages.map((message) => customerPayload(number, message)));
}

export interface StoredConversation {
  id: string;
  assignee_user_id: string | null;
  status: string;
  unread: number;
  contact_id: string;
}

/** The conversation of the number with the customer, as stored. */
export async function conversationWith(t: TestApp, number: InboxNumber, waId: string): Promise<StoredConversation> {
  const { rows } = await t.pool.query<StoredConversation>(
    `select v.id::text, v.assignee_user_id::text, v.status, v.unread, v.contact_id::text
       from conversation v join contact c on c.tenant_id = v.tenant_id and c.id = v.contact_id
      where v.number_id = $1 and c.wa_id = $2`,
    [number.numberId, waId],
  );
  const row = rows[0];
  if (!row) throw new Error(`no conversation with ${waId}`);
  return row;
}

/** Realtime events of a type stored for the tenant since an event id, with their audiences. */
export async function eventsSince(t: TestApp, tenantId: string, type: string, afterId: string) {
  const { rows } = await t.pool.query<{ payload: Record<string, unknown>; assignee_ids: string[] | null }>(
    `select payload, assignee_ids::text[] from realtime_event where tenant_id = $1 and type = $2 and id > $3 order by id`,
    [tenantId, type, afterId],
  );
  return rows;
}

/** The newest realtime event id (a starting point for `eventsSince`). */
export async function lastEventId(t: TestApp): Promise<string> {
  const { rows } = await t.pool.query<{ id: string }>('select coalesce(max(id), 0)::text as id from realtime_event');
  return rows[0]?.id ?? '0';
}

export interface OneConversation {
  number: InboxNumber;
  /** A second seat serving the number, offline: the conversation is not its. */
  colleague: SignedIn;
  conversationId: string;
  waId: string;
}

/**
 * Before the file's tests: a number served by the tenants' seat (online) and a colleague, and one
 * conversation a customer (Lucía Pérez) opened, which the seat got.
 */
export function useOneConversation(t: TestApp, tenants: Tenants): OneConversation {
  const made = {} as OneConversation;
  beforeAll(async () => {
    const { a: operator, seat: agent } = tenants;
    made.number = await inboxNumber(t, operator.tenantId);
    made.colleague = await signedInSeat(t, operator.tenantId);
    await serve(t, operator, agent, [made.number.numberId]);
    await serve(t, operator, made.colleague, [made.number.numberId]);
    await presence(t, agent, 'online');
    made.waId = newCustomer();
    await customersWrite(t, made.number, [{ waId: made.waId, text: 'Hola, ¿tienen envío?', name: 'Lucía Pérez' }]);
    const conversation = await conversationWith(t, made.number, made.waId);
    expect(conversation.assignee_user_id).toBe(agent.userId);
    made.conversationId = conversation.id;
  });
  return made;
}

/** A POST in zh, or in en when asked. */
export const postAs = (t: TestApp) => (path: string, token: string, body: object, language?: 'en') =>
  t.post(path, { token, body, headers: language ? { 'accept-language': language } : {} });

/**
 * Waits until a backend (`pid`, else any: a test file's database is its own) is blocked on a
 * lock, polling the server's own view; no fixed sleep.
 */
export async function untilWaitingOnLock(t: TestApp, pid?: number): Promise<void> {
  for (;;) {
    const { rows } = await t.pool.query<{ waiting: boolean }>(
      'select exists (select 1 from pg_locks where not granted and ($1::int is null or pid = $1)) as waiting',
      [pid ?? null],
    );
    if (rows[0]?.waiting) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Customers write to the number in one batch while nobody can take them, and wait in its queue;
 * their last messages are then made `minutesAgo` old (the queue's order). Answers the conversations.
 */
export async function waitingConversations(
  t: TestApp,
  number: InboxNumber,
  minutesAgo: readonly number[],
): Promise<StoredConversation[]> {
  const waIds = minutesAgo.map(() => newCustomer());
  await customersWrite(
    t,
    number,
    waIds.map((waId) => ({ waId })),
  );
  const conversations: StoredConversation[] = [];
  for (const [i, waId] of waIds.entries()) {
    const conversation = await conversationWith(t, number, waId);
    expect(conversation).toMatchObject({ assignee_user_id: null, status: 'open' });
    await t.pool.query(`update conversation set last_message_at = now() - make_interval(mins => $2) where id = $1`, [
      conversation.id,
      minutesAgo[i],
    ]);
    conversations.push(conversation);
  }
  return conversations;
}

/** The conversations' assignees now, by conversation id. */
export async function assigneesOf(
  t: TestApp,
  conversations: readonly StoredConversation[],
): Promise<Record<string, string | null>> {
  const { rows } = await t.pool.query<{ id: string; assignee: string | null }>(
    'select id::text, assignee_user_id::text as assignee from conversation where id = any($1::bigint[])',
    [conversations.map((conversation) => conversation.id)],
  );
  return Object.fromEntries(rows.map((row) => [row.id, row.assignee]));
}

export interface ResolvedConversation extends Team {
  waId: string;
  conversation: StoredConversation;
  /** The agent the drain gave it to, which then resolved it. */
  had: SignedIn;
  /** The number's other agent. */
  colleague: SignedIn;
}

/** A number with two online agents and a conversation the drain gave one of them, which resolved it. */
export async function resolvedConversation(t: TestApp, operator: SignedIn): Promise<ResolvedConversation> {
  const made = await team(t, operator, 2);
  const waId = newCustomer();
  await customersWrite(t, made.number, [{ waId }]);
  const conversation = await conversationWith(t, made.number, waId);
  const had = made.agents.find((agent) => agent.userId === conversation.assignee_user_id) as SignedIn;
  const colleague = made.agents.find((agent) => agent !== had) as SignedIn;
  const resolved = await t.post('/api/inbox/resolve', { token: had.token, body: { conversationId: conversation.id } });
  expect(resolved.status).toBe(200);
  return { ...made, waId, conversation, had, colleague };
}
