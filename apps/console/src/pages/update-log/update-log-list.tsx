import { calls, type UpdateLog } from '@ws/contract';
import { useLanguage } from '@ws/web-kit/i18n';
import { usePagedList } from '@ws/web-kit/list';
import { formatDate } from '@ws/web-kit/utils';
import { Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The update log, newest release first, in the current language; entries new to the caller are marked. */
export function UpdateLogList({ list }: { list: ReturnType<typeof useUpdateLogList> }) {
  const { t } = useTranslation('notices');
  const language = useLanguage();
  return (
    <List<UpdateLog>
      dataSource={list.records}
      loading={list.loading}
      locale={{ emptyText: <Empty description={t('logEmpty')} /> }}
      pagination={
        list.total > list.pageSize
          ? { current: list.page, pageSize: list.pageSize, total: list.total, onChange: list.turn }
          : false
      }
      renderItem={(entry) => (
        <List.Item data-testid="update-log-entry">
          <List.Item.Meta
            title={
              <Space>
                <Typography.Text strong>{entry.version}</Typography.Text>
                <Typography.Text type="secondary">{formatDate(entry.released_on)}</Typography.Text>
                {entry.is_new && <Tag color="red">{t('newEntry')}</Tag>}
              </Space>
            }
            description={
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                {language === 'en' ? entry.changes_en : entry.changes_zh}
              </Typography.Paragraph>
            }
          />
        </List.Item>
      )}
    />
  );
}

export const useUpdateLogList = () => usePagedList(calls.updateList, {});
