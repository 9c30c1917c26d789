// Generator steps for contacts (in chunks) and contact tags, and the drop and rebuild of the
// contact list indexes around the bulk load.
import {
  contactDeleted,
  contactIdJoin,
  contactIdOf,
  contactName,
  contactNumberIndex,
  oneOf,
  pick,
  rnd,
  shares,
  tagMember,
  waId,
} from './expressions.mjs';

const CONTACT_TAGS = 300;
const CONTACT_TAG_NAMES = ['VIP', 'Newsletter', 'Repeat buyer', 'Lead', 'Wholesale', 'Abandoned cart', 'Event 2025'];

/**
 * Indexes of `contact` that back no constraint (the list and search indexes of migration 0004,
 * and any a later migration adds): building them once after the load is far quicker than
 * keeping them up to date over 10 million inserts, above all the trigram GIN indexes.
 * Their definitions are kept in the state row, so a run killed before the rebuild still has them.
 */
export async function dropContactIndexes(db) {
  const { rows } = await db.query(
    `select i.relname as name, pg_get_indexdef(i.oid) as definition
       from pg_index x join pg_class i on i.oid = x.indexrelid
      where x.indrelid = 'contact'::regclass
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
      order by i.relname`,
  );
  for (const row of rows) await db.query(`drop index ${row.name}`);
  return { indexes: rows };
}

export async function createIndex(db, index) {
  await db.query(index.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
  return {};
}

/** The chunk's contacts in n order, then its id range, checked to be consecutive (tags and messages compute ids from it). */
export async function insertContactChunk(db, tenant, sizes, chunk) {
  const lo = chunk * sizes.chunk + 1;
  const hi = Math.min(sizes.contacts, (chunk + 1) * sizes.chunk);
  const n = 'g.n';
  const source = shares(n, 15, [
    [0.3, "'web_form'"],
    [0.5, "'checkout'"],
    [0.65, "'import'"],
    [0.75, "'qr_code'"],
    [0.85, "'click_to_chat_ad'"],
    [1, "'inbound'"],
  ]);
  const optOutChannel = oneOf(n, 23, ["'stop_keyword'", "'user_preferences'", "'stop_button'", "'error_131050'"]);
  // 25 % no consent, 70 % opted in, 3 % opted in then out, 2 % opted out without opt-in.
  const optedIn = 'g.consent >= 0.25 and g.consent < 0.98';
  const lastInbound = shares(n, 17, [
    [0.05, `greatest(g.created_at, now() - ${rnd(n, 18)} * interval '24 hours')`],
    [0.4, `greatest(g.created_at, now() - interval '1 day' - ${rnd(n, 18)} * interval '89 days')`],
    [1, 'null::timestamptz'],
  ]);
  const before = await db.query('select coalesce(max(id), 0)::text as id from contact where tenant_id = $1', [
    tenant.tenantId,
  ]);
  const { rowCount } = await db.query(
    `insert into contact (tenant_id, wa_id, name, number_id, owner_user_id, opt_in_source, opt_in_evidence, opted_in_at,
                          opted_out_at, opt_out_channel, last_inbound_at, last_message_at, created_at, updated_at, deleted_at)
     select $1, ${waId(n)}, ${contactName(n)}, m.number_id,
            case when ${rnd(n, 13)} < 0.6 then ($2::bigint[])[${pick(n, 24, '$3')}] end,
            case when ${optedIn} then ${source} end,
            case when ${optedIn} then 'bench consent record ' || g.n end,
            case when ${optedIn} then g.created_at + ${rnd(n, 16)} * interval '5 minutes' end,
            case when g.consent >= 0.95 then g.created_at + (now() - g.created_at) * ${rnd(n, 20)} end,
            case when g.consent >= 0.95 then ${optOutChannel} end,
            g.last_inbound_at, g.last_inbound_at, g.created_at, g.created_at,
            case when ${contactDeleted(n)} then now() - ${rnd(n, 22)} * interval '20 days' end
       from (select g.*, ${lastInbound} as last_inbound_at
               from (select n, ${rnd('n', 14)} as consent,
                            now() - interval '730 days' * (1 - n::float8 / ${sizes.contacts}) as created_at
                       from generate_series(${lo}::bigint, ${hi}::bigint) n) g) g
       left join bench_big.number_map m on m.idx = ${contactNumberIndex(n, sizes.numbers)}
      order by g.n`,
    [tenant.tenantId, tenant.seatIds, tenant.seatIds.length],
  );
  const range = await db.query(
    `select min(id)::text as first, max(id)::text as last, count(*)::int as count
       from contact where tenant_id = $1 and id > $2`,
    [tenant.tenantId, before.rows[0].id],
  );
  const { first, last, count } = range.rows[0];
  const expected = hi - lo + 1;
  if (rowCount !== expected || count !== expected || BigInt(last) - BigInt(first) + 1n !== BigInt(expected)) {
    throw new Error(
      `contact chunk ${chunk}: ids ${first}..${last} for ${count} rows, expected ${expected} consecutive`,
    );
  }
  // Ids follow n (the insert is ordered): spot-check the first, middle and last rows.
  for (const offset of [0, Math.floor(expected / 2), expected - 1]) {
    const check = await db.query(
      `select c.wa_id = ${waId('$3::bigint')} as ok from contact c where c.tenant_id = $1 and c.id = $2`,
      [tenant.tenantId, (BigInt(first) + BigInt(offset)).toString(), lo + offset],
    );
    if (!check.rows[0]?.ok) throw new Error(`contact chunk ${chunk}: id order differs from n at offset ${offset}`);
  }
  await db.query('insert into bench_big.contact_chunk (chunk, lo, first_id) values ($1, $2, $3)', [chunk, lo, first]);
  return { contacts: rowCount, firstId: first };
}

/** Members of contact tag t (1-based): three big tags (20, 10, 5 % of contacts), then fewer, down to about a hundred. */
export function contactTagSize(t, contacts) {
  const share =
    t === 1
      ? 0.2
      : t === 2
        ? 0.1
        : t === 3
          ? 0.05
          : t <= 10
            ? 0.01
            : t <= 50
              ? 0.002
              : 1e-5 + (2e-4 * ((t * 37) % 100)) / 100;
  return Math.max(1, Math.min(contacts, Math.round(contacts * share)));
}

export async function insertContactTagDefinitions(db, tenant) {
  const names = Array.from({ length: CONTACT_TAGS }, (_, index) => CONTACT_TAG_NAMES[index] ?? `Segment ${index + 1}`);
  await db.query(
    `insert into tag (tenant_id, kind, name, color, remark)
     select $1, 'contact', name, (array['#296EFF', '#52C41A', '#FAAD14', '#F5222D', '#722ED1'])[1 + ord::int % 5], 'bench'
       from unnest($2::text[]) with ordinality as t (name, ord)`,
    [tenant.tenantId, names],
  );
  return { contactTags: CONTACT_TAGS };
}

export const contactTagCount = CONTACT_TAGS;

/** Tag t's live members, spread evenly over the contacts, in statements of at most one chunk. */
export async function insertContactTagMembers(db, tenant, sizes, t) {
  const size = contactTagSize(t, sizes.contacts);
  const gap = Math.max(1, Math.floor(sizes.contacts / size));
  const offset = (t * 7919) % gap;
  const tag = await db.query(
    `select id::text from tag where tenant_id = $1 and kind = 'contact' order by id offset $2 limit 1`,
    [tenant.tenantId, t - 1],
  );
  const member = tagMember('k', size, sizes.contacts, offset);
  let rows = 0;
  for (let from = 0; from < size; from += sizes.chunk) {
    const to = Math.min(size, from + sizes.chunk) - 1;
    const result = await db.query(
      `insert into contact_tag (tenant_id, contact_id, tag_id)
       select $1, ${contactIdOf('g.n')}, $2
         from (select ${member} as n from generate_series(${from}::bigint, ${to}::bigint) k) g
         ${contactIdJoin('g.n', sizes.chunk)}
        where not ${contactDeleted('g.n')}`,
      [tenant.tenantId, tag.rows[0].id],
    );
    rows += result.rowCount;
  }
  return { tag: t, members: rows };
}
