import { calls, NOTICE_AUDIENCES, NOTICE_LEVELS, type NoticeAudience, type NoticeLevel } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { dateTimePickerFormat, TIME_PICKER_FORMAT } from '@ws/web-kit/utils';
import { DatePicker, Form, Input, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { ModalForm } from '../../components/form/index.js';
import { CustomerMultiSelect } from './customer-multi-select.js';
import { NoticeEditor, toNoticeHtml } from './notice-editor.js';

/** How long a new notice shows unless the admin picks its end. */
const DEFAULT_DAYS_SHOWN = 7;

interface Fields {
  title: string;
  body: string;
  level: NoticeLevel;
  audience: NoticeAudience;
  tenantIds?: string[];
  startsAt?: Dayjs | null;
  endsAt: Dayjs;
}

/** `notice/add`: a notice with its level, its audience (every customer or chosen ones) and when it shows. */
export function NoticeDialog({ onClose, onSaved }: { onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('notices');
  const codeName = useCodeName();
  const [form] = Form.useForm<Fields>();
  const audience = Form.useWatch('audience', form);
  const pickerProps = {
    showTime: { format: TIME_PICKER_FORMAT },
    format: dateTimePickerFormat(),
    disabledDate: (day: Dayjs) => day.isBefore(dayjs(), 'day'),
  };
  return (
    <ModalForm<Fields>
      form={form}
      title={t('publishTitle')}
      width={720}
      okTestId="notice-save"
      testId="notice-form"
      onClose={onClose}
      onSubmit={async (fields) => {
        await callApi(calls.noticeAdd, {
          body: {
            title: fields.title,
            body: toNoticeHtml(fields.body),
            level: fields.level,
            audience: fields.audience,
            tenantIds: fields.audience === 'tenants' ? (fields.tenantIds ?? []) : [],
            startsAt: fields.startsAt ? fields.startsAt.toISOString() : undefined,
            endsAt: fields.endsAt.toISOString(),
          },
          notifySuccess: true,
        });
        onSaved();
      }}
    >
      <Form.Item
        name="title"
        label={t('title')}
        rules={[{ required: true, whitespace: true, message: t('titleRequired') }, { max: 120 }]}
      >
        <Input data-testid="notice-title-input" />
      </Form.Item>
      <Form.Item name="level" label={t('level')} initialValue="info">
        <Select
          options={NOTICE_LEVELS.map((level) => ({ value: level, label: codeName('NoticeLevel', level) }))}
          style={{ width: 160 }}
          data-testid="notice-level"
        />
      </Form.Item>
      <Form.Item name="audience" label={t('audience')} initialValue="all">
        <Radio.Group
          options={NOTICE_AUDIENCES.map((value) => ({ value, label: codeName('NoticeAudience', value) }))}
          data-testid="notice-audience"
        />
      </Form.Item>
      {audience === 'tenants' && (
        <Form.Item
          name="tenantIds"
          label={t('customers')}
          rules={[{ required: true, type: 'array', min: 1, message: t('customersRequired') }]}
        >
          <CustomerMultiSelect />
        </Form.Item>
      )}
      <Form.Item label={t('window')} required>
        <Form.Item name="startsAt" noStyle>
          <DatePicker {...pickerProps} placeholder={t('startsAt')} data-testid="notice-starts-at" />
        </Form.Item>
        <span style={{ margin: '0 8px' }}>–</span>
        <Form.Item
          name="endsAt"
          noStyle
          initialValue={dayjs().add(DEFAULT_DAYS_SHOWN, 'day')}
          rules={[{ required: true, message: t('windowRequired') }]}
        >
          <DatePicker {...pickerProps} placeholder={t('endsAt')} data-testid="notice-ends-at" />
        </Form.Item>
      </Form.Item>
      <Form.Item
        name="body"
        label={t('body')}
        extra={t('bodyHelp')}
        rules={[{ required: true, whitespace: true, message: t('bodyRequired') }]}
      >
        <NoticeEditor />
      </Form.Item>
    </ModalForm>
  );
}
