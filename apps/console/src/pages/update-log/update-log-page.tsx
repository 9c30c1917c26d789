import { calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { setNoticeBadge } from '@ws/web-kit/notices';
import { Card } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UpdateLogList, useUpdateLogList } from './update-log-list.js';

/**
 * /log/index: the platform's changelog. Once it has been shown, the caller has seen it up to its
 * newest entry (the "what's new" dot goes); the entries marked new keep their mark on this visit.
 */
export default function UpdateLogPage() {
  const { t } = useTranslation('notices');
  const list = useUpdateLogList();
  const seen = useRef(false);
  const shown = list.records.length > 0;
  useEffect(() => {
    if (!shown || seen.current) return;
    seen.current = true;
    void callApi(calls.updateSeen, { body: {}, silent: true })
      .then((reply) => setNoticeBadge(reply))
      .catch(() => undefined);
  }, [shown]);
  return (
    <Card title={t('logTitle')} data-testid="update-log-page">
      <UpdateLogList list={list} />
    </Card>
  );
}
