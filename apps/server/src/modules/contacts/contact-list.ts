import type { ContactFilters, ContactRecord, PageRequest } from '@ws/contract';
import { type ContactPage, LIST_COUNT_CAP, toPage } from '@ws/contract';
import type { z } from 'zod';
import type { Scope } from '../../platform/auth/scope.js';
import { pageSpanOf } from '../../platform/db/page-span.js';
import type { AppContext } from '../../platform/http/context.js';
import { type ContactRow, selectContactPage, selectContactsByIds } from './contact-list-repository.js';
import { searchContacts } from './contact-search.js';
import { type ContactTotal, countContacts } from './count-contacts.js';

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
  const span = pageSpanOf(request);
  const { search } = request.filters;
  if (search) {
    const found = await searchContacts(context.pool, scope, { ...request.filters, search }, span);
    const page = await selectContactsByIds(context.pool, scope, found.ids);
    return pageOf(page, found.total, request);
  }
  const selection = { filters: request.filters };
  const [page, total] = await Promise.all([
    selectContactPage(context.pool, scope, selection, span),
    countContacts(context.pool, scope, selection, Math.max(LIST_COUNT_CAP, span.offset + span.limit)),
  ]);
  return pageOf(page, total, request);
}

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
