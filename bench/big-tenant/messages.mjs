// Generator steps for the message history (in chunks), then the conversations, the contacts'
// last-message times and the sent counts of number_daily_count, as the product's own writers
// would have left them.
import { contactIdJoin, contactIdOf, contactNumberIndex, rnd, shares } from './expressions.mjs';

/** Contacts with a long history (a fifth of the messages between them), for the deep cursor pages. */
export const LONG_HISTORY_CONTACTS = 20;
const MESSAGES_PER_ORDINARY_CONTACT = 10;
const PHRASES = [
  'Hello, is this still available?',
  'What are your opening hours?',
  'Thanks, received!',
  'Can you send me the price list?',
  'Your order has shipped and arrives on Friday.',
  'Olá, quanto custa?',
  'Hola, ¿tienen envío gratis?',
  '你好，请问还有货吗？',
  'Please call me back tomorrow',
  'Great, see you then 👍',
  'The payment link is in the message above.',
  'Apakah bisa COD?',
];

export function messagePlan(sizes) {
  const perLong = Math.floor((sizes.messages * 0.2) / LONG_HISTORY_CONTACTS);
  const longTotal = perLong * LONG_HISTORY_CONTACTS;
  const ordinaryContacts = Math.max(1, Math.floor((sizes.messages - longTotal) / MESSAGES_PER_ORDINARY_CONTACT));
  return {
    perLong,
    longTotal,
    ordinaryContacts,
    longStride: Math.max(1, Math.floor(sizes.contacts / LONG_HISTORY_CONTACTS)),
    ordinaryStride: Math.max(1, Math.floor(sizes.contacts / ordinaryContacts)),
  };
}

/** Monthly partitions from four months back (the history spans 90 days), so nothing lands in message_default. */
export async function ensurePartitions(db) {
  await db.query(
    `select ensure_message_partition((date_trunc('month', now() at time zone 'UTC') - make_interval(months => k))::date)
       from generate_series(0, 4) k`,
  );
  return {};
}

export async function insertMessageChunk(db, tenant, sizes, chunk) {
  const plan = messagePlan(sizes);
  const lo = chunk * sizes.chunk + 1;
  const hi = Math.min(sizes.messages, (chunk + 1) * sizes.chunk);
  const j = `((m - ${plan.longTotal} - 1) / ${MESSAGES_PER_ORDINARY_CONTACT})`;
  // Long histories: messages evenly over 89 days. Ordinary ones: a burst of ten, three minutes apart.
  const contactOfMessage = `case when m <= ${plan.longTotal}
      then 1 + ((m - 1) / ${plan.perLong}) * ${plan.longStride}
      else 1 + (${j} * ${plan.ordinaryStride} + (hashint8extended(${j}, 40) & 2147483647) % ${plan.ordinaryStride}) % ${sizes.contacts} end`;
  const createdAt = `case when m <= ${plan.longTotal}
      then now() - interval '90 days' + ((m - 1) % ${plan.perLong} + 1)::float8 / ${plan.perLong} * interval '89 days'
      else now() - interval '1 day' - ${rnd(j, 41)} * interval '88 days'
           + ((m - ${plan.longTotal} - 1) % ${MESSAGES_PER_ORDINARY_CONTACT}) * interval '3 minutes' end`;
  const m = 'g.m';
  const type = `case when g.direction = 'in'
      then ${shares(m, 43, [
        [0.9, "'text'"],
        [0.97, "'image'"],
        [1, "'location'"],
      ])}
      else ${shares(m, 44, [
        [0.8, "'text'"],
        [0.95, "'template'"],
        [1, "'image'"],
      ])} end`;
  const outStatus = shares(m, 45, [
    [0.5, "'read'"],
    [0.8, "'delivered'"],
    [0.9, "'sent'"],
    [0.95, "'failed'"],
    [1, "'accepted'"],
  ]);
  const phrase = `(array[${PHRASES.map((p) => `'${p.replaceAll("'", "''")}'`).join(', ')}])[1 + (g.m % ${PHRASES.length})::int]`;
  const { rowCount } = await db.query(
    `insert into message (tenant_id, created_at, number_id, contact_id, direction, type, body, preview, purpose,
                          meta_message_id, status, status_at, sent_at, delivered_at, read_at, failed_at, error_code,
                          error_title, sent_by)
     select $1, t.created_at, coalesce(nm.number_id, fb.number_id), ${contactIdOf('t.n')}, t.direction, t.type,
            case t.type
              when 'text' then jsonb_build_object('text', jsonb_build_object('body', t.phrase))
              when 'template' then jsonb_build_object('template', jsonb_build_object('name', 'order_update', 'language', jsonb_build_object('code', 'en')))
              when 'image' then jsonb_build_object('image', jsonb_build_object('id', 'media.' || t.m, 'caption', t.phrase))
              else jsonb_build_object('location', jsonb_build_object('latitude', -23.55, 'longitude', -46.63, 'name', 'Loja Centro'))
            end,
            case t.type when 'text' then t.phrase when 'template' then '[template] order_update'
              when 'image' then '[image] ' || t.phrase else '[location] Loja Centro' end,
            case when t.direction = 'in' then null when t.type = 'template' then 'marketing' else 'service' end,
            'wamid.bench.' || t.m, t.status, t.created_at + interval '2 seconds',
            case when t.direction = 'out' and t.status <> 'accepted' then t.created_at + interval '1 second' end,
            case when t.status in ('delivered', 'read') then t.created_at + interval '3 seconds' end,
            case when t.status = 'read' then t.created_at + interval '5 minutes' end,
            case when t.status = 'failed' then t.created_at + interval '3 seconds' end,
            case when t.status = 'failed' then 131026 end,
            case when t.status = 'failed' then 'Message undeliverable' end,
            case when t.direction = 'out' then $2::bigint end
       from (select g.*, ${type} as type, ${phrase} as phrase,
                    case when g.direction = 'in' then 'received' else ${outStatus} end as status
               from (select m, ${contactOfMessage} as n, ${createdAt} as created_at,
                            case when ${rnd('m', 42)} < 0.45 then 'in' else 'out' end as direction
                       from generate_series(${lo}::bigint, ${hi}::bigint) m) g) t
       ${contactIdJoin('t.n', sizes.chunk)}
       left join bench_big.number_map nm on nm.idx = ${contactNumberIndex('t.n', sizes.numbers)}
       join bench_big.number_map fb on fb.idx = 1 + t.n % ${sizes.numbers}`,
    [tenant.tenantId, tenant.operatorId],
  );
  return { messages: rowCount };
}

/** One conversation per number and contact with messages, and the contacts' last inbound and last message times. */
export async function deriveConversations(db, tenant) {
  const threads = await db.query(
    `insert into conversation as c (tenant_id, number_id, contact_id, last_inbound_at, last_outbound_at, last_message_at)
     select tenant_id, number_id, contact_id, max(created_at) filter (where direction = 'in'),
            max(created_at) filter (where direction = 'out'), max(created_at)
       from message where tenant_id = $1 and contact_id is not null group by 1, 2, 3
     on conflict (tenant_id, number_id, contact_id) do update
       set last_inbound_at = excluded.last_inbound_at, last_outbound_at = excluded.last_outbound_at,
           last_message_at = excluded.last_message_at`,
    [tenant.tenantId],
  );
  const contacts = await db.query(
    `update contact c set last_inbound_at = greatest(c.last_inbound_at, t.last_in),
                          last_message_at = greatest(c.last_message_at, t.last_at)
       from (select contact_id, max(last_inbound_at) as last_in, max(last_message_at) as last_at
               from conversation where tenant_id = $1 group by contact_id) t
      where c.tenant_id = $1 and c.id = t.contact_id`,
    [tenant.tenantId],
  );
  // The send lane counts what the Cloud API accepted; received messages were counted by the insert trigger.
  const days = await db.query(
    `insert into number_daily_count as c (tenant_id, number_id, day, sent)
     select tenant_id, number_id, (created_at at time zone 'UTC')::date, count(*)
       from message where tenant_id = $1 and direction = 'out' and status in ('accepted', 'sent', 'delivered', 'read')
      group by 1, 2, 3
     on conflict (tenant_id, number_id, day) do update set sent = excluded.sent`,
    [tenant.tenantId],
  );
  return { conversations: threads.rowCount, contactsUpdated: contacts.rowCount, sentDays: days.rowCount };
}
