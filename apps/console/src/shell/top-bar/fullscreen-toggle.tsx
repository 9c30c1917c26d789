import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(listener: () => void) {
  document.addEventListener('fullscreenchange', listener);
  return () => document.removeEventListener('fullscreenchange', listener);
}
const isFullscreen = () => document.fullscreenElement !== null;

/** Enters and leaves full screen; follows the browser when Esc leaves it. */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const fullscreen = useSyncExternalStore(subscribe, isFullscreen);
  const toggle = () => {
    const change = fullscreen ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    change.catch((error: unknown) => console.warn('full screen refused', error));
  };
  const label = fullscreen ? t('exitFullscreen') : t('fullscreen');
  return (
    <Tooltip title={label} placement="bottom">
      <Button
        type="text"
        className="shell-header-button"
        aria-label={label}
        data-testid="fullscreen-toggle"
        data-fullscreen={fullscreen}
        icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}
