import type { NumberListRecord, NumberListRequest, Page } from '@ws/contract';
import { LIST_COUNT_CAP, toPage } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import { prepared } from '../../platform/db/pool.js';
import { isoTimeOf } from '../../platform/db/sql-time.js';
import type { AppContext } from '../../platform/http/context.js';
import { PLATFORM_TENANT_ID } from '../../platform/tenants.js';
import { NUMBER_STATE_COLUMNS, type NumberState, numberState } from './number-rows.js';

interface ListRow extends Omit<NumberState, 'id'> {
  total: number;
  id: string | null;
  phone_number_id: string;
  waba_id: string;
  owner_id: string | null;
  owner_username: string | null;
  owner_nickname: string | null;
  tags: NumberListRecord['tags'];
  ip_id: string | null;
  ip_label: string | null;
  ip_scope: 'system' | 'own' | null;
  standby: boolean;
  pause_reason: string | null;
  sent_today: number;
  received_today: number;
  contacts: number;
  check_error: string | null;
  webhooks_subscribed: boolean;
  created_at: Date;
}

/** The WHERE clause of a list request over `wa_number n`, with its values ($1 is the tenant). */
function listFilter(scope: Scope, query: NumberListRequest): { where: string; values: unknown[] } {
  const values: unknown[] = [scope.tenantId];
  const where = ['n.tenant_id = $1', 'n.deleted_at is null'];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    where.push(condition(`$${values.length}`));
  };
  const { filters } = query;
  if (query.standby != null) add((p) => `n.standby = ${p}`, query.standby);
  // Phones have no letters: LIKE (served by the trigram index too) costs half of ILIKE on a large match.
  if (filters.phone) add((p) => `n.phone like ${p}`, likePattern(filters.phone));
  if (filters.status) add((p) => `n.status = ${p}`, filters.status.toUpperCase());
  if (filters.quality) add((p) => `n.quality_rating = ${p}`, filters.quality);
  if (filters.ownerUserId) add((p) => `n.owner_user_id = ${p}`, filters.ownerUserId);
  if (filters.ipId) add((p) => `n.egress_ip_id = ${p}`, filters.ipId);
  if (filters.tagId) {
    add(
      (p) => `n.id in (select nt.number_id from number_tag nt where nt.tenant_id = $1 and nt.tag_id = ${p})`,
      filters.tagId,
    );
  }
  if (filters.paused != null) where.push(filters.paused ? 'n.paused_at is not null' : 'n.paused_at is null');
  return { where: where.join(' and '), values };
}

/**
 * A page of the tenant's live numbers, newest first. The page's ids come from one index-ordered
 * query (every filter has an index ending in id, see 0004 and 0005); only those rows are then
 * decorated with owner, tags, IP, today's counts and contacts (roll-up rows, no counting of
 * messages or contacts). The total is counted in the same statement up to LIST_COUNT_CAP (a
 * broad filter over 100k numbers cost up to 250 ms to count exactly under load; bench/README.md).
 * One row always comes back, carrying the total even when the page is past the end.
 */
export async function listNumbers(context: AppContext, scope: Scope, query: NumberListRequest) {
  const { where, values } = listFilter(scope, query);
  const limit = values.length + 1;
  const platform = values.length + 3;
  const countLimit = values.length + 4;
  const offset = (query.page - 1) * query.pageSize;
  // Counted up to the cap (or the page's end), plus one row that says whether there are more.
  const cap = Math.max(LIST_COUNT_CAP, offset + query.pageSize);
  const { rows } = await context.pool.query<ListRow>(
    prepared(
      `with page as (
         select n.id from wa_number n where ${where} order by n.id desc limit $${limit} offset $${limit + 1}
       )
       select (select count(*) from (select 1 from wa_number n where ${where} limit $${countLimit}) m)::int as total, r.*
         from (select 1) one
         left join lateral (
           select ${NUMBER_STATE_COLUMNS}, n.phone_number_id, w.waba_id,
                  u.id as owner_id, u.username as owner_username, u.nickname as owner_nickname,
                  coalesce((select json_agg(json_build_object('id', t.id::text, 'name', t.name, 'color', t.color)
                                            order by t.name, t.id)
                              from number_tag nt join tag t on t.tenant_id = nt.tenant_id and t.id = nt.tag_id
                             where nt.tenant_id = n.tenant_id and nt.number_id = n.id), '[]'::json) as tags,
                  e.id as ip_id, e.host || ':' || e.port as ip_label,
                  case when e.id is null then null when e.tenant_id = $${platform} then 'system' else 'own' end as ip_scope,
                  n.standby, n.pause_reason, coalesce(d.sent, 0) as sent_today, coalesce(d.received, 0) as received_today,
                  coalesce(c.contacts, 0)::int as contacts, n.check_error,
                  w.webhooks_subscribed_at is not null as webhooks_subscribed, n.created_at
             from page p
             join wa_number n on n.tenant_id = $1 and n.id = p.id
             join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
             left join app_user u on u.tenant_id = n.tenant_id and u.id = n.owner_user_id
             left join egress_ip e on e.id = n.egress_ip_id and e.tenant_id in (n.tenant_id, $${platform})
             left join number_daily_count d
                    on d.tenant_id = n.tenant_id and d.number_id = n.id and d.day = (now() at time zone 'UTC')::date
             left join contact_tally c on c.tenant_id = n.tenant_id and c.number_id = n.id
         ) r on true
        order by r.id desc`,
      [...values, query.pageSize, offset, PLATFORM_TENANT_ID, cap + 1],
    ),
  );
  const total = rows[0]?.total ?? 0;
  const records = rows.filter((row): row is ListRow & NumberState => row.id !== null).map(toRecord);
  return { ...(toPage(records, total, query) satisfies Page<NumberListRecord>), total_capped: total > cap };
}

function toRecord(row: ListRow & NumberState): NumberListRecord {
  return {
    ...numberState(row),
    phone_number_id: row.phone_number_id,
    waba_id: row.waba_id,
    owner: row.owner_id
      ? { id: row.owner_id, username: row.owner_username ?? '', nickname: row.owner_nickname ?? '' }
      : null,
    tags: row.tags,
    egress_ip: row.ip_id && row.ip_scope ? { id: row.ip_id, label: row.ip_label ?? '', scope: row.ip_scope } : null,
    standby: row.standby,
    pause_reason: row.pause_reason,
    sent_today: row.sent_today,
    received_today: row.received_today,
    contacts: row.contacts,
    check_error: row.check_error,
    webhooks_subscribed: row.webhooks_subscribed,
    created_at: isoTimeOf(row.created_at),
  };
}
