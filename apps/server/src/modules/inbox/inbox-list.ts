import type { InboxFilter, InboxPage } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { cappedPage } from '../../platform/http/capped-page.js';
import type { AppContext } from '../../platform/http/context.js';
import { countInbox, selectInboxPage } from './inbox-repository.js';

/** The caller's inbox, newest activity first; counted up to LIST_COUNT_CAP like every long list. */
export function listInbox(context: AppContext, scope: Scope, filter: InboxFilter): Promise<InboxPage> {
  const { queue, status, search, numberId } = filter.filters;
  const criteria = { queue, status, search, numberId };
  return cappedPage(
    filter,
    (cap) => countInbox(context.pool, scope, criteria, cap),
    (limit, offset) => selectInboxPage(context.pool, scope, criteria, limit, offset),
  );
}
