import { DeleteOutlined, EyeOutlined, ImportOutlined, NodeIndexOutlined, RedoOutlined } from '@ant-design/icons';
import { type AudienceList, calls, type RowOutcome } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { type RowAction, useConfirm, useDownload } from '@ws/web-kit/list';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runAudience } from './audience-calls.js';
import { CheckDialog } from './check-dialog.js';
import { LoadDialog } from './load-dialog.js';
import { UploadDialog } from './upload-dialog.js';

type Dialog =
  | { kind: 'upload'; draft?: AudienceList }
  | { kind: 'load'; list: AudienceList }
  | { kind: 'check' }
  | undefined;

export const mayLoad = (list: AudienceList) =>
  (list.status === 'ready' || list.status === 'loaded') && list.counts.valid > 0;
export const mayRerun = (list: AudienceList) => list.status !== 'draft' && list.status !== 'loading';

/**
 * What can be done to audience lists, shared by the table and the detail drawer: upload (and map a
 * draft), check numbers, load into contacts, re-run, download, delete after a confirmation. Each
 * change reads the lists again (`refresh`); `onDeleted` closes what showed a deleted list.
 */
export function useAudienceActions({
  refresh,
  onView,
  onDeleted,
}: {
  refresh(): Promise<void>;
  onView(list: AudienceList): void;
  onDeleted(ids: string[]): void;
}) {
  const { t } = useTranslation('audiences');
  const confirm = useConfirm();
  const download = useDownload();
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);

  const rerun = async (list: AudienceList) => {
    try {
      await runAudience(list.id);
    } finally {
      await refresh();
    }
  };
  const remove = (list: AudienceList) =>
    confirm(
      async () => {
        await callApi(calls.audienceDelete, { body: { ids: [list.id] }, notifySuccess: true });
        onDeleted([list.id]);
        await refresh();
      },
      { content: t('deleteContent', { name: list.name }) },
    );
  const downloadList = (list: AudienceList, format: 'csv' | 'xlsx', outcome?: RowOutcome) =>
    void download(
      calls.audienceDownload,
      { body: { id: list.id, format, ...(outcome ? { outcome } : {}) } },
      `list-${list.id}.${format}`,
    );

  /** The table's row actions; the drawer shows the rest. */
  const rowActions = (list: AudienceList): RowAction[] => [
    { label: t('view'), icon: <EyeOutlined />, onClick: () => onView(list), testId: 'audience-view' },
    ...(list.status === 'draft'
      ? [
          {
            label: t('mapColumns'),
            icon: <NodeIndexOutlined />,
            onClick: () => setDialog({ kind: 'upload', draft: list }),
            testId: 'audience-map',
          },
        ]
      : []),
    ...(mayLoad(list)
      ? [
          {
            label: t('load'),
            icon: <ImportOutlined />,
            onClick: () => setDialog({ kind: 'load', list }),
            testId: 'audience-load',
          },
        ]
      : []),
    ...(mayRerun(list)
      ? [
          {
            label: t('rerun'),
            icon: <RedoOutlined />,
            onClick: () => void rerun(list).catch(() => undefined),
            testId: 'audience-rerun',
          },
        ]
      : []),
    {
      label: t('delete'),
      icon: <DeleteOutlined />,
      danger: true,
      onClick: () => remove(list),
      testId: 'audience-delete',
    },
  ];

  const dialogs = (
    <>
      {dialog?.kind === 'upload' && (
        <UploadDialog draft={dialog.draft} onClose={close} onChanged={() => void refresh()} />
      )}
      {dialog?.kind === 'load' && <LoadDialog list={dialog.list} onClose={close} onStarted={() => void refresh()} />}
      {dialog?.kind === 'check' && <CheckDialog onClose={close} />}
    </>
  );

  return {
    rowActions,
    dialogs,
    upload: () => setDialog({ kind: 'upload' }),
    check: () => setDialog({ kind: 'check' }),
    map: (list: AudienceList) => setDialog({ kind: 'upload', draft: list }),
    load: (list: AudienceList) => setDialog({ kind: 'load', list }),
    rerun: (list: AudienceList) => void rerun(list).catch(() => undefined),
    remove,
    download: downloadList,
  };
}

export type AudienceActions = ReturnType<typeof useAudienceActions>;
