import { type CreateSandboxRegistrationNumber, calls, type RegistrationNumber } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { Button, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBusy } from '../registration/use-busy.js';
import { SANDBOX_TRAIT_DEFAULTS, SandboxTraitFields } from './sandbox-traits.js';

/** The registration's first step for a sandbox number: made and recorded in one call. */
export function SandboxRegistrationForm({ onReady }: { onReady(number: RegistrationNumber): void }) {
  const { t } = useTranslation('sandbox');
  const { busy, run } = useBusy();
  const create = (values: CreateSandboxRegistrationNumber) =>
    run(async () =>
      onReady(await callApi(calls.createSandboxRegistrationNumber, { body: values, notifySuccess: true })),
    );
  return (
    <Form<CreateSandboxRegistrationNumber>
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={SANDBOX_TRAIT_DEFAULTS}
      onFinish={(values) => void create(values)}
      data-testid="sandbox-registration-form"
    >
      <Typography.Paragraph>{t('registrationIntro')}</Typography.Paragraph>
      <SandboxTraitFields />
      <Button type="primary" htmlType="submit" loading={busy} data-testid="sandbox-registration-create">
        {t('createOne')}
      </Button>
    </Form>
  );
}
