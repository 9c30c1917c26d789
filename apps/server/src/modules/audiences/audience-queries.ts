import {
  type AudienceList,
  type AudienceRow,
  type Language,
  LIST_COUNT_CAP,
  type Page,
  type PageRequest,
  type RowOutcome,
  toPage,
} from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { pageSpanOf } from '../../platform/db/page-span.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { countsOf } from './audience-counts.js';
import { presentAudienceList } from './audience-presenter.js';
import {
  type AudienceListFilter,
  selectAudienceChoices,
  selectAudienceList,
  selectAudienceLists,
} from './audience-repository.js';
import { countAudienceRows, type RowFilter, selectAudienceRows } from './audience-row-repository.js';

/** `data/list`: the tenant's lists, newest first. */
export async function listAudiences(
  context: AppContext,
  scope: Scope,
  request: PageRequest & { filters: AudienceListFilter },
  language: Language,
): Promise<Page<AudienceList>> {
  const { rows, total } = await selectAudienceLists(context.pool, scope, request.filters, pageSpanOf(request));
  return toPage(
    rows.map((row) => presentAudienceList(row, language)),
    total,
    request,
  );
}

/** `data/getall`: every list, for pickers. */
export function audienceChoices(context: AppContext, scope: Scope) {
  return selectAudienceChoices(context.pool, scope);
}

/**
 * `data/details`: a list's rows in file order. The total of an outcome, or of the whole list,
 * is the list's own count (kept by the check); a search is counted up to LIST_COUNT_CAP.
 */
export async function audienceDetails(
  context: AppContext,
  scope: Scope,
  request: PageRequest & { pid: string; filters: RowFilter },
): Promise<Page<AudienceRow> & { total_capped: boolean }> {
  const list = await selectAudienceList(context.pool, scope, request.pid);
  if (!list) throw errors.notFound({ zh: 'pid: 名单', en: 'pid: List' });
  const { filters } = request;
  const records = await selectAudienceRows(context.pool, scope, list.id, filters, pageSpanOf(request));
  let total: number;
  let capped = false;
  if (filters.search) {
    const cap = Math.max(LIST_COUNT_CAP, request.page * request.pageSize + 1);
    total = await countAudienceRows(context.pool, scope, list.id, filters, cap);
    capped = total >= cap;
  } else {
    const counts = countsOf(list.counts);
    total = filters.outcome ? counts[filters.outcome as RowOutcome] : counts.rows;
  }
  return { ...toPage(records, total, request), total_capped: capped };
}
