import { InboxOutlined } from '@ant-design/icons';
import { type AudienceList, CONSENT_SOURCES, type ConsentSource, MAX_AUDIENCE_FILE_BYTES } from '@ws/contract';
import { Alert, Button, Form, Input, Segmented, Select, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { CountrySelect } from '../../components/countries/country-select.js';
import { uploadAudience } from './audience-calls.js';
import { checkEvidenceFile, EvidenceFilePicker } from './evidence-file.js';

type Source = 'file' | 'paste';

interface UploadFields {
  name: string;
  consentSource: ConsentSource;
  evidenceText?: string;
  evidenceUrl?: string;
  evidenceFile?: File;
  defaultCountry?: string;
  lines?: string;
}

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HTTP_URL = /^https?:\/\/\S+$/i;

/**
 * Step 1 of an upload: the list's name, where its people agreed (source and evidence), the country
 * of national numbers, and a CSV / XLSX file or pasted numbers. Sent without a mapping: the server
 * answers with a draft (its columns, first rows and a guessed mapping) for the mapping step.
 */
export function UploadForm({ onUploaded }: { onUploaded(draft: AudienceList): void }) {
  const { t } = useTranslation('audiences');
  const codeName = useCodeName();
  const [form] = Form.useForm<UploadFields>();
  const [source, setSource] = useState<Source>('file');
  const [file, setFile] = useState<File>();
  const [fileMissing, setFileMissing] = useState(false);
  const [sending, setSending] = useState(false);
  const evidenceText = Form.useWatch('evidenceText', form);
  const evidenceUrl = Form.useWatch('evidenceUrl', form);
  const evidenceFile = Form.useWatch('evidenceFile', form);
  const hasEvidence = Boolean(evidenceText?.trim() || evidenceUrl?.trim() || evidenceFile);

  const submit = async (fields: UploadFields) => {
    if (source === 'file' && !file) {
      setFileMissing(true);
      return;
    }
    setSending(true);
    try {
      onUploaded(await uploadAudience({ ...fields, ...(source === 'file' ? { file } : { file: undefined }) }));
    } catch {
      // The request wrapper showed why (the file's type, size, or a field).
    } finally {
      setSending(false);
    }
  };

  return (
    <Form<UploadFields>
      form={form}
      layout="vertical"
      initialValues={{ consentSource: 'web_form' }}
      onFinish={(fields) => void submit(fields)}
      data-testid="audience-upload-form"
    >
      <Form.Item
        name="name"
        label={t('name')}
        rules={[
          { required: true, whitespace: true, message: t('nameRequired') },
          { max: 100, message: t('nameTooLong') },
        ]}
      >
        <Input maxLength={100} autoFocus data-testid="audience-name" />
      </Form.Item>
      <Form.Item name="consentSource" label={t('consentSource')} rules={[{ required: true }]}>
        <Select
          options={CONSENT_SOURCES.map((code) => ({ value: code, label: codeName('ConsentSource', code) }))}
          data-testid="audience-consent-source"
        />
      </Form.Item>
      <Form.Item name="evidenceText" label={t('evidenceText')} rules={[{ max: 2000, message: t('evidenceTooLong') }]}>
        <Input.TextArea
          rows={2}
          maxLength={2000}
          placeholder={t('evidenceTextHint')}
          data-testid="audience-evidence-text"
        />
      </Form.Item>
      <Form.Item
        name="evidenceUrl"
        label={t('evidenceUrl')}
        rules={[{ pattern: HTTP_URL, message: t('evidenceUrlInvalid') }]}
      >
        <Input maxLength={2000} placeholder="https://" data-testid="audience-evidence-url" />
      </Form.Item>
      <Form.Item
        name="evidenceFile"
        label={t('evidenceFile')}
        extra={t('evidenceFileHint')}
        rules={[{ validator: async (_, file?: File) => checkEvidenceFile(file, t('evidenceFileInvalid')) }]}
      >
        <EvidenceFilePicker chooseText={t('evidenceFileChoose')} />
      </Form.Item>
      <Alert
        type={hasEvidence ? 'info' : 'warning'}
        showIcon
        title={hasEvidence ? t('evidenceGiven') : t('evidenceMissing')}
        style={{ marginBottom: 16 }}
        data-testid="audience-evidence-note"
        data-evidence={hasEvidence ? 'yes' : 'no'}
      />
      <Form.Item name="defaultCountry" label={t('defaultCountry')} extra={t('defaultCountryHint')}>
        <CountrySelect allowClear placeholder={t('defaultCountryNone')} data-testid="audience-default-country" />
      </Form.Item>
      <Form.Item label={t('numbers')} required>
        <Segmented<Source>
          value={source}
          onChange={setSource}
          options={[
            { value: 'file', label: t('sourceFile') },
            { value: 'paste', label: t('sourcePaste') },
          ]}
          style={{ marginBottom: 12 }}
          data-testid="audience-source"
        />
        {source === 'file' ? (
          <div data-testid="audience-file">
            <Upload.Dragger
              accept={ACCEPT}
              multiple={false}
              maxCount={1}
              fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
              onRemove={() => setFile(undefined)}
              beforeUpload={(chosen) => {
                setFile(chosen);
                setFileMissing(false);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('drop')}</p>
              <p className="ant-upload-hint">{t('dropHint', { gigabytes: MAX_AUDIENCE_FILE_BYTES / 1024 ** 3 })}</p>
            </Upload.Dragger>
            {fileMissing && (
              <Typography.Text type="danger" data-testid="audience-file-missing">
                {t('fileRequired')}
              </Typography.Text>
            )}
          </div>
        ) : (
          <Form.Item name="lines" noStyle rules={[{ required: true, whitespace: true, message: t('linesRequired') }]}>
            <Input.TextArea rows={6} placeholder={t('linesHint')} data-testid="audience-lines" />
          </Form.Item>
        )}
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={sending} data-testid="audience-upload-next">
        {t('uploadNext')}
      </Button>
    </Form>
  );
}
