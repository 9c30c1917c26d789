import type { ConversationFilter, ConversationPage } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { cappedPage } from '../../platform/http/capped-page.js';
import type { AppContext } from '../../platform/http/context.js';
import { countConversations, selectConversations } from './conversation-repository.js';

/**
 * Recent conversations to pick a chat from. A tenant can hold millions, so the total is counted
 * only up to LIST_COUNT_CAP (`total_capped` says so) and pages end there.
 */
export function listConversations(
  context: AppContext,
  scope: Scope,
  filter: ConversationFilter,
): Promise<ConversationPage> {
  const criteria = { numberId: filter.filters.numberId, search: filter.filters.search || undefined };
  return cappedPage(
    filter,
    (cap) => countConversations(context.pool, scope, criteria, cap),
    (limit, offset) => selectConversations(context.pool, scope, criteria, limit, offset),
  );
}
