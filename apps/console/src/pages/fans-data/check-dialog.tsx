import { calls, MAX_CHECKED_PHONES, type PhoneCheck } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { Button, Input, Modal, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { CountrySelect } from '../../components/countries/country-select.js';

/** A checked number, keyed by its place (the same number may be pasted twice). */
type CheckedRow = PhoneCheck & { key: number };

/** The numbers typed or pasted: one a line (commas and semicolons separate too), blanks left out. */
export const phonesOf = (text: string) =>
  text
    .split(/[\n,;，；]+/)
    .map((phone) => phone.trim())
    .filter(Boolean);

/**
 * Checks up to 1 000 pasted numbers at once, the way a list's check does (valid, E.164, country,
 * type, already a contact, opted out), without making a list. Never a WhatsApp lookup.
 */
export function CheckDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('audiences');
  const codeName = useCodeName();
  const [text, setText] = useState('');
  const [country, setCountry] = useState<string>();
  const [checking, setChecking] = useState(false);
  const [results, setResults] = useState<PhoneCheck[]>();
  const phones = phonesOf(text);
  const tooMany = phones.length > MAX_CHECKED_PHONES;

  const check = async () => {
    setChecking(true);
    try {
      setResults(await callApi(calls.audienceCheck, { body: { phones, defaultCountry: country ?? null } }));
    } catch {
      // Shown by the request wrapper.
    } finally {
      setChecking(false);
    }
  };

  const yesNo = (value: boolean) => (value ? t('yes') : t('no'));
  const columns: TableColumnsType<CheckedRow> = [
    { title: t('phone'), dataIndex: 'phone' },
    {
      title: t('checkValid'),
      dataIndex: 'valid',
      render: (valid: boolean, result) =>
        valid ? (
          <Tag color="success">{t('valid')}</Tag>
        ) : (
          <Tag color="error">{result.reason ? codeName('InvalidReason', result.reason) : t('invalid')}</Tag>
        ),
    },
    { title: 'E.164', dataIndex: 'e164', render: (e164: string | null) => e164 ?? '-' },
    { title: t('country'), dataIndex: 'country', render: (country: string | null) => country ?? '-' },
    {
      title: t('type'),
      dataIndex: 'type',
      render: (type: string | null) => (type ? codeName('PhoneType', type) : '-'),
    },
    { title: t('isContact'), dataIndex: 'contact', render: yesNo },
    {
      title: t('isOptedOut'),
      dataIndex: 'opted_out',
      render: (optedOut: boolean) => (optedOut ? <Tag color="warning">{t('yes')}</Tag> : t('no')),
    },
  ];

  return (
    <Modal open title={t('checkTitle')} footer={null} width={900} onCancel={onClose} destroyOnHidden>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="audience-check-dialog">
        <Typography.Text type="secondary">{t('checkIntro', { max: MAX_CHECKED_PHONES })}</Typography.Text>
        <Input.TextArea
          rows={6}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('linesHint')}
          data-testid="audience-check-phones"
        />
        <Space wrap>
          <CountrySelect
            allowClear
            value={country ?? null}
            onChange={setCountry}
            placeholder={t('defaultCountryNone')}
            style={{ width: 240 }}
            data-testid="audience-check-country"
          />
          <Button
            type="primary"
            loading={checking}
            disabled={phones.length === 0 || tooMany}
            onClick={() => void check()}
            data-testid="audience-check-run"
          >
            {t('checkRun', { count: phones.length })}
          </Button>
          {tooMany && <Typography.Text type="danger">{t('checkTooMany', { max: MAX_CHECKED_PHONES })}</Typography.Text>}
        </Space>
        {results && (
          <Table<CheckedRow>
            size="small"
            columns={columns}
            dataSource={results.map((result, index) => ({ ...result, key: index }))}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            scroll={{ x: 'max-content' }}
            data-testid="audience-check-results"
          />
        )}
      </Space>
    </Modal>
  );
}
