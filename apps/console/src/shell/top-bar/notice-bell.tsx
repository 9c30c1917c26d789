import { BellOutlined, GiftOutlined } from '@ant-design/icons';
import { loadNoticeBadge, useNoticeBadge } from '@ws/web-kit/notices';
import { useRealtimeEvent } from '@ws/web-kit/realtime';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * The unread notices badge, opening the notices list, and the update log's "what's new" dot.
 * A published or deleted notice (the realtime channel) reads the badge again at once.
 */
export function NoticeBell() {
  const { t } = useTranslation('notices');
  const navigate = useNavigate();
  const { unread, update_unseen } = useNoticeBadge();
  useRealtimeEvent((event) => {
    if (event.type === 'notice.changed') void loadNoticeBadge().catch(() => undefined);
  });
  return (
    <>
      <Tooltip title={update_unseen ? t('whatsNew') : t('logTitle')}>
        <Button
          type="text"
          className="shell-header-button"
          aria-label={t('logTitle')}
          data-testid="whats-new"
          data-unseen={update_unseen}
          onClick={() => void navigate('/log/index')}
          icon={
            <Badge dot={update_unseen} offset={[2, 0]}>
              <GiftOutlined />
            </Badge>
          }
        />
      </Tooltip>
      <Tooltip title={unread ? t('unreadCount', { count: unread }) : t('badge')}>
        <Button
          type="text"
          className="shell-header-button"
          aria-label={t('badge')}
          data-testid="notice-bell"
          data-unread={unread}
          onClick={() => void navigate('/notice/index')}
          icon={
            <Badge count={unread} size="small" overflowCount={99}>
              <BellOutlined />
            </Badge>
          }
        />
      </Tooltip>
    </>
  );
}
