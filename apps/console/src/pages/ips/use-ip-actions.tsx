import {
  CheckCircleOutlined,
  DeleteOutlined,
  FolderOpenOutlined,
  StopOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { calls, type IpCheckResult, type IpScope, MAX_IP_CHECKS } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { type BatchAction, type RowSelection, useConfirm } from '@ws/web-kit/list';
import { App, Form } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '../../components/form/index.js';
import { chunksOf } from '../../utils/chunks.js';
import type { IpRowActions } from './ip-columns.js';
import { groupIdOf, IpGroupSelect, NO_GROUP } from './ip-group-select.js';

/**
 * What can be done to IPs, one or the selection: health check (50 per request, one request after
 * another), enable, disable, move to a group, delete after the 确定将选择数据删除? confirmation.
 */
export function useIpActions({
  scope,
  selection,
  refresh,
}: {
  scope: IpScope;
  selection: RowSelection;
  refresh(): Promise<void>;
}): Omit<IpRowActions, 'canManage' | 'edit'> & { batch: BatchAction[]; dialogs: ReactNode } {
  const { t } = useTranslation('ips');
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [checking, setChecking] = useState<ReadonlySet<string>>(new Set());
  const [moving, setMoving] = useState<string[] | undefined>();
  const [target, setTarget] = useState<string>(NO_GROUP);

  const check = async (ids: string[]) => {
    setChecking((running) => new Set([...running, ...ids]));
    const hide = message.loading(t('checking', { count: ids.length }), 0);
    const results: IpCheckResult[] = [];
    try {
      for (const chunk of chunksOf(ids, MAX_IP_CHECKS)) {
        results.push(...(await callApi(calls.ipCheck, { body: { scope, ids: chunk } })));
      }
      const ok = results.filter((result) => result.ok).length;
      void message.success(t('checkDone', { ok, failed: results.length - ok }));
    } catch {
      // Shown by the request wrapper.
    } finally {
      hide();
      setChecking((running) => new Set([...running].filter((id) => !ids.includes(id))));
      await refresh();
    }
  };

  const remove = (ids: string[]) =>
    confirm(
      async () => {
        await callApi(calls.ipDel, { body: { scope, ids }, notifySuccess: true });
        selection.drop(ids);
        await refresh();
      },
      { content: t('deleteContent') },
    );

  const setEnabled = async (ids: string[], enabled: boolean) => {
    await callApi(calls.ipManage, { body: { scope, ids, enabled }, notifySuccess: true }).catch(() => undefined);
    await refresh();
  };

  const move = async () => {
    if (!moving) return;
    await callApi(calls.ipManage, { body: { scope, ids: moving, groupId: groupIdOf(target) }, notifySuccess: true });
    setMoving(undefined);
    await refresh();
  };

  const batch: BatchAction[] = [
    { key: 'check', label: t('checkSelected'), icon: <ThunderboltOutlined />, run: (ids) => void check(ids) },
    { key: 'enable', label: t('enable'), icon: <CheckCircleOutlined />, run: (ids) => void setEnabled(ids, true) },
    { key: 'disable', label: t('disable'), icon: <StopOutlined />, run: (ids) => void setEnabled(ids, false) },
    {
      key: 'move',
      label: t('move'),
      icon: <FolderOpenOutlined />,
      run: (ids) => {
        setTarget(NO_GROUP);
        setMoving(ids);
      },
    },
    { key: 'delete', label: t('deleteSelected'), icon: <DeleteOutlined />, danger: true, run: remove },
  ];

  const dialogs = (
    <ModalForm
      open={moving !== undefined}
      title={t('moveTitle', { count: moving?.length ?? 0 })}
      okText={t('save')}
      onSubmit={move}
      onClose={() => setMoving(undefined)}
      okTestId="ip-move-save"
    >
      <Form.Item label={t('moveTarget')}>
        <IpGroupSelect scope={scope} value={target} onChange={setTarget} data-testid="ip-move-group" />
      </Form.Item>
    </ModalForm>
  );

  return { checking, check, remove, setEnabled, batch, dialogs };
}
