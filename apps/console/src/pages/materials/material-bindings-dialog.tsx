import { useQuery } from '@tanstack/react-query';
import { calls, type Material, type MaterialBinding } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { NumberMultiSelect } from '@ws/web-kit/pickers';
import { Button, Form, Modal, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../components/codes/code-label.js';

/** A material's bindings: listed, added (agents and numbers), removed. */
export function MaterialBindingsDialog({ material, onClose }: { material: Material; onClose(): void }) {
  const { t } = useTranslation('materials');
  const bindings = useQuery({
    queryKey: [calls.materialBindList.id, material.id],
    queryFn: ({ signal }) => callApi(calls.materialBindList, { body: { id: material.id }, signal }),
  });
  const agents = useQuery({
    queryKey: [calls.contactAgents.id],
    queryFn: ({ signal }) => callApi(calls.contactAgents, { body: {}, signal }),
    staleTime: 60_000,
  });
  const [userIds, setUserIds] = useState<string[]>([]);
  const [numberIds, setNumberIds] = useState<string[]>([]);
  const refresh = () => void bindings.refetch();
  const add = async () => {
    if (userIds.length + numberIds.length === 0) return;
    try {
      await callApi(calls.materialBind, {
        body: { materialIds: [material.id], userIds, numberIds },
        notifySuccess: true,
      });
      setUserIds([]);
      setNumberIds([]);
      refresh();
    } catch {
      // Shown by the request wrapper.
    }
  };
  const remove = async (binding: MaterialBinding) => {
    await callApi(calls.materialUnbind, { body: { ids: [binding.id] }, notifySuccess: true }).catch(() => {});
    refresh();
  };
  return (
    <Modal
      open
      title={`${t('bindTitle')}: ${material.title}`}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={640}
    >
      <Typography.Paragraph type="secondary">{t('bindIntro')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('bindUsers')}>
          <Select
            mode="multiple"
            value={userIds}
            onChange={setUserIds}
            showSearch={{ optionFilterProp: 'label' }}
            options={(agents.data ?? []).map((user) => ({ value: user.id, label: user.username }))}
            data-testid="material-bind-users"
          />
        </Form.Item>
        <Form.Item label={t('bindNumbers')}>
          <NumberMultiSelect value={numberIds} onChange={setNumberIds} data-testid="material-bind-numbers" />
        </Form.Item>
        <Button type="primary" onClick={() => void add()} data-testid="material-bind-add">
          {t('bindAdd')}
        </Button>
      </Form>
      <Table<MaterialBinding>
        style={{ marginTop: 16 }}
        rowKey="id"
        size="small"
        pagination={false}
        loading={bindings.isFetching}
        dataSource={bindings.data ?? []}
        locale={{ emptyText: t('noBindings') }}
        columns={[
          {
            title: t('bindKind'),
            dataIndex: 'kind',
            render: (kind: string) => <CodeLabel group="BindingKind" code={kind} />,
          },
          { title: t('bindTarget'), dataIndex: 'target_name' },
          {
            title: t('actions'),
            key: 'actions',
            render: (_: unknown, binding) => (
              <Space>
                <Button type="link" danger onClick={() => void remove(binding)} data-testid="material-unbind">
                  {t('unbind')}
                </Button>
              </Space>
            ),
          },
        ]}
        data-testid="material-bindings-table"
      />
    </Modal>
  );
}
