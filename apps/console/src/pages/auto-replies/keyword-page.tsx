import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { calls, type KeywordRule } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { actionsColumn, FilterBar, formatTime, PagedTable, useConfirm, usePagedList } from '@ws/web-kit/list';
import { Button, Card, Form, Input, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../components/codes/code-label.js';
import { useEditDialog } from '../../components/form/index.js';
import { hoursText } from './hours-fields.js';
import { KeywordForm } from './keyword-form.js';
import { KeywordTestBox } from './keyword-test-box.js';

interface Filters {
  search?: string;
}

/**
 * /content/keyword: keyword rules (decision 0024), highest priority first, added and edited with a
 * material of the library, and the test box that tells which rule would answer a message.
 */
export default function KeywordPage() {
  const { t } = useTranslation('autoReplies');
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const list = usePagedList(calls.keywordList, { filters });
  const dialog = useEditDialog<KeywordRule>();
  const confirm = useConfirm();
  const remove = (rule: KeywordRule) =>
    confirm(async () => {
      await callApi(calls.keywordDel, { body: { ids: [rule.id] }, notifySuccess: true });
      await list.refresh();
    });

  const columns: TableColumnsType<KeywordRule> = [
    { title: t('name'), dataIndex: 'name' },
    {
      title: t('keywords'),
      key: 'keywords',
      render: (_: unknown, rule: KeywordRule) => (
        <Space size={4} wrap>
          <CodeLabel group="MatchMode" code={rule.match_mode} />
          {rule.keywords.map((keyword) => (
            <Tag key={keyword}>{keyword}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('material'),
      dataIndex: 'material',
      render: (material: KeywordRule['material']) => (
        <Space size={4}>
          <CodeLabel group="MaterialType" code={material.tp} />
          {material.title}
        </Space>
      ),
    },
    {
      title: t('numbers'),
      dataIndex: 'number_ids',
      render: (ids: string[]) => (ids.length ? ids.length : t('numbersAll')),
    },
    { title: t('activeHours'), dataIndex: 'active_hours', render: (hours) => hoursText(hours, t('allDay')) },
    { title: t('priority'), dataIndex: 'priority' },
    { title: t('cooldown'), dataIndex: 'cooldown_seconds' },
    {
      title: t('status'),
      dataIndex: 'enabled',
      render: (enabled: boolean) => <Tag color={enabled ? 'green' : undefined}>{enabled ? t('on') : t('off')}</Tag>,
    },
    { title: t('updatedAt'), dataIndex: 'updated_at', render: formatTime },
    actionsColumn(t('actions'), (rule: KeywordRule) => [
      { label: t('edit'), onClick: () => dialog.edit(rule), testId: 'keyword-edit' },
      { label: t('delete'), danger: true, onClick: () => remove(rule), testId: 'keyword-delete' },
    ]),
  ];

  return (
    <Card title={t('keywordTitle')} data-testid="keyword-page">
      <Typography.Paragraph type="secondary">{t('keywordIntro')}</Typography.Paragraph>
      <KeywordTestBox />
      <div style={{ height: 16 }} />
      <FilterBar<Filters>
        form={form}
        onSearch={(values) => setFilters({ search: values.search || undefined })}
        extra={
          <Space>
            <Button type="primary" icon={<PlusOutlined />} onClick={dialog.add} data-testid="keyword-add">
              {t('add')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={() => void list.refresh()}>
              {t('refresh')}
            </Button>
          </Space>
        }
      >
        <Form.Item name="search">
          <Input allowClear placeholder={t('search')} style={{ width: 220 }} data-testid="keyword-search" />
        </Form.Item>
      </FilterBar>
      <PagedTable<KeywordRule> rowKey="id" columns={columns} list={list} />
      <KeywordForm {...dialog.dialog} onSaved={() => void list.refresh()} />
    </Card>
  );
}
