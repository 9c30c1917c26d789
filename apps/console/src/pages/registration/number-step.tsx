import { calls, type PrepareNumber, type RegistrationNumber } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { Button, Form, Input, Radio, Segmented, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { CountrySelect, useSimCountries } from '../../components/countries/country-select.js';
import { targetChoices, useSandboxTarget } from '../sandbox/sandbox-queries.js';
import { SandboxRegistrationForm } from '../sandbox/sandbox-registration-form.js';
import { useAwaitingNumbers } from './registration-queries.js';
import { useBusy } from './use-busy.js';

const META_ID = /^\d{5,25}$/;

/** A number typed in, one recorded before, or (when numbers live in the sandbox) a new sandbox number. */
type Source = 'new' | 'known' | 'sandbox';

/**
 * Step 1: the number to register. Either a new one, recorded from the SIM country, the phone,
 * Meta's ids and a token (the server checks them with Meta), or one recorded before and not yet
 * registered.
 */
export function NumberStep({ onReady }: { onReady(number: RegistrationNumber): void }) {
  const { t } = useTranslation('registration');
  const sandbox = useSandboxTarget();
  const [source, setSource] = useState<Source>('new');
  const sources: { value: Source; label: string }[] = [
    { value: 'new', label: t('newNumber') },
    { value: 'known', label: t('knownNumber') },
  ];
  if (sandbox) sources.push({ value: 'sandbox', label: t('optionSandbox', { ns: 'sandbox' }) });
  return (
    <div data-testid="registration-number-step">
      <Segmented<Source>
        value={source}
        onChange={setSource}
        options={sources}
        style={{ marginBottom: 24 }}
        data-testid="registration-source"
      />
      {source === 'new' && <NewNumberForm key={String(sandbox)} sandbox={sandbox} onReady={onReady} />}
      {source === 'known' && <KnownNumberForm onReady={onReady} />}
      {source === 'sandbox' && sandbox && <SandboxRegistrationForm onReady={onReady} />}
    </div>
  );
}

function NewNumberForm({ sandbox, onReady }: { sandbox: boolean; onReady(number: RegistrationNumber): void }) {
  const { t } = useTranslation('registration');
  const [form] = Form.useForm<PrepareNumber>();
  const countries = useSimCountries();
  const { busy, run } = useBusy();
  const country = Form.useWatch('country', form);
  const dialCode = countries.data?.find((entry) => entry.code === country)?.value;
  const targets = targetChoices(sandbox, { cloud: t('targetCloud'), sandbox: t('targetSandbox') });

  const submit = (values: PrepareNumber) =>
    run(async () => onReady(await callApi(calls.prepareNumber, { body: values, notifySuccess: true })));
  const metaId = (required: string) => [
    { required: true, message: required },
    { pattern: META_ID, message: t('metaIdInvalid') },
  ];

  return (
    <Form<PrepareNumber>
      form={form}
      name="prepare"
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={{ target: targets.initial }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item name="target" label={t('target')}>
        <Radio.Group options={targets.options} data-testid="registration-target" />
      </Form.Item>
      <Form.Item name="country" label={t('country')} rules={[{ required: true, message: t('countryRequired') }]}>
        <CountrySelect placeholder={t('countrySearch')} data-testid="registration-country" />
      </Form.Item>
      <Form.Item name="phone" label={t('phone')} rules={[{ required: true, message: t('phoneRequired') }]}>
        <Input
          prefix={dialCode === undefined ? undefined : `+${dialCode}`}
          inputMode="tel"
          autoComplete="off"
          data-testid="registration-phone"
        />
      </Form.Item>
      <Form.Item
        name="phone_number_id"
        label={t('phoneNumberId')}
        extra={t('phoneNumberIdHelp')}
        rules={metaId(t('phoneNumberIdRequired'))}
      >
        <Input inputMode="numeric" autoComplete="off" data-testid="registration-phone-number-id" />
      </Form.Item>
      <Form.Item name="waba_id" label={t('wabaId')} rules={metaId(t('wabaIdRequired'))}>
        <Input inputMode="numeric" autoComplete="off" data-testid="registration-waba-id" />
      </Form.Item>
      <Form.Item
        name="token"
        label={t('token')}
        extra={t('tokenHelp')}
        rules={[{ required: true, whitespace: true, message: t('tokenRequired') }]}
      >
        <Input.Password autoComplete="off" data-testid="registration-token" />
      </Form.Item>
      <Form.Item name="portfolio" label={t('portfolio')}>
        <Input maxLength={128} data-testid="registration-portfolio" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="registration-prepare">
        {t('prepare')}
      </Button>
    </Form>
  );
}

function KnownNumberForm({ onReady }: { onReady(number: RegistrationNumber): void }) {
  const { t } = useTranslation('registration');
  const codeName = useCodeName();
  const awaiting = useAwaitingNumbers();
  const [chosen, setChosen] = useState<string>();
  const number = awaiting.data?.find((entry) => entry.id === chosen);
  return (
    <Form layout="vertical" style={{ maxWidth: 560 }} onFinish={() => number && onReady(number)}>
      <Form.Item label={t('pickNumber')} required>
        <Select
          showSearch
          value={chosen}
          onChange={setChosen}
          loading={awaiting.isLoading}
          optionFilterProp="label"
          notFoundContent={t('noAwaiting')}
          options={(awaiting.data ?? []).map((entry) => ({
            value: entry.id,
            label: `${entry.display_phone} · ${entry.verified_name} · ${codeName('MetaNumberStatus', entry.status)}`,
          }))}
          data-testid="registration-known-number"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" disabled={!number} data-testid="registration-continue">
        {t('continue')}
      </Button>
    </Form>
  );
}
