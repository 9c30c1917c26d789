import { DeleteOutlined, EyeOutlined, PlusOutlined, ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import {
  calls,
  TEMPLATE_CATEGORIES,
  TEMPLATE_STATUSES,
  type Template,
  type TemplateCategory,
  type TemplateStatus,
} from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { actionsColumn, FilterBar, FilterSelect, formatTime, PagedTable, useConfirm } from '@ws/web-kit/list';
import { NumberSelect } from '@ws/web-kit/pickers';
import { App, Button, Card, Form, Input, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeLabel, LanguageLabel, useCodeName } from '../../components/codes/code-label.js';
import { useTemplates } from './template-calls.js';
import { TemplateDetailsModal } from './template-details.js';
import { TemplateFormDrawer } from './template-form.js';
import { TemplateQualityTag, TemplateStatusTag } from './template-status.js';

interface TemplateFilters {
  numberId?: string;
  wabaId?: string;
  status?: TemplateStatus;
  category?: TemplateCategory;
  language?: string;
  search?: string;
}

/**
 * /content/template: the message templates of the tenant's WABAs with status (live: review
 * decisions arrive as `template.updated` events), category, language, quality and number;
 * filters, a sync from the Cloud API, a create drawer with a live preview, a details and preview
 * dialog, and deletion after a confirmation.
 */
export default function TemplatesPage() {
  const { t } = useTranslation('templates');
  const codeName = useCodeName();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [form] = Form.useForm<TemplateFilters>();
  const [filters, setFilters] = useState<TemplateFilters>({});
  const list = useTemplates({ filters });
  const [shown, setShown] = useState<Template>();
  const [creating, setCreating] = useState(false);
  const [syncing, setSyncing] = useState(false);
  // The dialog follows the table's copy, which the events keep up to date.
  const current = shown && (list.records.find((template) => template.id === shown.id) ?? shown);

  const sync = async () => {
    setSyncing(true);
    try {
      const reply = await callApi(calls.templateSync, { body: filters.numberId ? { numberId: filters.numberId } : {} });
      void message.success(t('syncDone', { ...reply }));
      for (const failure of reply.failures) {
        void message.warning(t('syncFailed', { waba: failure.waba_id, message: failure.message }));
      }
    } catch {
      // The request wrapper has shown the failure.
    } finally {
      setSyncing(false);
      await list.refresh();
    }
  };
  const remove = (template: Template) =>
    confirm(
      async () => {
        await callApi(calls.templateDel, { body: { id: template.id }, notifySuccess: true });
        setShown(undefined);
        await list.refresh();
      },
      { content: t('deleteContent', { name: template.name, language: template.language }) },
    );

  const columns: TableColumnsType<Template> = [
    {
      title: t('name'),
      dataIndex: 'name',
      render: (name: string, template) => (
        <Typography.Link onClick={() => setShown(template)} data-testid="template-name-link">
          {name}
        </Typography.Link>
      ),
    },
    { title: t('language'), dataIndex: 'language', render: (code: string) => <LanguageLabel code={code} /> },
    {
      title: t('category'),
      dataIndex: 'category',
      render: (code: string) => <CodeLabel group="TemplateCategory" code={code} />,
    },
    { title: t('status'), key: 'status', render: (_, template) => <TemplateStatusTag template={template} /> },
    {
      title: t('quality'),
      dataIndex: 'quality_score',
      render: (quality: string | null) => <TemplateQualityTag quality={quality} />,
    },
    {
      title: t('waba'),
      key: 'waba',
      render: (_, template) => (
        <Space orientation="vertical" size={0}>
          <span>{template.phone ?? t('noPhone')}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {template.waba_name || template.waba_id}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('updatedAt'), dataIndex: 'updated_at', render: formatTime },
    actionsColumn(t('actions'), (template: Template) => [
      {
        label: t('preview'),
        icon: <EyeOutlined />,
        onClick: () => setShown(template),
        testId: 'template-preview-action',
      },
      ...(template.status === 'DELETED'
        ? []
        : [
            {
              label: t('delete'),
              icon: <DeleteOutlined />,
              danger: true,
              onClick: () => remove(template),
              testId: 'template-delete',
            },
          ]),
    ]),
  ];

  return (
    <Card title={t('title')} data-testid="templates-page">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <FilterBar<TemplateFilters> form={form} onSearch={setFilters}>
          <Form.Item name="search">
            <Input allowClear placeholder={t('search')} style={{ width: 180 }} data-testid="template-search" />
          </Form.Item>
          <Form.Item name="numberId">
            <NumberSelect data-testid="template-number-filter" />
          </Form.Item>
          <Form.Item name="wabaId">
            <Input allowClear placeholder={t('wabaFilter')} style={{ width: 170 }} data-testid="template-waba-filter" />
          </Form.Item>
          <FilterSelect
            name="status"
            placeholder={t('statusAll')}
            width={140}
            options={TEMPLATE_STATUSES.map((value) => ({ value, label: codeName('TemplateStatus', value) }))}
            data-testid="template-status-filter"
          />
          <FilterSelect
            name="category"
            placeholder={t('categoryAll')}
            width={140}
            options={TEMPLATE_CATEGORIES.map((value) => ({ value, label: codeName('TemplateCategory', value) }))}
            data-testid="template-category-filter"
          />
          <Form.Item name="language">
            <Input
              allowClear
              placeholder={t('languageFilter')}
              style={{ width: 170 }}
              data-testid="template-language-filter"
            />
          </Form.Item>
        </FilterBar>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setCreating(true)}
              data-testid="template-create"
            >
              {t('create')}
            </Button>
            <Button icon={<SyncOutlined />} loading={syncing} onClick={() => void sync()} data-testid="template-sync">
              {t('sync')}
            </Button>
          </Space>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refresh()} data-testid="template-refresh">
            {t('refresh')}
          </Button>
        </Space>
        <PagedTable<Template> rowKey="id" columns={columns} list={list} data-testid="template-table" />
      </Space>
      <TemplateDetailsModal template={current} onClose={() => setShown(undefined)} />
      <TemplateFormDrawer
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={() => {
          setCreating(false);
          void message.info(t('submitted'));
          void list.refresh();
        }}
      />
    </Card>
  );
}
