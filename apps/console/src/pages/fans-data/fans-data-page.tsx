import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AudienceTab } from './audience-tab.js';
import { PoolTab } from './pool-tab.js';

const TABS = ['lists', 'allocation'] as const;
type Tab = (typeof TABS)[number];

/**
 * /dataManager/fansData: audience lists (upload with a column mapping, check, load into contacts)
 * and the allocation of their contacts to numbers and agents, one tab each. The tab is in the
 * address (`?tab=allocation`) so either can be linked to.
 */
export default function FansDataPage() {
  const { t } = useTranslation('audiences');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'lists';
  return (
    <Card title={t('title')} data-testid="fans-data-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'lists' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'lists', label: t('tabLists'), children: <AudienceTab /> },
          { key: 'allocation', label: t('tabAllocation'), children: <PoolTab /> },
        ]}
        data-testid="fans-data-tabs"
      />
    </Card>
  );
}
