import { App } from 'antd';
import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmOptions {
  title?: ReactNode;
  content?: ReactNode;
  danger?: boolean;
  okText?: ReactNode;
}

/**
 * Asks before an action and runs it on OK; the dialog stays open (loading) until the action
 * settles. Without a title it asks the specification's 确定将选择数据删除?.
 */
export function useConfirm(): (action: () => Promise<unknown>, options?: ConfirmOptions) => void {
  const { t } = useTranslation('list');
  const { modal } = App.useApp();
  return useCallback(
    (action, options = {}) => {
      modal.confirm({
        title: options.title ?? t('confirmDelete'),
        content: options.content,
        okText: options.okText ?? t('ok'),
        cancelText: t('cancel'),
        okButtonProps: { danger: options.danger ?? options.title === undefined, ...{ 'data-testid': 'confirm-ok' } },
        onOk: async () => {
          try {
            await action();
          } catch {
            // The request wrapper has shown the failure; close the dialog.
          }
        },
      });
    },
    [modal, t],
  );
}
