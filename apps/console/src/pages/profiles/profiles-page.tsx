import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { calls, type ProfileRun, type ProfileSet } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { actionsColumn, FilterBar, formatTime, PagedTable, useConfirm, usePagedList } from '@ws/web-kit/list';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';
import { Button, Card, Form, Image, Input, Space, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../components/codes/code-label.js';
import { useEditDialog } from '../../components/form/index.js';
import { ApplyDialog } from './apply-dialog.js';
import { ProfileSetForm } from './profile-set-form.js';
import { RunCounts } from './run-progress.js';
import { RunResults } from './run-results.js';

/** The sets: searched, added, edited, deleted, and applied to numbers. */
function SetsTab({ onStarted }: { onStarted(run: ProfileRun): void }) {
  const { t } = useTranslation('profiles');
  const [form] = Form.useForm<{ search?: string }>();
  const [search, setSearch] = useState<string>();
  const list = usePagedList(calls.profileList, { filters: { search } });
  const dialog = useEditDialog<ProfileSet>();
  const [applying, setApplying] = useState<ProfileSet>();
  const confirm = useConfirm();
  const remove = (set: ProfileSet) =>
    confirm(async () => {
      await callApi(calls.profileDelete, { body: { ids: [set.id] }, notifySuccess: true });
      await list.refresh();
    });
  const columns: TableColumnsType<ProfileSet> = [
    {
      title: t('picture'),
      dataIndex: 'picture',
      render: (url: string) => (url ? <Image src={url} width={40} height={40} style={{ objectFit: 'cover' }} /> : null),
    },
    { title: t('name'), dataIndex: 'name' },
    {
      title: t('about'),
      dataIndex: 'about',
      render: (about: string) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: about }} style={{ margin: 0, maxWidth: 320 }}>
          {about}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('vertical'),
      dataIndex: 'vertical',
      render: (code: string) => (code ? <CodeLabel group="ProfileVertical" code={code} /> : null),
    },
    {
      title: t('websites'),
      dataIndex: 'websites',
      render: (sites: string[]) => sites.map((site) => <Tag key={site}>{site}</Tag>),
    },
    { title: t('updatedAt'), dataIndex: 'updated_at', render: formatTime },
    actionsColumn(t('actions'), (set: ProfileSet) => [
      { label: t('apply'), onClick: () => setApplying(set), testId: 'profile-apply-open' },
      { label: t('edit'), onClick: () => dialog.edit(set), testId: 'profile-edit' },
      { label: t('delete'), danger: true, onClick: () => remove(set), testId: 'profile-delete' },
    ]),
  ];
  return (
    <>
      <FilterBar<{ search?: string }>
        form={form}
        onSearch={(values) => setSearch(values.search || undefined)}
        extra={
          <Space>
            <Button type="primary" icon={<PlusOutlined />} onClick={dialog.add} data-testid="profile-add">
              {t('add')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={() => void list.refresh()}>
              {t('refresh')}
            </Button>
          </Space>
        }
      >
        <Form.Item name="search">
          <Input allowClear placeholder={t('search')} style={{ width: 200 }} />
        </Form.Item>
      </FilterBar>
      <PagedTable<ProfileSet> rowKey="id" columns={columns} list={list} />
      <ProfileSetForm {...dialog.dialog} onSaved={() => void list.refresh()} />
      {applying && (
        <ApplyDialog
          set={applying}
          onClose={() => setApplying(undefined)}
          onStarted={(run) => {
            setApplying(undefined);
            onStarted(run);
          }}
        />
      )}
    </>
  );
}

/** The runs, newest first, kept live by `profile.progress`; a run opens its results. */
function RunsTab({ onOpen }: { onOpen(run: ProfileRun): void }) {
  const { t } = useTranslation('profiles');
  const list = usePagedList(calls.profileRuns, { filters: {} });
  useRefetchOnEvent(list.queryKey, (event) => event.type === 'profile.progress');
  const columns: TableColumnsType<ProfileRun> = [
    { title: t('set'), dataIndex: 'set_name' },
    {
      title: t('status'),
      dataIndex: 'status',
      render: (code: string) => <CodeLabel group="ProfileRunStatus" code={code} />,
    },
    { title: t('progress'), key: 'progress', render: (_: unknown, run: ProfileRun) => <RunCounts run={run} /> },
    { title: t('createdAt'), dataIndex: 'created_at', render: formatTime },
    { title: t('finishedAt'), dataIndex: 'finished_at', render: formatTime },
    actionsColumn(t('actions'), (run: ProfileRun) => [
      { label: t('results'), onClick: () => onOpen(run), testId: 'profile-run-results' },
    ]),
  ];
  return <PagedTable<ProfileRun> rowKey="id" columns={columns} list={list} />;
}

/**
 * /content/script: business profiles in bulk (decision 0025). Profile sets with Meta's limits,
 * applied to many numbers as a run whose progress and per-number results show live, failed
 * numbers retried, and each number's current profile read back beside the set.
 */
export default function ProfilesPage() {
  const { t } = useTranslation('profiles');
  const [tab, setTab] = useState('sets');
  const [open, setOpen] = useState<ProfileRun>();
  return (
    <Card title={t('title')} data-testid="profiles-page">
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          {
            key: 'sets',
            label: t('sets'),
            children: (
              <SetsTab
                onStarted={(run) => {
                  setTab('runs');
                  setOpen(run);
                }}
              />
            ),
          },
          { key: 'runs', label: t('runs'), children: <RunsTab onOpen={setOpen} /> },
        ]}
      />
      {open && <RunResults run={open} onClose={() => setOpen(undefined)} />}
    </Card>
  );
}
