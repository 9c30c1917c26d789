import { type Page, type PageRequest, toPage } from '@ws/contract';
import type { AppContext } from '../../platform/http/context.js';

export interface CustomerQuery extends PageRequest {
  username?: string | undefined;
  tenantId?: string | undefined;
}

export interface CustomerRecord {
  tenant_id: string;
  tenant_name: string;
  user_id: string;
  username: string;
  nickname: string;
  seat_count: number;
  created_at: string;
}

const PLATFORM_TENANT = '000000';

/** Escapes LIKE wildcards so a filter matches what the user typed, literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Customer tenants (all but the platform's own) with their owner, newest first. */
export async function listCustomers(context: AppContext, query: CustomerQuery): Promise<Page<CustomerRecord>> {
  const filters = ['t.id <> $1'];
  const values: unknown[] = [PLATFORM_TENANT];
  if (query.username) {
    values.push(likePattern(query.username));
    filters.push(`u.username ilike $${values.length}`);
  }
  if (query.tenantId) {
    values.push(query.tenantId);
    filters.push(`t.id = $${values.length}`);
  }
  const from = `from tenant t join app_user u on u.tenant_id = t.id and u.is_owner where ${filters.join(' and ')}`;
  const [count, page] = await Promise.all([
    context.pool.query<{ total: number }>(`select count(*)::int as total ${from}`, values),
    context.pool.query<CustomerRecord>(
      `select t.id as tenant_id, t.name as tenant_name, u.id as user_id, u.username, u.nickname,
              (select count(*)::int from app_user s join role r on r.id = s.role_id
                where s.tenant_id = t.id and r.code = 'seat') as seat_count,
              to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
         ${from}
        order by t.created_at desc, t.id desc
        limit $${values.length + 1} offset $${values.length + 2}`,
      [...values, query.pageSize, (query.page - 1) * query.pageSize],
    ),
  ]);
  return toPage(page.rows, count.rows[0]?.total ?? 0, query);
}
