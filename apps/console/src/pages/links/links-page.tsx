import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  QrcodeOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { calls, type Link } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { actionsColumn, FilterBar, PagedTable, type RowAction, useConfirm } from '@ws/web-kit/list';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
  QRCode,
  Space,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeLabel, useCodeName } from '../../components/codes/code-label.js';
import { publicUrlOf, useLinks } from './link-calls.js';
import { LinkDetailsDrawer } from './link-details.js';
import { LinkFormDrawer } from './link-form.js';

interface LinkFilters {
  search?: string;
}

/**
 * /marketingTasks/diversionlink: click-to-chat links. Each link sends its visitors, openly, to one
 * of its listed numbers by its rule; the list shows the targets and their state now, the drawer the
 * clicks and conversations per day and target and the click log.
 */
export default function LinksPage() {
  const { t } = useTranslation('links');
  const codeName = useCodeName();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [form] = Form.useForm<LinkFilters>();
  const [filters, setFilters] = useState<LinkFilters>({});
  const list = useLinks({ filters });
  const [shown, setShown] = useState<Link>();
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<Link>();
  const [formOpen, setFormOpen] = useState(false);
  const [qrOf, setQrOf] = useState<Link>();

  const copy = async (link: Link) => {
    // Without the Clipboard API (a plain-HTTP address), the QR dialog offers the address to copy.
    if (!navigator.clipboard) return setQrOf(link);
    await navigator.clipboard.writeText(publicUrlOf(link.path));
    void message.success(t('copied'));
  };
  const remove = (link: Link) =>
    confirm(
      async () => {
        await callApi(calls.linkDel, { body: { ids: [link.id] }, notifySuccess: true });
        await list.refresh();
      },
      { content: t('deleteContent', { name: link.name }) },
    );
  const actionsOf = (link: Link): RowAction[] => [
    {
      label: t('edit'),
      icon: <EditOutlined />,
      onClick: () => {
        setEditing(link);
        setFormOpen(true);
      },
      testId: 'link-edit',
    },
    { label: t('copy'), icon: <CopyOutlined />, onClick: () => void copy(link), testId: 'link-copy' },
    { label: t('qr'), icon: <QrcodeOutlined />, onClick: () => setQrOf(link), testId: 'link-qr' },
    { label: t('delete'), icon: <DeleteOutlined />, danger: true, onClick: () => remove(link), testId: 'link-delete' },
  ];

  const columns: TableColumnsType<Link> = [
    {
      title: t('name'),
      dataIndex: 'name',
      render: (name: string, link) => (
        <Space orientation="vertical" size={0}>
          <Typography.Link
            onClick={() => {
              setShown(link);
              setVersion((v) => v + 1);
            }}
            data-testid="link-name-link"
          >
            {name}
          </Typography.Link>
          {!link.enabled && <Tag>{t('disabled')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('url'),
      dataIndex: 'path',
      render: (path: string) => (
        <Typography.Text copyable={{ text: publicUrlOf(path) }} data-testid="link-url">
          {path}
        </Typography.Text>
      ),
    },
    { title: t('rule'), dataIndex: 'rule', render: (rule: string) => <CodeLabel group="LinkRule" code={rule} /> },
    {
      title: t('targets'),
      key: 'targets',
      render: (_, link) => (
        <Space orientation="vertical" size={2} data-testid="link-targets">
          {link.targets.map((target) => (
            <Tooltip key={target.id} title={codeName('LinkTargetState', target.state)}>
              <Typography.Text type={target.state === 'open' ? undefined : 'secondary'} data-state={target.state}>
                {target.phone} · ×{target.weight}
                {target.daily_aim > 0 ? ` · ${target.today_clicks}/${target.daily_aim}` : ''}
                {target.window_start ? ` · ${target.window_start}–${target.window_end}` : ''}
              </Typography.Text>
            </Tooltip>
          ))}
        </Space>
      ),
    },
    {
      title: t('clicks'),
      dataIndex: 'human_clicks',
      render: (n: number) => <span data-testid="link-clicks-count">{n}</span>,
    },
    { title: t('botClicks'), dataIndex: 'bot_clicks' },
    { title: t('conversations'), dataIndex: 'conversations' },
    actionsColumn(t('actions'), actionsOf),
  ];

  return (
    <Card title={t('title')} data-testid="links-page">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('intro')}
        </Typography.Paragraph>
        <FilterBar<LinkFilters> form={form} onSearch={setFilters}>
          <Form.Item name="search">
            <Input allowClear placeholder={t('search')} style={{ width: 220 }} data-testid="link-search" />
          </Form.Item>
        </FilterBar>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(undefined);
              setFormOpen(true);
            }}
            data-testid="link-create"
          >
            {t('create')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refresh()} data-testid="link-refresh">
            {t('refresh')}
          </Button>
        </Space>
        <PagedTable<Link> rowKey="id" columns={columns} list={list} data-testid="link-table" />
      </Space>
      <LinkDetailsDrawer link={shown} version={version} onClose={() => setShown(undefined)} />
      <LinkFormDrawer
        open={formOpen}
        editing={editing}
        onClose={() => setFormOpen(false)}
        onSaved={() => {
          setFormOpen(false);
          void list.refresh();
        }}
      />
      <Modal
        open={qrOf !== undefined}
        title={qrOf ? t('qrTitle', { name: qrOf.name }) : ''}
        footer={null}
        onCancel={() => setQrOf(undefined)}
      >
        {qrOf && (
          <Space orientation="vertical" align="center" style={{ width: '100%' }} data-testid="link-qr-code">
            <QRCode value={publicUrlOf(qrOf.path)} size={220} />
            <Typography.Text copyable>{publicUrlOf(qrOf.path)}</Typography.Text>
          </Space>
        )}
      </Modal>
    </Card>
  );
}
