import { calls, type IntakeShare, ORDER_LIMITS } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { SearchSelect } from '@ws/web-kit/pickers';
import { dateTimePickerFormat } from '@ws/web-kit/utils';
import { DatePicker, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchContacts } from './order-calls.js';

interface DetailFields {
  shareId?: string;
  contactId?: string;
  at?: Dayjs | null;
  note: string;
}

/** Enters a lead by hand (`order/adddetail`): the share it came through, the contact, when, and a note. */
export function DetailDialog({ shares, open, onClose }: { shares: IntakeShare[]; open: boolean; onClose(): void }) {
  const { t } = useTranslation('orders');
  const [form] = Form.useForm<DetailFields>();
  const [saving, setSaving] = useState(false);
  const live = shares.filter((share) => !share.removed);
  useEffect(() => {
    if (open) form.setFieldsValue({ shareId: live[0]?.id, contactId: undefined, at: null, note: '' });
  }, [open, form, live[0]?.id]);

  const save = async (values: DetailFields) => {
    setSaving(true);
    try {
      await callApi(calls.orderAddDetail, {
        body: {
          shareId: values.shareId ?? '',
          contactId: values.contactId ?? '',
          note: values.note ?? '',
          ...(values.at ? { at: values.at.toISOString() } : {}),
        },
        notifySuccess: true,
      });
      onClose();
    } catch {
      // Shown by the request wrapper; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('addDetail')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      okButtonProps={{ ...{ 'data-testid': 'detail-save' } }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)} data-testid="detail-form">
        <Form.Item name="shareId" label={t('share')} rules={[{ required: true, message: t('required') }]}>
          <Select
            options={live.map((share) => ({ value: share.id, label: `${share.owner_name} #${share.id}` }))}
            data-testid="detail-share"
          />
        </Form.Item>
        <Form.Item name="contactId" label={t('contact')} rules={[{ required: true, message: t('required') }]}>
          <SearchSelect
            queryKey={[calls.contactList.id, 'order-detail']}
            search={searchContacts}
            placeholder={t('contactSearch')}
            notFound={t('contactSearch')}
            style={{ width: '100%' }}
            data-testid="detail-contact"
          />
        </Form.Item>
        <Form.Item name="at" label={t('at')}>
          <DatePicker showTime format={dateTimePickerFormat()} />
        </Form.Item>
        <Form.Item name="note" label={t('note')}>
          <Input maxLength={ORDER_LIMITS.note} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
