import { formatDateTime } from '@ws/web-kit/utils';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FigureCard, FigureList, FigureRow } from './figure-card.js';

/** What the dashboard shows of a notice; the notices module's `notice/list` records map onto it. */
export interface NoticeItem {
  id: string;
  title: string;
  created_at: string;
  read?: boolean;
}

/** The latest notices (the first page of `notice/list`, which every role may read), newest first. */
export function LatestNotices({ notices }: { notices: readonly NoticeItem[] | undefined }) {
  const { t } = useTranslation('home');
  const { t: tMenu } = useTranslation('menu');
  return (
    <FigureCard title={t('notices')} to="/notice/index" link={tMenu('notices')} testId="home-notices-card">
      <FigureList
        items={notices}
        empty={t('noticesNone')}
        render={(notice) => (
          <FigureRow key={notice.id} data-testid="home-notice">
            <Typography.Text strong={notice.read === false}>{notice.title}</Typography.Text>{' '}
            <Typography.Text type="secondary">{formatDateTime(notice.created_at, { seconds: false })}</Typography.Text>
          </FigureRow>
        )}
      />
    </FigureCard>
  );
}
