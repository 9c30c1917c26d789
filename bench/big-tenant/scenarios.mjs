// The measured requests of lists.mjs, with the ids and search terms they need taken from the
// generated tenant, so that every filter is measured at a realistic selectivity: big and small
// tags, the busiest and a quiet number, common and rare search terms.

const one = async (db, sql, values) => (await db.query(sql, values)).rows[0] ?? {};

/** Ids and terms of the generated tenant that the scenarios use. */
export async function discover(db, tenantId) {
  const t = [tenantId];
  const numberTags = await one(
    db,
    `select (array_agg(id::text order by item_count desc))[1] as big, (array_agg(id::text order by item_count))[1] as small,
            max(item_count) as big_count, min(item_count) as small_count
       from tag where tenant_id = $1 and kind = 'number' and item_count > 0`,
    t,
  );
  const contactTags = await one(
    db,
    `select (array_agg(id::text order by item_count desc))[1] as big, (array_agg(id::text order by item_count))[1] as small,
            max(item_count) as big_count, min(item_count) as small_count
       from tag where tenant_id = $1 and kind = 'contact' and item_count > 0`,
    t,
  );
  const numberOwner = await one(
    db,
    `select owner_user_id::text as id, count(*)::int as numbers from wa_number
      where tenant_id = $1 and deleted_at is null and owner_user_id is not null group by 1 order by 2 desc limit 1`,
    t,
  );
  const contactOwner = await one(
    db,
    `select u.id::text from app_user u join role r on r.id = u.role_id
      where u.tenant_id = $1 and r.code = 'seat' order by u.id limit 1`,
    t,
  );
  const ip = await one(
    db,
    `select egress_ip_id::text as id from wa_number where tenant_id = $1 and egress_ip_id is not null limit 1`,
    t,
  );
  const busyNumber = await one(
    db,
    `select k.number_id::text as id, k.contacts::int from contact_tally k
       join wa_number n on n.tenant_id = k.tenant_id and n.id = k.number_id and n.deleted_at is null
      where k.tenant_id = $1 order by k.contacts desc limit 1`,
    t,
  );
  const quietNumber = await one(
    db,
    `select k.number_id::text as id, k.contacts::int from contact_tally k
       join wa_number n on n.tenant_id = k.tenant_id and n.id = k.number_id and n.deleted_at is null
      where k.tenant_id = $1 and k.contacts between 20 and 60 order by k.number_id desc limit 1`,
    t,
  );
  const midNumber = await one(
    db,
    `select phone from wa_number where tenant_id = $1 and deleted_at is null
      order by id offset (select count(*) / 2 from wa_number where tenant_id = $1) limit 1`,
    t,
  );
  const midContact = await one(
    db,
    `select wa_id from contact where tenant_id = $1 and deleted_at is null
        and id > (select max(id) / 2 from contact where tenant_id = $1) order by id limit 1`,
    t,
  );
  // The contact and the number with the longest histories, and an ordinary contact's thread.
  const longContact = await one(
    db,
    `select contact_id::text as id, number_id::text as number_id, count(*)::int as messages from message
      where tenant_id = $1 group by 1, 2 order by 3 desc limit 1`,
    t,
  );
  const busyHistoryNumber = await one(
    db,
    `select number_id::text as id, count(*)::int as messages from message where tenant_id = $1 group by 1 order by 2 desc limit 1`,
    t,
  );
  const ordinaryContact = await one(
    db,
    `select contact_id::text as id, count(*)::int as messages from message
      where tenant_id = $1 and created_at > now() - interval '60 days' group by 1 having count(*) = 10 limit 1`,
    t,
  );
  return {
    numberTags,
    contactTags,
    numberOwner,
    contactOwner,
    ip,
    busyNumber,
    quietNumber,
    phoneDigits: midNumber.phone.slice(-6),
    waIdDigits: midContact.wa_id.slice(-8),
    longContact,
    busyHistoryNumber,
    ordinaryContact,
  };
}

const agentList = (name, filters = {}, extra = {}) => ({
  group: 'agent/list',
  name,
  method: 'POST',
  path: '/api/agent/list',
  body: { page: 1, pageSize: 10, filters, ...extra },
  targetMs: 100,
});

const friendList = (name, filters = {}) => ({
  group: 'friend/list',
  name,
  method: 'POST',
  path: '/api/friend/list',
  body: { page: 1, pageSize: 10, filters },
  targetMs: 100,
});

const history = (name, query) => ({
  group: 'message/history',
  name,
  method: 'GET',
  path: '/api/message/history',
  query,
  targetMs: 50,
});

const conversations = (name, filters) => ({
  group: 'message/conversations',
  name,
  method: 'POST',
  path: '/api/message/conversations',
  body: { page: 1, pageSize: 10, filters },
  targetMs: 100,
});

/** The contact statistics screen, from the roll-ups; the issue sets no target for it. */
const census = (call, name, body) => ({
  group: call,
  name,
  method: 'POST',
  path: `/api/${call}`,
  body,
  targetMs: undefined,
});

/** The dashboard (/wel/index): every panel's figures in one call; issue 21 wants its first paint under 300 ms at p95. */
const dashboard = (name) => ({
  group: 'home/summary',
  name,
  method: 'POST',
  path: '/api/home/summary',
  body: {},
  targetMs: 300,
});

const daysAgo = (days) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The first page of each list with no filter and with each single filter, and the history pages. */
export function listScenarios(ids) {
  return [
    agentList('no filter'),
    agentList('in service (standby false)', {}, { standby: false }),
    agentList('standby', {}, { standby: true }),
    agentList(`phone: 6 digits (${ids.phoneDigits})`, { phone: ids.phoneDigits }),
    agentList('phone: "55"', { phone: '55' }),
    agentList('status FLAGGED', { status: 'FLAGGED' }),
    agentList('quality RED', { quality: 'RED' }),
    agentList(`tag: biggest (${ids.numberTags.big_count} numbers)`, { tagId: ids.numberTags.big }),
    agentList(`tag: smallest (${ids.numberTags.small_count} numbers)`, { tagId: ids.numberTags.small }),
    agentList(`owner (${ids.numberOwner.numbers} numbers)`, { ownerUserId: ids.numberOwner.id }),
    agentList('egress IP', { ipId: ids.ip.id }),
    agentList('paused', { paused: true }),
    friendList('no filter'),
    friendList('search name "Maria" (common)', { search: 'Maria' }),
    friendList('search name "Shop 12345" (rare)', { search: 'Shop 12345' }),
    friendList('search name "王伟"', { search: '王伟' }),
    friendList('search name "高建华" (Chinese, 3 characters)', { search: '高建华' }),
    friendList('search name "Zebulon" (no match)', { search: 'Zebulon' }),
    friendList(`search phone, 8 digits (${ids.waIdDigits})`, { search: ids.waIdDigits }),
    friendList('search phone "5511" (common)', { search: '5511' }),
    friendList(`number: busiest (${ids.busyNumber.contacts} contacts)`, { numberId: ids.busyNumber.id }),
    friendList(`number: quiet (${ids.quietNumber.contacts} contacts)`, { numberId: ids.quietNumber.id }),
    friendList('owner (a seat)', { ownerUserId: ids.contactOwner.id }),
    friendList(`tag: biggest (${ids.contactTags.big_count} contacts)`, { tagId: ids.contactTags.big }),
    friendList(`tag: smallest (${ids.contactTags.small_count} contacts)`, { tagId: ids.contactTags.small }),
    friendList('consent opted_out', { consent: 'opted_out' }),
    friendList('consent none', { consent: 'none' }),
    friendList('window open', { window: 'open' }),
    friendList('window closed', { window: 'closed' }),
    friendList('source qr_code', { source: 'qr_code' }),
    history(`contact, long history (${ids.longContact.messages} messages): first page`, {
      contactId: ids.longContact.id,
    }),
    history('contact, long history: deep cursor page', { contactId: ids.longContact.id, deep: true }),
    history('contact and number thread: first page', {
      contactId: ids.longContact.id,
      numberId: ids.longContact.number_id,
    }),
    history(`contact, ordinary (${ids.ordinaryContact.messages} messages): first page`, {
      contactId: ids.ordinaryContact.id,
    }),
    history(`number, busiest (${ids.busyHistoryNumber.messages} messages): first page`, {
      numberId: ids.busyHistoryNumber.id,
    }),
    history('number, busiest: deep cursor page', { numberId: ids.busyHistoryNumber.id, deep: true }),
    conversations('no filter', {}),
    conversations('number: busiest history', { numberId: ids.busyHistoryNumber.id }),
    census('census/total', 'all numbers', {}),
    census('census/total', 'busiest number', { numberId: ids.busyNumber.id }),
    census('census/data', 'last 30 days', { from: daysAgo(29), to: daysAgo(0) }),
    census('census/data', 'last 366 days', { from: daysAgo(365), to: daysAgo(0) }),
    census('census/data', 'last 366 days, busiest number', {
      from: daysAgo(365),
      to: daysAgo(0),
      numberId: ids.busyNumber.id,
    }),
    dashboard('every panel (numbers, contacts, messages, portfolios, campaigns, inbox, wallet)'),
  ];
}
