import { calls, DETAIL_LIMITS, type IntakeShare } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { SearchSelect } from '@ws/web-kit/pickers';
import { dateTimePickerFormat } from '@ws/web-kit/utils';
import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '../../components/form/modal-form.js';
import { searchContacts } from './order-calls.js';

interface DetailFields {
  shareId: string;
  contactId: string;
  at?: Dayjs | null;
  note?: string;
}

/** Enters a lead by hand (`order/adddetail`): the share it came through, the contact, when, and a note. */
export function DetailDialog({ shares, open, onClose }: { shares: IntakeShare[]; open: boolean; onClose(): void }) {
  const { t } = useTranslation('orders');
  const live = shares.filter((share) => !share.removed);
  return (
    <ModalForm<DetailFields>
      open={open}
      title={t('addDetail')}
      testId="detail-form"
      okTestId="detail-save"
      onClose={onClose}
      onSubmit={(values) =>
        callApi(calls.orderAddDetail, {
          body: {
            shareId: values.shareId,
            contactId: values.contactId,
            note: values.note ?? '',
            ...(values.at ? { at: values.at.toISOString() } : {}),
          },
          notifySuccess: true,
        })
      }
    >
      <Form.Item
        name="shareId"
        label={t('share')}
        initialValue={live[0]?.id}
        rules={[{ required: true, message: t('required') }]}
      >
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
        <Input maxLength={DETAIL_LIMITS.note} />
      </Form.Item>
    </ModalForm>
  );
}
