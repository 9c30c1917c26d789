// The second figure of bench/agents.mjs: an agent opening a conversation with a long history.
// The history is written in SQL into one of the agent's conversations (as the campaign bench
// writes its contacts), the message partitions analysed, then `inbox/open` and the first page of
// `inbox/messages` are timed one call at a time, as the agent's client makes them.
import { sendCall } from '../api-call.mjs';

const PHRASES = [
  'Hello, is this still available?',
  'Can you send me the price list?',
  'Your order has shipped and arrives on Friday.',
  'Hola, ¿tienen envío gratis?',
  '你好，请问还有货吗？',
  'Great, see you then 👍',
];

/**
 * `count` messages between the conversation's number and contact, spread over the 89 days before
 * the last hour, 45 % from the customer; text, with the statuses a day of sending leaves. Answers
 * the seconds it took (insert and analyse).
 */
export async function seedHistory(db, tenantId, conversation, count, agentUserId) {
  const started = performance.now();
  await db.query(
    `select ensure_message_partition((date_trunc('month', now() at time zone 'UTC') - make_interval(months => k))::date)
       from generate_series(0, 4) k`,
  );
  const phrases = `(array[${PHRASES.map((p) => `'${p.replaceAll("'", "''")}'`).join(', ')}])`;
  await db.query(
    `insert into message (tenant_id, created_at, number_id, contact_id, direction, type, body, preview, purpose,
                          meta_message_id, status, status_at, sent_at, delivered_at, read_at, sent_by)
     select $1, t.at, $2::bigint, $3::bigint, t.direction, 'text', jsonb_build_object('text', jsonb_build_object('body', t.phrase)),
            t.phrase, case when t.direction = 'out' then 'service' end, 'wamid.history.' || $3::text || '.' || t.m,
            case when t.direction = 'in' then 'received' else 'read' end, t.at + interval '2 seconds',
            case when t.direction = 'out' then t.at + interval '1 second' end,
            case when t.direction = 'out' then t.at + interval '3 seconds' end,
            case when t.direction = 'out' then t.at + interval '5 minutes' end,
            case when t.direction = 'out' then $5::bigint end
       from (select m, now() - interval '1 hour' - ($4 - m)::float8 / $4 * interval '89 days' as at,
                    case when hashint8(m) % 100 < 45 then 'in' else 'out' end as direction,
                    ${phrases}[1 + (m % ${PHRASES.length})::int] as phrase
               from generate_series(1, $4::bigint) m) t`,
    [tenantId, conversation.numberId, conversation.contactId, count, agentUserId],
  );
  await db.query('analyze message');
  return Number(((performance.now() - started) / 1000).toFixed(1));
}

const percentile = (sorted, fraction) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)];

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (ms) => Number(ms.toFixed(1));
  return {
    calls: sorted.length,
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted.at(-1)),
  };
}

/**
 * Times `calls` rounds of inbox/open then the first page of inbox/messages, one call at a time,
 * after `warmUp` untimed rounds. With `unread`, the conversation is given unread messages before
 * each round (outside the timing), so each open also marks it read and queues the read receipt.
 */
export async function timeOpening(base, db, agent, conversation, { calls, warmUp, unread }) {
  const open = [];
  const page = [];
  const ping = [];
  let records = 0;
  for (let round = 0; round < warmUp + calls; round += 1) {
    if (unread) {
      await db.query('update conversation set unread = 3 where tenant_id = $1 and id = $2', [
        conversation.tenantId,
        conversation.conversationId,
      ]);
    }
    let started = performance.now();
    await sendCall(
      base,
      { method: 'POST', path: '/api/inbox/open', body: { conversationId: conversation.conversationId } },
      agent.token,
    );
    const openMs = performance.now() - started;
    started = performance.now();
    const history = await sendCall(
      base,
      { method: 'GET', path: '/api/inbox/messages', query: { conversationId: conversation.conversationId } },
      agent.token,
    );
    const pageMs = performance.now() - started;
    records = history.records.length;
    // The floor of any call on this machine now: no token, no database.
    started = performance.now();
    await fetch(`${base}/api/ping`).then((reply) => reply.arrayBuffer());
    const pingMs = performance.now() - started;
    if (round >= warmUp) {
      open.push(openMs);
      page.push(pageMs);
      ping.push(pingMs);
    }
  }
  return { open: summary(open), firstPage: { ...summary(page), records }, ping: summary(ping) };
}

/** How many messages the conversation's number and contact have (the seeded history and the bench's own). */
export async function historyMessageCount(db, conversation) {
  const { rows } = await db.query(
    'select count(*)::int as n from message where tenant_id = $1 and number_id = $2 and contact_id = $3',
    [conversation.tenantId, conversation.numberId, conversation.contactId],
  );
  return rows[0].n;
}
