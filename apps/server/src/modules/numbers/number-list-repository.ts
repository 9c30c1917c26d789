/** SQL of the numbers screens' lists: the live numbers and the recycle bin. */
import type { NumberListRecord, NumberListRequest, RecycledNumber, RecycleListRequest } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import type { PageSpan } from '../../platform/db/page-span.js';
import { type Db, prepared } from '../../platform/db/pool.js';
import { BoundValues } from '../../platform/db/sql-values.js';
import { PLATFORM_TENANT_ID } from '../../platform/tenants.js';
import { NUMBER_STATE_COLUMNS, type NumberState } from './number-rows.js';

/** A row of the number list; `id` is null on the one row that carries only the total (a page past the end). */
export interface NumberListRow extends Omit<NumberState, 'id'> {
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

/** The WHERE clause of a list request over `wa_number n`; `tenant` is the tenant's placeholder. */
function listFilter(query: NumberListRequest, tenant: string, sql: BoundValues): string {
  const where = [`n.tenant_id = ${tenant}`, 'n.deleted_at is null'];
  const { filters } = query;
  if (query.standby != null) where.push(`n.standby = ${sql.add(query.standby, 'boolean')}`);
  // Phones have no letters: LIKE (served by the trigram index too) costs half of ILIKE on a large match.
  if (filters.phone) where.push(`n.phone like ${sql.add(likePattern(filters.phone), 'text')}`);
  if (filters.status) where.push(`n.status = ${sql.add(filters.status.toUpperCase(), 'text')}`);
  if (filters.quality) where.push(`n.quality_rating = ${sql.add(filters.quality, 'text')}`);
  if (filters.ownerUserId) where.push(`n.owner_user_id = ${sql.add(filters.ownerUserId, 'bigint')}`);
  if (filters.ipId) where.push(`n.egress_ip_id = ${sql.add(filters.ipId, 'bigint')}`);
  if (filters.tagId) {
    where.push(
      `n.id in (select nt.number_id from number_tag nt where nt.tenant_id = ${tenant} and nt.tag_id = ${sql.add(filters.tagId, 'bigint')})`,
    );
  }
  if (filters.paused != null) where.push(filters.paused ? 'n.paused_at is not null' : 'n.paused_at is null');
  return where.join(' and ');
}

/**
 * One page of the tenant's live numbers that match the request, newest first, each row carrying
 * the total counted up to `countLimit`. The page's ids come from one index-ordered query; only
 * those rows are decorated with owner, tags, IP, today's counts and contacts. One row always comes
 * back (its id null when the page is past the end).
 */
export async function selectNumberPage(
  db: Db,
  scope: Scope,
  query: NumberListRequest,
  span: PageSpan,
  countLimit: number,
): Promise<NumberListRow[]> {
  const sql = new BoundValues();
  const tenant = sql.add(scope.tenantId, 'text');
  const where = listFilter(query, tenant, sql);
  const limit = sql.add(span.limit, 'int');
  const offset = sql.add(span.offset, 'int');
  const platform = sql.add(PLATFORM_TENANT_ID, 'text');
  const counted = sql.add(countLimit, 'int');
  const { rows } = await db.query<NumberListRow>(
    prepared(
      `with page as (
         select n.id from wa_number n where ${where} order by n.id desc limit ${limit} offset ${offset}
       )
       select (select count(*) from (select 1 from wa_number n where ${where} limit ${counted}) m)::int as total, r.*
         from (select 1) one
         left join lateral (
           select ${NUMBER_STATE_COLUMNS}, n.phone_number_id, w.waba_id,
                  u.id as owner_id, u.username as owner_username, u.nickname as owner_nickname,
                  coalesce((select json_agg(json_build_object('id', t.id::text, 'name', t.name, 'color', t.color)
                                            order by t.name, t.id)
                              from number_tag nt join tag t on t.tenant_id = nt.tenant_id and t.id = nt.tag_id
                             where nt.tenant_id = n.tenant_id and nt.number_id = n.id), '[]'::json) as tags,
                  e.id as ip_id, e.host || ':' || e.port as ip_label,
                  case when e.id is null then null when e.tenant_id = ${platform} then 'system' else 'own' end as ip_scope,
                  n.standby, n.pause_reason, coalesce(d.sent, 0) as sent_today, coalesce(d.received, 0) as received_today,
                  coalesce(c.contacts, 0)::int as contacts, n.check_error,
                  w.webhooks_subscribed_at is not null as webhooks_subscribed, n.created_at
             from page p
             join wa_number n on n.tenant_id = ${tenant} and n.id = p.id
             join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
             left join app_user u on u.tenant_id = n.tenant_id and u.id = n.owner_user_id
             left join egress_ip e on e.id = n.egress_ip_id and e.tenant_id in (n.tenant_id, ${platform})
             left join number_daily_count d
                    on d.tenant_id = n.tenant_id and d.number_id = n.id and d.day = (now() at time zone 'UTC')::date
             left join contact_tally c on c.tenant_id = n.tenant_id and c.number_id = n.id
         ) r on true
        order by r.id desc`,
      sql.values,
    ),
  );
  return rows;
}

/** A row of the recycle bin; `id` is null on the one row that carries only the total. */
export interface RecycleBinRow {
  total: number;
  id: string | null;
  phone: string;
  phone_number_id: string;
  waba_id: string;
  verified_name: string;
  status: string;
  quality_rating: RecycledNumber['quality_rating'];
  deleted_at: Date;
  purge_at: Date;
  user_id: string | null;
  username: string | null;
  nickname: string | null;
}

/**
 * One page of the numbers the tenant deleted in the last `binDays` days, last deleted first
 * (wa_number_recycle_idx), each row carrying the total (the bin is small: it is counted).
 */
export async function selectRecycleBinPage(
  db: Db,
  scope: Scope,
  query: RecycleListRequest,
  span: PageSpan,
  binDays: number,
): Promise<RecycleBinRow[]> {
  const sql = new BoundValues();
  const tenant = sql.add(scope.tenantId, 'text');
  const days = sql.add(binDays, 'int');
  let where = `n.tenant_id = ${tenant} and n.deleted_at is not null and n.deleted_at > now() - make_interval(days => ${days})`;
  const { phone } = query.filters;
  if (phone) where += ` and n.phone like ${sql.add(likePattern(phone), 'text')}`;
  const { rows } = await db.query<RecycleBinRow>(
    prepared(
      `with page as (
         select n.id from wa_number n where ${where}
          order by n.deleted_at desc, n.id desc limit ${sql.add(span.limit, 'int')} offset ${sql.add(span.offset, 'int')}
       )
       select (select count(*) from wa_number n where ${where})::int as total, r.*
         from (select 1) one
         left join lateral (
           select n.id, n.phone, n.phone_number_id, w.waba_id, n.verified_name, n.status, n.quality_rating,
                  n.deleted_at, n.deleted_at + make_interval(days => ${days}) as purge_at,
                  u.id as user_id, u.username, u.nickname
             from page p
             join wa_number n on n.tenant_id = ${tenant} and n.id = p.id
             join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
             left join app_user u on u.tenant_id = n.tenant_id and u.id = n.deleted_by
         ) r on true
        order by r.deleted_at desc, r.id desc`,
      sql.values,
    ),
  );
  return rows;
}
