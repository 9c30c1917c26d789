import { LogoutOutlined, SoundOutlined } from '@ant-design/icons';
import { setLanguage, useLanguage } from '@ws/web-kit/i18n';
import { endSession, useSession } from '@ws/web-kit/session';
import { App, Button, Segmented, Space, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Presence, presenceStore, soundStore, usePresence, useSound } from '../session/client-stores.js';

/** The top bar: who is signed in, their presence, the new-message sound, the language and signing out. */
export function TopBar() {
  const { t } = useTranslation('client');
  const session = useSession();
  const presence = usePresence();
  const sound = useSound();
  const language = useLanguage();
  const { modal } = App.useApp();
  const signOut = () =>
    modal.confirm({ title: t('confirmSignOut'), onOk: () => endSession(), okButtonProps: { danger: true } });
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
        <Typography.Text data-testid="agent-name">{session?.user.nickname || session?.user.username}</Typography.Text>
      </Space>
      <Space size="middle">
        <Segmented<Presence>
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
