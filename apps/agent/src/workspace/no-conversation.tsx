import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** The centre and right panes before a conversation is open. */
export function NoConversation() {
  const { t } = useTranslation('workspace');
  return (
    <div style={{ display: 'grid', placeItems: 'center' }} data-testid="no-conversation">
      <Empty description={t('pickConversation')} />
    </div>
  );
}
