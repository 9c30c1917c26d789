import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { entryOf } from '../../menu/menu-access.js';
import { FIRST_TAB, hrefOf, isFirstTab, type Tab } from './tab-list.js';
import { tabsActions, useTabs } from './tabs-store.js';

/** The tab bar under the top bar: one tab per open page, with close, close others and close all. */
export function TabsBar() {
  const { t } = useTranslation();
  const { t: tMenu } = useTranslation('menu');
  const tabs = useTabs();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = tabs.find((tab) => tab.value === pathname)?.value ?? (entryOf(pathname) ? pathname : '');

  const open = (tab: Tab | undefined) => void navigate(hrefOf(tab ?? FIRST_TAB));
  const close = (value: string) => {
    const next = tabsActions.close(value, active);
    if (next) open(next);
  };
  const closeOthers = (keep: string) => {
    tabsActions.closeOthers(keep);
    if (keep !== active) open(tabs.find((tab) => tab.value === keep));
  };
  const closeAll = () => {
    tabsActions.closeAll();
    open(FIRST_TAB);
  };
  const actionsFor = (value: string): MenuProps['items'] => [
    {
      key: 'close',
      label: t('closeTab'),
      disabled: isFirstTab({ value }) || tabs.length <= 1,
      onClick: () => close(value),
    },
    { key: 'others', label: t('closeOthers'), onClick: () => closeOthers(value) },
    { key: 'all', label: t('closeAll'), onClick: closeAll },
  ];

  return (
    <div className="shell-tabs" data-testid="tabs-bar">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        onChange={(value) => open(tabs.find((tab) => tab.value === value))}
        onEdit={(value, action) => action === 'remove' && typeof value === 'string' && close(value)}
        items={tabs.map((tab) => ({
          key: tab.value,
          closable: !isFirstTab(tab) && tabs.length > 1,
          label: (
            <Dropdown menu={{ items: actionsFor(tab.value) }} trigger={['contextMenu']}>
              <span data-tab={tab.value}>{tMenu(tab.label as 'wslist')}</span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={
          <Dropdown menu={{ items: actionsFor(active || FIRST_TAB.value) }} trigger={['click']}>
            <Button size="small" type="text" data-testid="tabs-more">
              {t('tabsMore')} <DownOutlined />
            </Button>
          </Dropdown>
        }
      />
    </div>
  );
}
