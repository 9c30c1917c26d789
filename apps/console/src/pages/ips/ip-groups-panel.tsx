import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { calls, type IpGroup, type IpScope } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useConfirm } from '@ws/web-kit/list';
import { Button, Card, Menu, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditDialog } from '../../components/form/index.js';
import { IpGroupFormModal } from './ip-group-form.js';
import { useIpGroups, useRefreshIps } from './ip-queries.js';

/** The IP filter the side list picks: undefined every IP, null IPs in no group, else one group. */
export type GroupChoice = string | null | undefined;

const ALL = 'all';
const NONE = 'none';
const keyOf = (choice: GroupChoice) => (choice === undefined ? ALL : choice === null ? NONE : choice);
const choiceOf = (key: string): GroupChoice => (key === ALL ? undefined : key === NONE ? null : key);

/** The groups of a scope as a side list that filters the IP table; add, edit and delete for those who may. */
export function IpGroupsPanel({
  scope,
  canManage,
  selected,
  onSelect,
}: {
  scope: IpScope;
  canManage: boolean;
  selected: GroupChoice;
  onSelect(choice: GroupChoice): void;
}) {
  const { t } = useTranslation('ips');
  const groups = useIpGroups(scope);
  const refresh = useRefreshIps();
  const confirm = useConfirm();
  const editor = useEditDialog<IpGroup>();

  const remove = (group: IpGroup) =>
    confirm(
      async () => {
        await callApi(calls.ipGroupDel, { body: { scope, ids: [group.id] }, notifySuccess: true });
        if (selected === group.id) onSelect(undefined);
        await refresh();
      },
      { content: t('deleteGroupContent', { count: group.ip_count }) },
    );

  const label = (group: IpGroup) => (
    <div style={{ display: 'flex', alignItems: 'center', gap: 4 }} data-testid="ip-group-item" data-group={group.name}>
      <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }} title={group.remark || group.name}>
        {group.name} <Typography.Text type="secondary">({group.ip_count})</Typography.Text>
      </Typography.Text>
      {canManage && (
        <Space size={0} onClick={(event) => event.stopPropagation()}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('editGroup')}
            onClick={() => editor.edit(group)}
            data-testid="ip-group-edit"
          />
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('deleteGroup')}
            onClick={() => remove(group)}
            data-testid="ip-group-delete"
          />
        </Space>
      )}
    </div>
  );

  return (
    <Card
      size="small"
      title={t('groups')}
      data-testid="ip-groups"
      extra={
        canManage && (
          <Button size="small" type="link" icon={<PlusOutlined />} onClick={editor.add} data-testid="ip-group-add">
            {t('addGroup')}
          </Button>
        )
      }
      styles={{ body: { padding: 4 } }}
    >
      <Menu
        mode="inline"
        inlineIndent={12}
        style={{ borderInlineEnd: 'none' }}
        selectedKeys={[keyOf(selected)]}
        onClick={({ key }) => onSelect(choiceOf(key))}
        items={[
          { key: ALL, label: t('allIps') },
          { key: NONE, label: t('noGroup') },
          ...(groups.data ?? []).map((group) => ({ key: group.id, label: label(group) })),
        ]}
      />
      <IpGroupFormModal scope={scope} {...editor.dialog} onSaved={() => void refresh()} />
    </Card>
  );
}
