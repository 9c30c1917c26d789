import {
  DeleteOutlined,
  DownloadOutlined,
  GlobalOutlined,
  PlayCircleOutlined,
  SafetyCertificateOutlined,
  SwapOutlined,
  TagsOutlined,
  ToolOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { calls, MAX_CHECKED_NUMBERS, MAX_REPAIRED_NUMBERS } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { type BatchAction, type RowSelection, useConfirm, useDownload } from '@ws/web-kit/list';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chunksOf } from '../../../utils/chunks.js';
import { useRefreshTags } from '../../tags/tag-queries.js';
import { IpDialog, type OpenDialog, OwnerDialog, TagDialog } from './batch-dialogs.js';
import { type ChannelResults, ChannelResultsDialog } from './channel-results.js';

/**
 * The numbers list's batch actions and the dialogs they open. Each action refreshes the list when
 * it is done; check and repair run in chunks of the server's limits and show every number's result.
 */
export function useNumberActions({
  standby,
  selection,
  refresh,
}: {
  standby: boolean;
  selection: RowSelection;
  refresh(): Promise<void>;
}) {
  const { t } = useTranslation('numbers');
  const { message } = App.useApp();
  const confirm = useConfirm();
  const download = useDownload();
  const refreshTags = useRefreshTags();
  const [dialog, setDialog] = useState<OpenDialog>();
  const [results, setResults] = useState<ChannelResults>();

  /** Runs a Cloud API batch with a "working" notice; failures were shown by the request wrapper. */
  const withNotice = async (work: () => Promise<void>) => {
    const hide = message.loading(t('working'), 0);
    try {
      await work();
    } catch {
      // shown already
    } finally {
      hide();
      await refresh();
    }
  };

  const check = (ids: string[]) =>
    withNotice(async () => {
      const all = [];
      for (const chunk of chunksOf(ids, MAX_CHECKED_NUMBERS)) {
        all.push(...(await callApi(calls.numberCheck, { body: { ids: chunk } })).results);
      }
      setResults({ kind: 'check', results: all });
    });

  const repair = (ids: string[]) =>
    withNotice(async () => {
      const all = [];
      for (const chunk of chunksOf(ids, MAX_REPAIRED_NUMBERS)) {
        all.push(...(await callApi(calls.numberRepair, { body: { ids: chunk } })).results);
      }
      setResults({ kind: 'repair', results: all });
    });

  /** A plain batch update: toast, refresh; a failure was shown already. */
  const update = async (send: () => Promise<unknown>, after?: () => void) => {
    try {
      await send();
      after?.();
    } finally {
      await refresh();
    }
  };

  const actions: BatchAction[] = [
    { key: 'tags', label: t('batchTag'), icon: <TagsOutlined />, run: (ids) => setDialog({ kind: 'tags', ids }) },
    {
      key: 'owner',
      label: t('batchMove'),
      icon: <UserSwitchOutlined />,
      run: (ids) => setDialog({ kind: 'owner', ids }),
    },
    { key: 'ip', label: t('batchIp'), icon: <GlobalOutlined />, run: (ids) => setDialog({ kind: 'ip', ids }) },
    {
      key: 'type',
      label: standby ? t('toService') : t('toStandby'),
      icon: <SwapOutlined />,
      run: (ids) =>
        void update(
          () => callApi(calls.numberChangeType, { body: { ids, standby: !standby }, notifySuccess: true }),
          selection.clear,
        ).catch(() => undefined),
    },
    { key: 'check', label: t('batchCheck'), icon: <SafetyCertificateOutlined />, run: (ids) => void check(ids) },
    { key: 'repair', label: t('batchRepair'), icon: <ToolOutlined />, run: (ids) => void repair(ids) },
    {
      key: 'resume',
      label: t('batchResume'),
      icon: <PlayCircleOutlined />,
      run: (ids) =>
        void update(() => callApi(calls.numberResume, { body: { ids }, notifySuccess: true })).catch(() => undefined),
    },
    {
      key: 'export',
      label: t('exportContacts'),
      icon: <DownloadOutlined />,
      run: (ids) => void download(calls.exportContacts, { body: { numberIds: ids } }, 'contacts.csv'),
    },
    {
      key: 'recycle',
      label: t('batchRecycle'),
      icon: <DeleteOutlined />,
      danger: true,
      run: (ids) =>
        confirm(
          () =>
            update(
              () => callApi(calls.numberRecycle, { body: { ids }, notifySuccess: true }),
              () => selection.drop(ids),
            ),
          { content: t('recycleContent') },
        ),
    },
  ];

  const close = () => setDialog(undefined);
  const dialogs = (
    <>
      {dialog?.kind === 'tags' && (
        <TagDialog
          ids={dialog.ids}
          onClose={close}
          onSubmit={(change) =>
            update(async () => {
              const body = {
                ids: dialog.ids,
                addTagIds: change.addTagIds ?? [],
                removeTagIds: change.removeTagIds ?? [],
              };
              await callApi(calls.numberTags, { body, notifySuccess: true });
              await refreshTags();
            })
          }
        />
      )}
      {dialog?.kind === 'owner' && (
        <OwnerDialog
          ids={dialog.ids}
          onClose={close}
          onSubmit={({ ownerUserId }) =>
            update(() =>
              callApi(calls.numberMoveOwner, { body: { ids: dialog.ids, ownerUserId }, notifySuccess: true }),
            )
          }
        />
      )}
      {dialog?.kind === 'ip' && (
        <IpDialog
          ids={dialog.ids}
          onClose={close}
          onSubmit={({ ipId }) =>
            update(() =>
              callApi(calls.numberSetIp, { body: { ids: dialog.ids, ipId: ipId ?? null }, notifySuccess: true }),
            )
          }
        />
      )}
      <ChannelResultsDialog shown={results} onClose={() => setResults(undefined)} />
    </>
  );

  return { actions, dialogs, check };
}
