import { LogoutOutlined, SoundOutlined } from '@ant-design/icons';
import type { PresenceState } from '@ws/contract';
import { setLanguage, useLanguage } from '@ws/web-kit/i18n';
import { endSession, useSession } from '@ws/web-kit/session';
import { App, Badge, Button, Segmented, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { presenceStore, soundStore, usePresence, useSound } from '../session/client-stores.js';
import { NoticeBell } from './notice-bell.js';
import { leaveBeforeSignOut, useMe, usePresenceHeartbeat } from './use-agent.js';

/**
 * The top bar: who is signed in and their load, their presence (sent by heartbeat), the
 * new-message sound, the language and signing out.
 */
export function TopBar() {
  const { t } = useTranslation('client');
  const workspace = useTranslation('workspace').t;
  const session = useSession();
  const presence = usePresence();
  const heard = usePresenceHeartbeat();
  const me = useMe();
  const sound = useSound();
  const language = useLanguage();
  const { modal } = App.useApp();
  const signOut = () =>
    modal.confirm({
      title: t('confirmSignOut'),
      onOk: async () => {
        await leaveBeforeSignOut();
        endSession();
      },
      okButtonProps: { danger: true },
    });
  const online = heard?.online ?? false;
  return (
    <header
      data-testid="client-top-bar"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        padding: '0 16px',
        height: 52,
        borderBottom: '1px solid var(--ant-color-split, #f0f0f0)',
      }}
    >
      <Space>
        <Typography.Text strong>{t('appName')}</Typography.Text>
        <Tooltip title={heard ? undefined : workspace('presenceOffline')}>
          <Badge status={online ? 'success' : heard ? 'warning' : 'default'} data-testid="presence-dot" />
        </Tooltip>
        <Typography.Text data-testid="agent-name">{session?.user.nickname || session?.user.username}</Typography.Text>
        {me && (
          <Tooltip
            title={workspace('myLoadHint', {
              numbers:
                me.numbers.map((number) => number.verified_name || number.phone).join(', ') || workspace('noNumbers'),
            })}
          >
            <Tag data-testid="agent-load" color={me.open_count >= me.max_open ? 'red' : 'default'}>
              {workspace('myLoad', { open: me.open_count, max: me.max_open })}
            </Tag>
          </Tooltip>
        )}
      </Space>
      <Space size="middle">
        <Segmented<PresenceState>
          aria-label={t('presence')}
          data-testid="presence-switch"
          value={presence}
          onChange={(value) => presenceStore.set(value)}
          options={[
            { value: 'online', label: t('online') },
            { value: 'away', label: t('away') },
          ]}
        />
        <Tooltip title={sound ? t('soundOn') : t('soundOff')}>
          <Space size={4}>
            <SoundOutlined aria-hidden />
            <Switch
              size="small"
              aria-label={t('sound')}
              data-testid="sound-switch"
              checked={sound}
              onChange={(on) => soundStore.set(on)}
            />
          </Space>
        </Tooltip>
        <NoticeBell />
        <Button type="text" data-testid="language-toggle" onClick={() => setLanguage(language === 'zh' ? 'en' : 'zh')}>
          {t('switchLanguage')}
        </Button>
        <Button icon={<LogoutOutlined />} onClick={signOut} data-testid="sign-out">
          {t('signOut')}
        </Button>
      </Space>
    </header>
  );
}
