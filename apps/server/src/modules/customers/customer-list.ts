import { type CustomerFilter, type Page, toPage } from '@ws/contract';
import type { z } from 'zod';
import { likePattern } from '../../platform/db/like-pattern.js';
import { prepared } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import type { AppContext } from '../../platform/http/context.js';
import { PLATFORM_TENANT_ID } from '../../platform/tenants.js';

export type CustomerQuery = z.output<typeof CustomerFilter>;

export interface CustomerRecord {
  tenant_id: string;
  tenant_name: string;
  user_id: string;
  username: string;
  nickname: string;
  seat_count: number;
  created_at: string;
}

/**
 * Customer tenants (all but the platform's own) with their owner, newest first. One statement
 * returns the page and the total (a window count); only a page past the end needs a second
 * query for the total.
 */
export async function listCustomers(context: AppContext, query: CustomerQuery): Promise<Page<CustomerRecord>> {
  const filters = ['t.id <> $1'];
  const values: unknown[] = [PLATFORM_TENANT_ID];
  const { username, tenantId } = query.filters;
  if (username) {
    values.push(likePattern(username));
    filters.push(`u.username ilike $${values.length}`);
  }
  if (tenantId) {
    values.push(tenantId);
    filters.push(`t.id = $${values.length}`);
  }
  const from = `from tenant t join app_user u on u.tenant_id = t.id and u.is_owner where ${filters.join(' and ')}`;
  const page = await context.pool.query<CustomerRecord & { total: number }>(
    prepared(
      // Seat counts only for the page's rows: in the outer query, after the limit.
      `with page as (
         select t.id, t.name, t.created_at, u.id as user_id, u.username, u.nickname, count(*) over ()::int as total
           ${from}
          order by t.created_at desc, t.id desc
          limit $${values.length + 1} offset $${values.length + 2}
       )
       select p.id as tenant_id, p.name as tenant_name, p.user_id, p.username, p.nickname,
              (select count(*)::int from app_user s join role r on r.id = s.role_id
                where s.tenant_id = p.id and r.code = 'seat') as seat_count,
              ${isoTime('p.created_at')} as created_at, p.total
         from page p
        order by p.created_at desc, p.id desc`,
      [...values, query.pageSize, (query.page - 1) * query.pageSize],
    ),
  );
  let total = page.rows[0]?.total;
  if (total === undefined) {
    const count = await context.pool.query<{ total: number }>(
      prepared(`select count(*)::int as total ${from}`, values),
    );
    total = count.rows[0]?.total ?? 0;
  }
  return toPage(
    page.rows.map(({ total: _total, ...record }) => record),
    total,
    query,
  );
}
