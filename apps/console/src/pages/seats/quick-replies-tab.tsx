import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { calls, QUICK_REPLY_SHORTCUT_MAX, QUICK_REPLY_TEXT_MAX, type QuickReply } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { actionsColumn, FilterBar, formatTime, PagedTable, useConfirm, usePagedList } from '@ws/web-kit/list';
import { Button, Form, Input, Space, type TableColumnsType, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditDialogProps, ModalForm, useEditDialog } from '../../components/form/index.js';

interface ReplyFields {
  shortcut: string;
  text: string;
}

/** Adds a quick reply, or edits `editing`; `onSaved` runs once the server accepted it. */
function QuickReplyForm({ open, editing, onClose, onSaved }: EditDialogProps<QuickReply>) {
  const { t } = useTranslation('seats');
  const [form] = Form.useForm<ReplyFields>();
  useEffect(() => {
    if (open)
      form.setFieldsValue(editing ? { shortcut: editing.shortcut, text: editing.text } : { shortcut: '', text: '' });
  }, [open, editing, form]);
  const save = async (fields: ReplyFields) => {
    if (editing) await callApi(calls.quickReplyEdit, { body: { id: editing.id, ...fields }, notifySuccess: true });
    else await callApi(calls.quickReplyAdd, { body: fields, notifySuccess: true });
    onSaved();
  };
  return (
    <ModalForm<ReplyFields>
      open={open}
      form={form}
      title={editing ? t('replyEdit') : t('replyAdd')}
      okText={t('save')}
      onSubmit={save}
      onClose={onClose}
      preserve={false}
      testId="quick-reply-form"
      okTestId="quick-reply-form-save"
    >
      <Form.Item
        name="shortcut"
        label={t('shortcut')}
        extra={t('shortcutHelp')}
        rules={[{ required: true, whitespace: true, pattern: /^[^\s/]+$/, message: t('shortcutRule') }]}
      >
        <Input maxLength={QUICK_REPLY_SHORTCUT_MAX} prefix="/" autoFocus data-testid="quick-reply-form-shortcut" />
      </Form.Item>
      <Form.Item
        name="text"
        label={t('replyText')}
        rules={[{ required: true, whitespace: true, message: t('textRule') }]}
      >
        <Input.TextArea maxLength={QUICK_REPLY_TEXT_MAX} rows={4} showCount data-testid="quick-reply-form-text" />
      </Form.Item>
    </ModalForm>
  );
}

/** The tenant's quick replies, which agents find in the seat client by typing `/` and the shortcut. */
export function QuickRepliesTab() {
  const { t } = useTranslation('seats');
  const [form] = Form.useForm<{ search?: string }>();
  const [search, setSearch] = useState<string>();
  const list = usePagedList(calls.quickReplyList, { filters: search ? { search } : {} });
  const dialog = useEditDialog<QuickReply>();
  const confirm = useConfirm();
  const remove = (reply: QuickReply) =>
    confirm(async () => {
      await callApi(calls.quickReplyDel, { body: { ids: [reply.id] }, notifySuccess: true });
      await list.refresh();
    });

  const columns: TableColumnsType<QuickReply> = [
    { title: t('shortcut'), dataIndex: 'shortcut', render: (shortcut: string) => <code>/{shortcut}</code> },
    {
      title: t('replyText'),
      dataIndex: 'text',
      render: (text: string) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ margin: 0, maxWidth: 480 }}>
          {text}
        </Typography.Paragraph>
      ),
    },
    { title: t('updatedAt'), dataIndex: 'updated_at', render: formatTime },
    actionsColumn(t('actions'), (reply: QuickReply) => [
      { label: t('edit'), onClick: () => dialog.edit(reply), testId: 'quick-reply-edit' },
      { label: t('delete'), danger: true, onClick: () => remove(reply), testId: 'quick-reply-delete' },
    ]),
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('repliesIntro')}</Typography.Paragraph>
      <FilterBar<{ search?: string }>
        form={form}
        onSearch={(values) => setSearch(values.search)}
        extra={
          <Space>
            <Button type="primary" icon={<PlusOutlined />} onClick={dialog.add} data-testid="quick-reply-add">
              {t('replyAdd')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={() => void list.refresh()}>
              {t('refresh')}
            </Button>
          </Space>
        }
      >
        <Form.Item name="search">
          <Input allowClear placeholder={t('replySearch')} style={{ width: 220 }} data-testid="quick-reply-search" />
        </Form.Item>
      </FilterBar>
      <PagedTable<QuickReply> rowKey="id" columns={columns} list={list} />
      <QuickReplyForm {...dialog.dialog} onSaved={() => void list.refresh()} />
    </>
  );
}
