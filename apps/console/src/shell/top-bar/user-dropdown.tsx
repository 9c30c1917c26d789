import { DownOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { switchModeOn, useSession } from '@ws/web-kit/session';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfirmLogout } from '../../session/use-confirm-logout.js';
import { SwitchDialog } from './switch-dialog.js';

/** The user's menu: personal info, switch department/role (switch mode only), logout with confirmation. */
export function UserDropdown() {
  const { t } = useTranslation();
  const confirmLogout = useConfirmLogout();
  const navigate = useNavigate();
  const session = useSession();
  const [switching, setSwitching] = useState(false);
  if (!session) return null;

  const items: MenuProps['items'] = [
    { key: 'info', icon: <UserOutlined />, label: t('userInfo'), onClick: () => void navigate('/info/index') },
    ...(switchModeOn()
      ? [{ key: 'switch', icon: <SwapOutlined />, label: t('switchMenu'), onClick: () => setSwitching(true) }]
      : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('logout'), onClick: confirmLogout },
  ];
  const name = session.user.nickname || session.user.username;

  return (
    <>
      <Dropdown menu={{ items }} trigger={['click']}>
        <button type="button" className="shell-user" data-testid="user-menu">
          <Avatar size="small" style={{ background: 'var(--shell-primary)' }}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <span className="shell-user-name">{name}</span>
          <DownOutlined />
        </button>
      </Dropdown>
      {switching && <SwitchDialog onClose={() => setSwitching(false)} />}
    </>
  );
}
