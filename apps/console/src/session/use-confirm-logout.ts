import { endSession } from '@ws/web-kit/session';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/** Logout asks first (退出系统, 是否继续?); confirming ends the session. */
export function useConfirmLogout(): () => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return () => {
    modal.confirm({ title: t('logoutTitle'), okText: t('confirm'), cancelText: t('cancel'), onOk: endSession });
  };
}
