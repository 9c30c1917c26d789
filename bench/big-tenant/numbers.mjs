// Generator steps for the tenant's agents (seats), egress IPs, portfolios, WABAs, numbers and
// number tags. Each step runs in one transaction with its state row (see generate.mjs).
import { oneOf, pick, rnd, shares } from './expressions.mjs';

const SEATS = 100;
const NUMBER_OWNERS = 20;
const IP_GROUPS = 10;
const IPS = 200;
const NUMBERS_PER_WABA = 20;
const WABAS_PER_PORTFOLIO = 10;
const NUMBER_TAGS = 50;
const NUMBER_TAG_NAMES = [
  'Warm-up',
  'Sales',
  'Support',
  'Spare',
  'Brazil',
  'India',
  'Mexico',
  'Indonesia',
  'High tier',
];

/**
 * `count` users of the tenant with a role, in its department, with the operator's password hash
 * (only the operator signs in); returns their ids.
 */
async function insertUsers(db, tenant, { role, username, nickname, count }) {
  const { rows } = await db.query(
    `with made as (
       insert into app_user (tenant_id, username, password_hash, nickname, dept_id, role_id, mass, created_by)
       select $1, $5 || i, $2, $6 || i, $3, (select id from role where code = $7), 1, $4
         from generate_series(1, ${count}) i
       returning id, role_id
     ), depts as (
       insert into user_dept (tenant_id, user_id, dept_id) select $1, id, $3 from made
     ), roles as (
       insert into user_role (tenant_id, user_id, role_id) select $1, id, role_id from made
     )
     select array_agg(id::text order by id) as ids from made`,
    [tenant.tenantId, tenant.passwordHash, tenant.deptId, tenant.operatorId, username, nickname, role],
  );
  return rows[0].ids;
}

/** The agents (seats): contacts are assigned to them. */
export async function insertSeats(db, tenant) {
  const ids = await insertUsers(db, tenant, { role: 'seat', username: 'bigseat', nickname: 'Agent ', count: SEATS });
  return { seats: ids.length };
}

export async function insertEgressIps(db, tenant) {
  await db.query(
    `insert into egress_ip_group (tenant_id, name, remark)
     select $1, 'Proxy group ' || g, 'bench' from generate_series(1, ${IP_GROUPS}) g`,
    [tenant.tenantId],
  );
  const { rowCount } = await db.query(
    `insert into egress_ip (tenant_id, group_id, host, port, username, remark, checked_at, check_ok, check_ms)
     select $1, grp.id, '10.77.' || (i / 250) || '.' || (i % 250 + 1), 3128, 'proxy' || (i % 7), 'rack ' || (i % 12),
            now() - make_interval(mins => i), i % 23 <> 0, 20 + i % 180
       from generate_series(1, ${IPS}) i
       join egress_ip_group grp on grp.tenant_id = $1 and grp.name = 'Proxy group ' || (1 + i % ${IP_GROUPS})`,
    [tenant.tenantId],
  );
  return { ips: rowCount };
}

/**
 * Portfolios, WABAs (20 numbers each, 10 WABAs a portfolio) and the numbers, in id order of n,
 * then bench_big.number_map (n → id) for the contacts. One sealed token for all: the benchmark
 * never sends, but the product could still decrypt it.
 */
export async function insertNumbers(db, tenant, sizes) {
  const wabas = Math.ceil(sizes.numbers / NUMBERS_PER_WABA);
  const portfolios = Math.ceil(wabas / WABAS_PER_PORTFOLIO);
  const { tenantId } = tenant;
  await db.query(
    `insert into wa_portfolio (tenant_id, name, messaging_limit)
     select $1, 'Portfolio ' || p, (array[250, 2000, 10000, 100000, null])[1 + p % 5]
       from generate_series(1, ${portfolios}) p`,
    [tenantId],
  );
  await db.query(
    `insert into wa_business_account (tenant_id, portfolio_id, waba_id, name, review_status)
     select $1, p.id, '3' || lpad(w::text, 14, '0'), 'WABA ' || w, 'APPROVED'
       from generate_series(1, ${wabas}) w
       join wa_portfolio p on p.tenant_id = $1 and p.name = 'Portfolio ' || (1 + (w - 1) / ${WABAS_PER_PORTFOLIO})`,
    [tenantId],
  );
  const n = 'g.n';
  const status = shares(n, 51, [
    [0.85, "'CONNECTED'"],
    [0.9, "'DISCONNECTED'"],
    [0.93, "'FLAGGED'"],
    [0.95, "'RESTRICTED'"],
    [0.98, "'BANNED'"],
    [1, "'PENDING'"],
  ]);
  const quality = shares(n, 52, [
    [0.7, "'GREEN'"],
    [0.85, "'YELLOW'"],
    [0.9, "'RED'"],
    [1, "'UNKNOWN'"],
  ]);
  const tier = oneOf(n, 58, ["'TIER_250'", "'TIER_2K'", "'TIER_10K'", "'TIER_100K'", "'TIER_UNLIMITED'"]);
  const { rowCount } = await db.query(
    `insert into wa_number (tenant_id, waba_ref, phone, phone_number_id, verified_name, access_token_encrypted,
                            api_base_url, quality_rating, throughput_level, throughput_per_second, messaging_limit_tier,
                            status, paused_at, pause_reason, owner_user_id, created_at, updated_at, standby,
                            egress_ip_id, remark, checked_at, check_error, deleted_at, deleted_by)
     select $1, w.id, '+' || g.phone, '88' || lpad(g.n::text, 13, '0'), 'Brand ' || (g.n % 500), $2,
            'http://127.0.0.1:9', g.quality, case when g.n % 10 = 0 then 'HIGH' else 'STANDARD' end,
            case when g.n % 10 = 0 then 1000 else 80 end, ${tier}, g.status,
            case when g.quality = 'RED' or g.status = 'RESTRICTED' then g.created_at + interval '1 day' end,
            case when g.quality = 'RED' then 'quality RED' when g.status = 'RESTRICTED' then 'restricted' end,
            null,
            g.created_at, g.created_at, ${rnd(n, 53)} < 0.1,
            case when ${rnd(n, 55)} < 0.3 then ($3::bigint[])[${pick(n, 60, '$4')}] end,
            case when ${rnd(n, 57)} < 0.2 then 'Batch ' || (g.n / 1000) else '' end,
            now() - ${rnd(n, 61)} * interval '7 days',
            case when g.status <> 'CONNECTED' then 'Meta status ' || g.status end,
            case when g.deleted then now() - ${rnd(n, 62)} * interval '25 days' end,
            case when g.deleted then $5::bigint end
       from (select g.n, ${status} as status, ${quality} as quality, ${rnd(n, 56)} < 0.02 as deleted,
                    now() - interval '400 days' * (1 - g.n::float8 / ${sizes.numbers}) as created_at,
                    ${oneOf(n, 63, ["'1'", "'55'", "'52'", "'62'", "'91'"])} ||
                      lpad(((g.n::bigint * 7919) % 10000000000)::text, 10, '0') as phone
               from generate_series(1, ${sizes.numbers}) as g (n)) g
       join wa_business_account w on w.waba_id = '3' || lpad((1 + (g.n - 1) / ${NUMBERS_PER_WABA})::text, 14, '0')
      order by g.n`,
    [tenantId, tenant.sealedToken, tenant.ipIds, tenant.ipIds.length, tenant.operatorId],
  );
  await db.query(
    `insert into bench_big.number_map (idx, number_id)
     select row_number() over (order by id), id from wa_number where tenant_id = $1`,
    [tenantId],
  );
  return { portfolios, wabas, numbers: rowCount };
}

/**
 * Numbers are owned by the tenant's admins and operators (agent.moveagent): 20 operators, each
 * owning some of 80 % of the numbers.
 */
export async function assignNumberOwners(db, tenant) {
  const ownerIds = await insertUsers(db, tenant, {
    role: 'operator',
    username: 'bigowner',
    nickname: 'Operator ',
    count: NUMBER_OWNERS,
  });
  const n = 'm.idx';
  const { rowCount } = await db.query(
    `update wa_number w set owner_user_id = case when ${rnd(n, 54)} < 0.8 then ($2::bigint[])[${pick(n, 59, NUMBER_OWNERS)}] end
       from bench_big.number_map m
      where w.tenant_id = $1 and w.id = m.number_id`,
    [tenant.tenantId, ownerIds],
  );
  return { owners: NUMBER_OWNERS, numbers: rowCount };
}

/** 50 number tags; each number gets 0–3 of them, skewed so that a few tags are large. */
export async function insertNumberTags(db, tenant) {
  const { tenantId } = tenant;
  const names = Array.from(
    { length: NUMBER_TAGS },
    (_, index) => NUMBER_TAG_NAMES[index] ?? `Number group ${index + 1}`,
  );
  await db.query(
    `insert into tag (tenant_id, kind, name, color)
     select $1, 'number', name, (array['#296EFF', '#52C41A', '#FAAD14', '#F5222D'])[1 + ord::int % 4]
       from unnest($2::text[]) with ordinality as t (name, ord)`,
    [tenantId, names],
  );
  const slot = '(m.idx::bigint * 4 + j)';
  const { rowCount } = await db.query(
    `insert into number_tag (tenant_id, number_id, tag_id)
     select $1, m.number_id, (array_agg_tags.ids)[1 + floor(${NUMBER_TAGS} * power(${rnd(slot, 32)}, 2))::int]
       from bench_big.number_map m
       cross join (select array_agg(id order by id) as ids from tag where tenant_id = $1 and kind = 'number') array_agg_tags
       cross join lateral generate_series(1, floor(${rnd('m.idx', 31)} * 4)::int) j
     on conflict do nothing`,
    [tenantId],
  );
  return { numberTags: NUMBER_TAGS, numberTagRows: rowCount };
}
