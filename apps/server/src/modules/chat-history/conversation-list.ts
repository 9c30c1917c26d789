import { type ConversationFilter, type ConversationPage, LIST_COUNT_CAP, toPage } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { countConversations, selectConversations } from './conversation-repository.js';

/**
 * Recent conversations to pick a chat from. A tenant can hold millions, so the total is counted
 * only up to LIST_COUNT_CAP (`total_capped` says so) and pages end there.
 */
export async function listConversations(
  context: AppContext,
  scope: Scope,
  filter: ConversationFilter,
): Promise<ConversationPage> {
  const criteria = { numberId: filter.filters.numberId, search: filter.filters.search || undefined };
  const offset = (filter.page - 1) * filter.pageSize;
  const [counted, records] = await Promise.all([
    countConversations(context.pool, scope, criteria, LIST_COUNT_CAP),
    offset < LIST_COUNT_CAP
      ? selectConversations(context.pool, scope, criteria, filter.pageSize, offset)
      : Promise.resolve([]),
  ]);
  const capped = counted > LIST_COUNT_CAP;
  return { ...toPage(records, capped ? LIST_COUNT_CAP : counted, filter), total_capped: capped };
}
