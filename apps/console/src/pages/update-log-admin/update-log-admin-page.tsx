import { PlusOutlined } from '@ant-design/icons';
import { calls, type NewUpdateLog } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { datePickerFormat, toDateParam } from '@ws/web-kit/utils';
import { Button, Card, DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '../../components/form/index.js';
import { UpdateLogList, useUpdateLogList } from '../update-log/update-log-list.js';

type Fields = Omit<NewUpdateLog, 'releasedOn'> & { releasedOn: Dayjs };

/** /terrace/log: the platform admin adds update log entries (version, release day, changes in both languages). */
export default function UpdateLogAdminPage() {
  const { t } = useTranslation('notices');
  const list = useUpdateLogList();
  const [adding, setAdding] = useState(false);
  const changesRule = [{ required: true, whitespace: true, message: t('changesRequired') }];
  return (
    <Card
      title={t('logAdminTitle')}
      data-testid="update-log-admin-page"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="update-log-add">
          {t('logAdd')}
        </Button>
      }
    >
      <UpdateLogList list={list} />
      {adding && (
        <ModalForm<Fields>
          title={t('logAdd')}
          okTestId="update-log-save"
          testId="update-log-form"
          onClose={() => setAdding(false)}
          onSubmit={async ({ releasedOn, ...fields }) => {
            await callApi(calls.updateAdd, {
              body: { ...fields, releasedOn: toDateParam(releasedOn) },
              notifySuccess: true,
            });
            await list.refresh();
          }}
        >
          <Form.Item
            name="version"
            label={t('version')}
            rules={[{ required: true, whitespace: true, message: t('versionRequired') }, { max: 40 }]}
          >
            <Input style={{ width: 200 }} data-testid="update-log-version" />
          </Form.Item>
          <Form.Item
            name="releasedOn"
            label={t('releasedOn')}
            initialValue={dayjs()}
            rules={[{ required: true, message: t('releasedOnRequired') }]}
          >
            <DatePicker format={datePickerFormat()} data-testid="update-log-released-on" />
          </Form.Item>
          <Form.Item name="changesZh" label={t('changesZh')} rules={changesRule}>
            <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={10_000} data-testid="update-log-zh" />
          </Form.Item>
          <Form.Item name="changesEn" label={t('changesEn')} rules={changesRule}>
            <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={10_000} data-testid="update-log-en" />
          </Form.Item>
        </ModalForm>
      )}
    </Card>
  );
}
