import { type Page, RECYCLE_BIN_DAYS, type RecycledNumber, type RecycleListRequest, toPage } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import { prepared } from '../../platform/db/pool.js';
import { isoTimeOf } from '../../platform/db/sql-time.js';
import type { AppContext } from '../../platform/http/context.js';

interface BinRow {
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
 * The recycle bin: numbers deleted in the last 30 days, last deleted first (wa_number_recycle_idx).
 * The bin is small next to the live list, so the total is counted.
 */
export async function listRecycledNumbers(
  context: AppContext,
  scope: Scope,
  query: RecycleListRequest,
): Promise<Page<RecycledNumber>> {
  const values: unknown[] = [scope.tenantId, RECYCLE_BIN_DAYS];
  let where = `n.tenant_id = $1 and n.deleted_at is not null and n.deleted_at > now() - make_interval(days => $2)`;
  const { phone } = query.filters;
  if (phone) {
    values.push(likePattern(phone));
    where += ` and n.phone like $${values.length}`;
  }
  const { rows } = await context.pool.query<BinRow>(
    prepared(
      `with page as (
         select n.id from wa_number n where ${where}
          order by n.deleted_at desc, n.id desc limit $${values.length + 1} offset $${values.length + 2}
       )
       select (select count(*) from wa_number n where ${where})::int as total, r.*
         from (select 1) one
         left join lateral (
           select n.id, n.phone, n.phone_number_id, w.waba_id, n.verified_name, n.status, n.quality_rating,
                  n.deleted_at, n.deleted_at + make_interval(days => $2) as purge_at,
                  u.id as user_id, u.username, u.nickname
             from page p
             join wa_number n on n.tenant_id = $1 and n.id = p.id
             join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
             left join app_user u on u.tenant_id = n.tenant_id and u.id = n.deleted_by
         ) r on true
        order by r.deleted_at desc, r.id desc`,
      [...values, query.pageSize, (query.page - 1) * query.pageSize],
    ),
  );
  const records = rows
    .filter((row): row is BinRow & { id: string } => row.id !== null)
    .map((row) => ({
      id: row.id,
      phone: row.phone,
      phone_number_id: row.phone_number_id,
      waba_id: row.waba_id,
      verified_name: row.verified_name,
      status: row.status,
      quality_rating: row.quality_rating,
      deleted_at: isoTimeOf(row.deleted_at),
      deleted_by: row.user_id ? { id: row.user_id, username: row.username ?? '', nickname: row.nickname ?? '' } : null,
      purge_at: isoTimeOf(row.purge_at),
    }));
  return toPage(records, rows[0]?.total ?? 0, query);
}
