import { type InboxFilter, type InboxPage, LIST_COUNT_CAP, toPage } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { countInbox, selectInboxPage } from './inbox-repository.js';

/** The caller's inbox, newest activity first; counted up to LIST_COUNT_CAP like every long list. */
export async function listInbox(context: AppContext, scope: Scope, filter: InboxFilter): Promise<InboxPage> {
  const { queue, status, search, numberId } = filter.filters;
  const criteria = { queue, status, search, numberId };
  const offset = (filter.page - 1) * filter.pageSize;
  const [counted, records] = await Promise.all([
    countInbox(context.pool, scope, criteria, LIST_COUNT_CAP),
    offset < LIST_COUNT_CAP
      ? selectInboxPage(context.pool, scope, criteria, filter.pageSize, offset)
      : Promise.resolve([]),
  ]);
  const capped = counted > LIST_COUNT_CAP;
  return { ...toPage(records, capped ? LIST_COUNT_CAP : counted, filter), total_capped: capped };
}
