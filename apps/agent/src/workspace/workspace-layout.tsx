import { useQueryClient } from '@tanstack/react-query';
import type { InboxConversation } from '@ws/contract';
import type { InputRef } from 'antd';
import { useRef } from 'react';
import { Outlet, useNavigate, useParams } from 'react-router';
import { useInboundAlerts } from '../alerts/use-inbound-alerts.js';
import { useInboxFilters } from '../session/client-stores.js';
import { conversationPath, neighbour } from './conversation-keys.js';
import { InboxList } from './inbox-list.js';
import { TopBar } from './top-bar.js';
import { conversationQueryKey } from './use-conversation.js';
import { useInbox } from './use-inbox.js';
import { useWorkspaceKeys } from './workspace-keys.js';

/**
 * The workspace: the top bar over three panes, the inbox on the left and, from the route, the
 * open conversation in the centre with the customer on the right. Alt+↑/↓ moves between
 * conversations, Ctrl+K goes to the search.
 */
export function WorkspaceLayout() {
  const { conversationId } = useParams();
  const navigate = useNavigate();
  const filters = useInboxFilters();
  const inbox = useInbox(filters);
  const searchRef = useRef<InputRef>(null);
  const queryClient = useQueryClient();
  // The open conversation, even when the list's filters leave it out (resolved, searched away).
  useInboundAlerts(inbox.conversations, () =>
    conversationId ? queryClient.getQueryData<InboxConversation>(conversationQueryKey(conversationId)) : undefined,
  );
  useWorkspaceKeys((action) => {
    if (action === 'search') {
      searchRef.current?.focus({ cursor: 'all' });
      return;
    }
    const next = neighbour(inbox.conversations, conversationId, action === 'next' ? 1 : -1);
    if (next) void navigate(conversationPath(next.id));
  });
  return (
    <div style={{ height: '100vh', display: 'flex', flexDirection: 'column' }} data-testid="workspace">
      <TopBar />
      <div style={{ flex: 1, minHeight: 0, display: 'grid', gridTemplateColumns: '320px 1fr' }}>
        <div style={{ borderRight: '1px solid var(--ant-color-split, #f0f0f0)', display: 'flex', minHeight: 0 }}>
          <InboxList
            conversations={inbox.conversations}
            loading={inbox.loading}
            more={inbox.hasMore ? { load: inbox.loadMore, loading: inbox.loadingMore } : undefined}
            openId={conversationId}
            onOpen={(conversation) => void navigate(conversationPath(conversation.id))}
            searchRef={searchRef}
          />
        </div>
        <Outlet />
      </div>
    </div>
  );
}
