import { useQuery } from '@tanstack/react-query';
import { calls, PAGE_SIZES, type QuickReply } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** How many quick replies the picker offers at once (the smallest page a list call takes). */
export const QUICK_REPLY_CHOICES = PAGE_SIZES[0];

/** The text after a leading `/` (what the agent searches quick replies by), or undefined when the text does not start with `/`. */
export const quickReplySearch = (text: string): string | undefined =>
  text.startsWith('/') && !text.includes('\n') ? text.slice(1).trim() : undefined;

/**
 * The tenant's quick replies matching the search (`quickreply/list`, by shortcut or text). The
 * material library of a later issue replaces the store behind the call; the picker stays.
 */
export function useQuickReplies(search: string | undefined): QuickReply[] {
  const query = useQuery({
    queryKey: ['client.quickReplies', search],
    queryFn: ({ signal }) =>
      callApi(calls.quickReplyList, {
        body: { page: 1, pageSize: QUICK_REPLY_CHOICES, filters: search ? { search } : {} },
        signal,
      }),
    enabled: search !== undefined,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
  return query.data?.records ?? [];
}

/** The picker above the composer: the matches, the active one marked (↑/↓ move it, Enter or a click inserts it). */
export function QuickReplyList({
  replies,
  active,
  onPick,
}: {
  replies: readonly QuickReply[];
  active: number;
  onPick: (reply: QuickReply) => void;
}) {
  const { t } = useTranslation('composer');
  return (
    <div
      role="listbox"
      data-testid="quick-replies"
      aria-label={t('quickReplies')}
      style={{
        border: '1px solid var(--ant-color-border, #d9d9d9)',
        borderRadius: 6,
        marginBottom: 6,
        maxHeight: 240,
        overflowY: 'auto',
      }}
    >
      <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 8px', fontSize: 12 }}>
        {t('quickReplies')}
      </Typography.Text>
      {replies.length === 0 && (
        <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 8px' }}>
          {t('noQuickReplies')}
        </Typography.Text>
      )}
      {replies.map((reply, index) => (
        <div
          key={reply.id}
          role="option"
          aria-selected={index === active}
          data-testid="quick-reply"
          tabIndex={-1}
          onMouseDown={(event) => {
            // Keep the focus in the text box.
            event.preventDefault();
            onPick(reply);
          }}
          style={{
            padding: '4px 8px',
            cursor: 'pointer',
            background: index === active ? 'var(--ant-color-primary-bg, #e6f4ff)' : undefined,
          }}
        >
          <Typography.Text strong>/{reply.shortcut}</Typography.Text>{' '}
          <Typography.Text type="secondary" ellipsis>
            {reply.text}
          </Typography.Text>
        </div>
      ))}
    </div>
  );
}
