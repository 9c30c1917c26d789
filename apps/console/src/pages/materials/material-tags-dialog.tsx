import { calls, type MaterialTag } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useConfirm } from '@ws/web-kit/list';
import { Button, Input, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMaterialTags } from './material-queries.js';

/** The tenant's material tags: added, renamed in place, deleted (their materials stay, untagged). */
export function MaterialTagsDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('materials');
  const tags = useMaterialTags();
  const [name, setName] = useState('');
  const confirm = useConfirm();
  const refresh = () => void tags.refetch();
  const add = async () => {
    if (!name.trim()) return;
    try {
      await callApi(calls.materialTagAdd, { body: { name }, notifySuccess: true });
      setName('');
      refresh();
    } catch {
      // Shown by the request wrapper.
    }
  };
  const rename = async (tag: MaterialTag, next: string) => {
    if (next.trim() && next !== tag.name) {
      await callApi(calls.materialTagEdit, { body: { id: tag.id, name: next }, notifySuccess: true }).catch(() => {});
      refresh();
    }
  };
  return (
    <Modal open title={t('tagsTitle')} onCancel={onClose} footer={null} destroyOnHidden width={560}>
      <Space style={{ marginBottom: 12 }}>
        <Input
          value={name}
          maxLength={64}
          placeholder={t('tagName')}
          onChange={(event) => setName(event.target.value)}
          onPressEnter={() => void add()}
          data-testid="material-tag-name"
        />
        <Button type="primary" onClick={() => void add()} data-testid="material-tag-add">
          {t('tagAdd')}
        </Button>
      </Space>
      <Table<MaterialTag>
        rowKey="id"
        size="small"
        pagination={false}
        loading={tags.isFetching}
        dataSource={tags.data ?? []}
        columns={[
          {
            title: t('tagName'),
            dataIndex: 'name',
            render: (value: string, tag) => (
              <Typography.Text editable={{ onChange: (next) => void rename(tag, next) }}>{value}</Typography.Text>
            ),
          },
          { title: t('tagCount'), dataIndex: 'count' },
          {
            title: t('actions'),
            key: 'actions',
            render: (_: unknown, tag) => (
              <Button
                type="link"
                danger
                onClick={() =>
                  confirm(async () => {
                    await callApi(calls.materialTagDel, { body: { ids: [tag.id] }, notifySuccess: true });
                    refresh();
                  })
                }
              >
                {t('delete')}
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}
