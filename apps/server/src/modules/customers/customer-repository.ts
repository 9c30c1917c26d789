import type { CustomerFilter, CustomerRow } from '@ws/contract';
import type { z } from 'zod';
import type { Scope } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import { type Db, prepared } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';
import { PLATFORM_TENANT_ID } from '../../platform/tenants.js';

export type CustomerQuery = z.output<typeof CustomerFilter>;
type CustomerRecord = z.output<typeof CustomerRow>;

/**
 * A page of customer tenants (all but the platform's own) with their owner, newest first, for a
 * scope that reads across tenants. One statement returns the page and the total (a window count);
 * only a page past the end needs a second query for the total.
 */
export async function selectCustomers(
  db: Db,
  scope: Scope,
  query: CustomerQuery,
): Promise<{ records: CustomerRecord[]; total: number }> {
  if (!scope.acrossTenants) return { records: [], total: 0 };
  const sql = new BoundValues();
  const filters = [`t.id <> ${sql.add(PLATFORM_TENANT_ID, 'text')}`];
  const { username, tenantId } = query.filters;
  if (username) filters.push(`u.username ilike ${sql.add(likePattern(username), 'text')}`);
  if (tenantId) filters.push(`t.id = ${sql.add(tenantId, 'text')}`);
  const from = `from tenant t join app_user u on u.tenant_id = t.id and u.is_owner where ${filters.join(' and ')}`;
  const filterValues = [...sql.values];
  const page = await db.query<CustomerRecord & { total: number }>(
    prepared(
      // Seat counts only for the page's rows: in the outer query, after the limit.
      `with page as (
         select t.id, t.name, t.created_at, t.plan, t.expires_at, t.disabled_at, t.deleting, t.deleted_at,
                u.id as user_id, u.username, u.nickname, count(*) over ()::int as total
           ${from}
          order by t.created_at desc, t.id desc
          limit ${sql.add(query.pageSize, 'int')} offset ${sql.add((query.page - 1) * query.pageSize, 'int')}
       )
       select p.id as tenant_id, p.name as tenant_name, p.user_id, p.username, p.nickname,
              (select count(*)::int from app_user s join role r on r.id = s.role_id
                where s.tenant_id = p.id and r.code = 'seat') as seat_count,
              ${isoTime('p.created_at')} as created_at, p.plan, ${isoTime('p.expires_at')} as expires_at,
              coalesce(p.expires_at <= now(), false) as expired,
              case when p.deleted_at is not null then 'deleted' when p.deleting then 'deleting' when p.disabled_at is not null then 'disabled' else 'active' end as state,
              p.total
         from page p
        order by p.created_at desc, p.id desc`,
      sql.values,
    ),
  );
  let total = page.rows[0]?.total;
  if (total === undefined) {
    const count = await db.query<{ total: number }>(prepared(`select count(*)::int as total ${from}`, filterValues));
    total = count.rows[0]?.total ?? 0;
  }
  return { records: page.rows.map(({ total: _total, ...record }) => record), total };
}
