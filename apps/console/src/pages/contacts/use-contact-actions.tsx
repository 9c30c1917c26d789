import { DeleteOutlined, DownloadOutlined, TagsOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { type ContactFilters, calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { type BatchAction, type RowSelection, useConfirm, useDownload } from '@ws/web-kit/list';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshTags } from '../tags/tag-queries.js';
import { MoveDialog, TagDialog } from './contact-dialogs.js';

type Dialog = { kind: 'move' | 'tag'; ids: string[] } | undefined;

const EXPORT_NAME = 'contacts.csv';

/**
 * The contact list's batch actions (delete after the 确定将选择数据删除? confirmation, move, tag,
 * export of the selection), the export of everything the filters match, and the dialogs. Each
 * change refreshes the list; tag changes refresh the tag selects' counts too.
 */
export function useContactActions({
  selection,
  filters,
  refresh,
}: {
  selection: RowSelection;
  filters: ContactFilters;
  refresh(): Promise<void>;
}) {
  const { t } = useTranslation('contacts');
  const confirm = useConfirm();
  const download = useDownload();
  const refreshTags = useRefreshTags();
  const [dialog, setDialog] = useState<Dialog>();

  /** Sends a change, then refreshes the list whether it worked or not (a failure was shown). */
  const change = async (send: () => Promise<unknown>) => {
    try {
      await send();
    } finally {
      await refresh();
    }
  };

  const actions: BatchAction[] = [
    {
      key: 'delete',
      label: t('batchDelete'),
      icon: <DeleteOutlined />,
      danger: true,
      run: (ids) =>
        confirm(
          () =>
            change(async () => {
              await callApi(calls.deleteContacts, { body: { ids }, notifySuccess: true });
              selection.drop(ids);
              await refreshTags();
            }),
          { content: t('deleteContent') },
        ),
    },
    {
      key: 'move',
      label: t('batchMove'),
      icon: <UserSwitchOutlined />,
      run: (ids) => setDialog({ kind: 'move', ids }),
    },
    { key: 'tag', label: t('batchTag'), icon: <TagsOutlined />, run: (ids) => setDialog({ kind: 'tag', ids }) },
    {
      key: 'export',
      label: t('exportSelected'),
      icon: <DownloadOutlined />,
      run: (ids) => void download(calls.exportContacts, { body: { ids } }, EXPORT_NAME),
    },
  ];

  const exportFiltered = () => void download(calls.exportContacts, { body: { filters } }, EXPORT_NAME);

  const close = () => setDialog(undefined);
  const dialogs = (
    <>
      {dialog?.kind === 'move' && (
        <MoveDialog
          ids={dialog.ids}
          onClose={close}
          onSubmit={(move) =>
            change(() => callApi(calls.moveContacts, { body: { ids: dialog.ids, ...move }, notifySuccess: true }))
          }
        />
      )}
      {dialog?.kind === 'tag' && (
        <TagDialog
          ids={dialog.ids}
          onClose={close}
          onSubmit={(tagging) =>
            change(async () => {
              const body = {
                ids: dialog.ids,
                addTagIds: tagging.addTagIds ?? [],
                removeTagIds: tagging.removeTagIds ?? [],
              };
              await callApi(calls.tagContacts, { body, notifySuccess: true });
              await refreshTags();
            })
          }
        />
      )}
    </>
  );

  return { actions, dialogs, exportFiltered };
}
