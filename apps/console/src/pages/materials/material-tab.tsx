import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { calls, MATERIAL_DELETES, type Material, type MaterialType, materialDeleteCalls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { actionsColumn, FilterBar, formatTime, PagedTable, useConfirm, usePagedList } from '@ws/web-kit/list';
import { Button, Form, Input, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditDialog } from '../../components/form/index.js';
import { MaterialBindingsDialog } from './material-bindings-dialog.js';
import { FilePreview } from './material-file-field.js';
import { MaterialForm } from './material-form.js';
import { useMaterialTags } from './material-queries.js';

interface Filters {
  search?: string;
  tagId?: string;
}

const deleteCallOf = (tp: MaterialType) =>
  Object.values(materialDeleteCalls).find((call) => call.path === `/api/mater/${MATERIAL_DELETES[tp]}`);

/** What a row shows of its material: the file, the card, the steps or the text. */
function ContentCell({ material }: { material: Material }) {
  const { t } = useTranslation('materials');
  let shown: ReactNode = null;
  if (material.file) shown = <FilePreview file={material.file} small />;
  else if (material.card) shown = `${material.card.name} · ${material.card.phones.join(', ')}`;
  else if (material.tp === 'auto') shown = t('stepsCount', { count: material.steps.length });
  return (
    <Space direction="vertical" size={2}>
      {shown}
      {material.text && (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: material.text }} style={{ margin: 0, maxWidth: 420 }}>
          {material.text}
        </Typography.Paragraph>
      )}
      {material.buttons.length > 0 && (
        <Space size={4}>
          {material.buttons.map((button) => (
            <Tag key={button.title}>{button.title}</Tag>
          ))}
        </Space>
      )}
    </Space>
  );
}

/** One type's materials: searched and filtered by tag, added, edited, bound and deleted. */
export function MaterialTab({ tp }: { tp: MaterialType }) {
  const { t } = useTranslation('materials');
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const list = usePagedList(calls.materialList, { tp, filters });
  const tags = useMaterialTags();
  const dialog = useEditDialog<Material>();
  const [binding, setBinding] = useState<Material>();
  const confirm = useConfirm();
  const remove = (material: Material) =>
    confirm(async () => {
      const call = deleteCallOf(tp);
      if (call) await callApi(call, { body: { ids: [material.id] }, notifySuccess: true });
      await list.refresh();
    });

  const columns: TableColumnsType<Material> = [
    {
      title: tp === 'text' ? t('shortcut') : t('materialTitle'),
      dataIndex: 'title',
      render: (title: string) => (tp === 'text' ? <code>/{title}</code> : title),
    },
    {
      title: t('content'),
      key: 'content',
      render: (_: unknown, material: Material) => <ContentCell material={material} />,
    },
    { title: t('tag'), dataIndex: 'tag', render: (tag: Material['tag']) => (tag ? <Tag>{tag.name}</Tag> : null) },
    {
      title: t('bindings'),
      dataIndex: 'bindings',
      render: (count: number) => (
        <span data-testid="material-bindings">{count ? t('bindingsCount', { count }) : t('bindingsOpen')}</span>
      ),
    },
    { title: t('updatedAt'), dataIndex: 'updated_at', render: formatTime },
    actionsColumn(t('actions'), (material: Material) => [
      { label: t('edit'), onClick: () => dialog.edit(material), testId: 'material-edit' },
      { label: t('bind'), onClick: () => setBinding(material), testId: 'material-bind' },
      { label: t('delete'), danger: true, onClick: () => remove(material), testId: 'material-delete' },
    ]),
  ];

  return (
    <div data-testid={`material-tab-${tp}`}>
      <FilterBar<Filters>
        form={form}
        onSearch={(values) => setFilters({ search: values.search || undefined, tagId: values.tagId || undefined })}
        extra={
          <Space>
            <Button type="primary" icon={<PlusOutlined />} onClick={dialog.add} data-testid="material-add">
              {t('add')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={() => void list.refresh()}>
              {t('refresh')}
            </Button>
          </Space>
        }
      >
        <Form.Item name="search">
          <Input allowClear placeholder={t('search')} style={{ width: 200 }} data-testid="material-search" />
        </Form.Item>
        <Form.Item name="tagId">
          <Select
            allowClear
            placeholder={t('tagFilter')}
            style={{ width: 160 }}
            options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
            data-testid="material-tag-filter"
          />
        </Form.Item>
      </FilterBar>
      <PagedTable<Material> rowKey="id" columns={columns} list={list} />
      <MaterialForm tp={tp} {...dialog.dialog} onSaved={() => void list.refresh()} />
      {binding && (
        <MaterialBindingsDialog
          material={binding}
          onClose={() => {
            setBinding(undefined);
            void list.refresh();
          }}
        />
      )}
    </div>
  );
}
