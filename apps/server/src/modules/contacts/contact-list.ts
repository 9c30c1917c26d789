import type { ContactFilters, ContactRecord, PageRequest } from '@ws/contract';
import { type ContactPage, LIST_COUNT_CAP, toPage } from '@ws/contract';
import type { z } from 'zod';
import type { Scope } from '../../platform/auth/scope.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';
import type { AppContext } from '../../platform/http/context.js';
import { type ContactTotal, contactWhere, countContacts } from './contact-query.js';
import { searchContacts } from './contact-search.js';

interface ContactRow extends Omit<ContactRecord, 'number' | 'owner'> {
  number_id: string | null;
  number_phone: string | null;
  owner_id: string | null;
  owner_username: string | null;
  owner_nickname: string | null;
}

/**
 * A page of the live contacts in the scope, newest first. The page's ids come from one
 * index-ordered query (`order by id desc limit/offset` over an index that ends in id desc, so
 * the first page reads about pageSize index entries whatever the table's size); only those rows
 * are then joined to their number, owner and tags. The total runs beside it (countContacts);
 * a filtered count never reads fewer rows than the page asks for, so the next page is always
 * reachable. A search (name or phone substring) finds its page and total its own way
 * (searchContacts).
 */
export async function listContacts(
  context: AppContext,
  scope: Scope,
  request: PageRequest & { filters: ContactFilters },
): Promise<z.output<typeof ContactPage>> {
  const offset = (request.page - 1) * request.pageSize;
  const { search } = request.filters;
  if (search) {
    const found = await searchContacts(
      context.pool,
      scope,
      { ...request.filters, search },
      {
        offset,
        limit: request.pageSize,
      },
    );
    const page = await context.pool.query<ContactRow>(decorated('select unnest($2::bigint[]) as id'), [
      scope.tenantId,
      found.ids,
    ]);
    return pageOf(page.rows, found.total, request);
  }
  const selection = { filters: request.filters };
  const bound = new BoundValues();
  const where = contactWhere(scope, selection, bound);
  const limit = bound.add(request.pageSize, 'int');
  const skip = bound.add(offset, 'int');
  const [page, total] = await Promise.all([
    context.pool.query<ContactRow>(
      decorated(`select c.id from contact c where ${where} order by c.id desc limit ${limit} offset ${skip}`),
      bound.values,
    ),
    countContacts(context.pool, scope, selection, Math.max(LIST_COUNT_CAP, offset + request.pageSize)),
  ]);
  return pageOf(page.rows, total, request);
}

/** The contacts whose ids `pageIds` selects (its $1 is the tenant: scopeWhere binds it first), with their number, owner and tags. */
const decorated = (pageIds: string) =>
  `with page as (${pageIds})
   select c.id, c.wa_id, c.user_id, c.username, c.name, c.consent, c.opt_in_source, c.opt_in_evidence,
          ${isoTime('c.opted_in_at')} as opted_in_at, ${isoTime('c.opted_out_at')} as opted_out_at,
          c.opt_out_channel, ${isoTime('c.last_inbound_at')} as last_inbound_at,
          ${isoTime('c.last_message_at')} as last_message_at,
          coalesce(c.last_inbound_at > now() - interval '24 hours', false) as window_open,
          case when c.last_inbound_at > now() - interval '24 hours'
               then ${isoTime(`c.last_inbound_at + interval '24 hours'`)} end as window_closes_at,
          ${isoTime('c.created_at')} as created_at,
          n.id as number_id, n.phone as number_phone,
          u.id as owner_id, u.username as owner_username, u.nickname as owner_nickname,
          coalesce((select json_agg(json_build_object('id', t.id::text, 'name', t.name, 'color', t.color)
                                    order by t.name, t.id)
                      from contact_tag ct join tag t on t.tenant_id = ct.tenant_id and t.id = ct.tag_id
                     where ct.tenant_id = c.tenant_id and ct.contact_id = c.id), '[]') as tags
     from page p
     join contact c on c.tenant_id = $1 and c.id = p.id
     left join wa_number n on n.tenant_id = c.tenant_id and n.id = c.number_id
     left join app_user u on u.tenant_id = c.tenant_id and u.id = c.owner_user_id
    order by c.id desc`;

function pageOf(rows: ContactRow[], total: ContactTotal, request: PageRequest): z.output<typeof ContactPage> {
  return { ...toPage(rows.map(toContactRecord), total.total, request), total_capped: total.capped };
}

function toContactRecord(row: ContactRow): ContactRecord {
  const { number_id, number_phone, owner_id, owner_username, owner_nickname, ...contact } = row;
  return {
    ...contact,
    number: number_id ? { id: number_id, phone: number_phone ?? '' } : null,
    owner: owner_id ? { id: owner_id, username: owner_username ?? '', nickname: owner_nickname ?? '' } : null,
  };
}
