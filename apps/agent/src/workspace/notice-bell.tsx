import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { loadNoticeBadge, NoticeBody, setNoticeBadge, useNoticeBadge } from '@ws/web-kit/notices';
import { useRealtimeEvent } from '@ws/web-kit/realtime';
import { formatDateTime, runPeriodically } from '@ws/web-kit/utils';
import { Badge, Button, Drawer, Empty, List, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How often the badge is read again (the console's shared data does the same every 60 s). */
const BADGE_INTERVAL_MS = 60_000;
/** The drawer shows the newest notices; the console's /notice/index pages through all of them. */
const SHOWN_NOTICES = 30;

/**
 * The seat client's notice bell: the agent's unread notices, read now, every 60 s and on
 * `notice.changed`; it opens a drawer with the active notices and marks them read.
 */
export function NoticeBell() {
  const { t } = useTranslation('client');
  const { unread } = useNoticeBadge();
  const [open, setOpen] = useState(false);
  useEffect(() => runPeriodically(() => loadNoticeBadge().catch(() => undefined), BADGE_INTERVAL_MS), []);
  const notices = useQuery({
    queryKey: [calls.noticeList.id, 'client'],
    queryFn: ({ signal }) => callApi(calls.noticeList, { body: { pageSize: SHOWN_NOTICES }, signal }),
    enabled: open,
  });
  useRealtimeEvent((event) => {
    if (event.type !== 'notice.changed') return;
    void loadNoticeBadge().catch(() => undefined);
    if (open) void notices.refetch();
  });
  const readAll = async () => {
    setNoticeBadge({ unread: (await callApi(calls.noticeRead, { body: { all: true } })).unread });
    await notices.refetch();
  };
  return (
    <>
      <Tooltip title={t('notices')}>
        <Button
          type="text"
          aria-label={t('notices')}
          data-testid="notice-bell"
          data-unread={unread}
          onClick={() => setOpen(true)}
          icon={
            <Badge count={unread} size="small">
              <BellOutlined />
            </Badge>
          }
        />
      </Tooltip>
      <Drawer
        title={t('notices')}
        open={open}
        onClose={() => setOpen(false)}
        size={480}
        extra={
          unread > 0 && (
            <Button size="small" onClick={() => void readAll()} data-testid="notice-read-all">
              {t('noticesReadAll')}
            </Button>
          )
        }
      >
        <List
          loading={notices.isFetching}
          dataSource={notices.data?.records ?? []}
          locale={{ emptyText: <Empty description={t('noticesNone')} /> }}
          renderItem={(notice) => (
            <List.Item data-testid="notice-item">
              <List.Item.Meta
                title={
                  <>
                    <Typography.Text strong={!notice.read}>{notice.title}</Typography.Text>{' '}
                    {!notice.read && <Tag color="processing">{t('noticeUnread')}</Tag>}
                  </>
                }
                description={
                  <>
                    <Typography.Text type="secondary">
                      {formatDateTime(notice.starts_at, { seconds: false })}
                    </Typography.Text>
                    <NoticeBody html={notice.body_html} />
                  </>
                }
              />
            </List.Item>
          )}
        />
      </Drawer>
    </>
  );
}
