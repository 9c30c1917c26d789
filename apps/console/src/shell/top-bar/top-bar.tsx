import { CustomerServiceOutlined, MenuFoldOutlined, MenuUnfoldOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { Button, Layout, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { settings } from '../../settings/settings.js';
import { useScreenLevel } from '../screen/screen-level.js';
import { ColorPicker } from './color-picker.js';
import { FullscreenToggle } from './fullscreen-toggle.js';
import { LanguageSwitch } from './language-switch.js';
import { LockButton } from './lock-button.js';
import { MenuSearch } from './menu-search.js';
import { NetworkIndicator } from './network-indicator.js';
import { NoticeBell } from './notice-bell.js';
import { ThemePicker } from './theme-picker.js';
import { UserDropdown } from './user-dropdown.js';

/** The top bar (specification section 2): every control of the shell, left to right. */
export function TopBar({ collapsed, onToggleMenu }: { collapsed: boolean; onToggleMenu: () => void }) {
  const { t } = useTranslation();
  const level = useScreenLevel();
  return (
    <Layout.Header className="shell-header">
      <Tooltip title={collapsed ? t('expand') : t('collapse')}>
        <Button
          type="text"
          className="shell-header-button"
          data-testid="menu-toggle"
          aria-label={collapsed ? t('expand') : t('collapse')}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggleMenu}
        />
      </Tooltip>
      <div className="shell-header-spacer" />
      {level >= 2 && (
        <a
          className="shell-support"
          href={settings.support.href}
          target="_blank"
          rel="noreferrer"
          data-testid="support-line"
        >
          <WhatsAppOutlined /> {t('support')}: {settings.support.label}
        </a>
      )}
      <Tooltip title={t('agentClient')}>
        <Button
          type="text"
          className="shell-header-button"
          href={settings.agentClientPath}
          target="_blank"
          rel="noreferrer"
          data-testid="agent-client-link"
          icon={<CustomerServiceOutlined />}
        >
          {level >= 3 ? t('agentClient') : null}
        </Button>
      </Tooltip>
      <MenuSearch />
      <NoticeBell />
      {level >= 1 && <ThemePicker />}
      {level >= 1 && <ColorPicker />}
      {level >= 1 && <FullscreenToggle />}
      <LanguageSwitch />
      <NetworkIndicator />
      <LockButton />
      <UserDropdown />
    </Layout.Header>
  );
}
