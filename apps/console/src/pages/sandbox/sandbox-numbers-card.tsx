import { type CreateSandboxNumbers, calls, type ImportStarted, MAX_SANDBOX_NUMBERS } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { Button, Card, Form, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SANDBOX_TRAIT_DEFAULTS, SandboxTraitFields } from './sandbox-traits.js';

/**
 * On the import screen when numbers live in the sandbox: makes sandbox numbers and imports them,
 * so a newcomer needs no file, ids or tokens. The import then shows like an uploaded one.
 */
export function SandboxNumbersCard({ onStarted }: { onStarted(started: ImportStarted): void }) {
  const { t } = useTranslation('sandbox');
  const [busy, setBusy] = useState(false);
  const create = async (values: CreateSandboxNumbers) => {
    setBusy(true);
    try {
      onStarted(await callApi(calls.createSandboxNumbers, { body: values, notifySuccess: true }));
    } catch {
      // The request wrapper showed why (the target is Meta, or the sandbox did not answer).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('cardTitle')} data-testid="sandbox-numbers-card">
      <Typography.Paragraph>{t('importIntro')}</Typography.Paragraph>
      <Form<CreateSandboxNumbers>
        layout="inline"
        initialValues={{ count: 3, ...SANDBOX_TRAIT_DEFAULTS }}
        onFinish={(values) => void create(values)}
      >
        <Form.Item name="count" label={t('count')} rules={[{ required: true }]}>
          <InputNumber min={1} max={MAX_SANDBOX_NUMBERS} precision={0} data-testid="sandbox-count" />
        </Form.Item>
        <SandboxTraitFields />
        <Button type="primary" htmlType="submit" loading={busy} data-testid="sandbox-create">
          {t('create')}
        </Button>
      </Form>
    </Card>
  );
}
