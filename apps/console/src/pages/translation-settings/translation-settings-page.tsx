import { useQuery, useQueryClient } from '@tanstack/react-query';
import { calls, TRANSLATION_LANGUAGES, type TranslationLanguage, type TranslationSettings } from '@ws/contract';
import { callApi, showSuccess } from '@ws/web-kit/api';
import { useLanguage } from '@ws/web-kit/i18n';
import { useSession } from '@ws/web-kit/session';
import { formatDateTime } from '@ws/web-kit/utils';
import { Alert, Button, Card, Descriptions, Form, Select, Space, Spin, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../components/codes/code-label.js';
import { codeName } from '../../components/codes/code-names.js';

const SETTINGS_KEY = ['translate-settings'];

/**
 * /accountmanage/translation: the tenant's translation settings (decision 0015, 0018): whether
 * customer text may go to the configured provider (the consent the agents' auto-translation
 * needs), the agents' language, and which provider the platform uses and whether it answers.
 */
export default function TranslationSettingsPage() {
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => callApi(calls.translateSettings) });
  if (!settings.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="translation-settings-page">
      <ProviderCard settings={settings.data} />
      <SettingsForm settings={settings.data} />
    </Space>
  );
}

function ProviderCard({ settings }: { settings: TranslationSettings }) {
  const { t } = useTranslation('translationSettings');
  const off = settings.provider === 'off';
  const languages = useQuery({
    queryKey: ['translate-languages'],
    queryFn: () => callApi(calls.translateLanguages),
    enabled: !off,
  });
  const supported = languages.data?.languages.filter((language) => language.supported).length ?? 0;
  const unknown = languages.data?.languages.every((language) => language.supported === null) ?? false;
  return (
    <Card title={t('providerTitle')}>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('provider')}>
          <CodeLabel group="TranslationProvider" code={settings.provider} data-testid="translation-provider" />
          {settings.simulated && (
            <Tag color="gold" style={{ marginInlineStart: 8 }} data-testid="translation-simulated">
              {t('simulatedTag')}
            </Tag>
          )}
        </Descriptions.Item>
        {!off && (
          <Descriptions.Item label={t('status')}>
            <span data-testid="translation-status">
              {languages.isPending
                ? t('checking')
                : unknown || languages.isError
                  ? t('unreachable')
                  : t('reachable', { count: supported })}
            </span>
          </Descriptions.Item>
        )}
      </Descriptions>
      {settings.simulated && <Alert type="info" showIcon message={t('simulatedHelp')} />}
      {off && <Alert type="warning" showIcon message={t('offHelp')} />}
    </Card>
  );
}

function SettingsForm({ settings }: { settings: TranslationSettings }) {
  const { t } = useTranslation('translationSettings');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const role = useSession()?.user.role;
  const mayEdit = role === 'admin' || role === 'operator';
  const [busy, setBusy] = useState(false);

  const save = async (values: { allowed: boolean; agentLanguage: TranslationLanguage }) => {
    setBusy(true);
    try {
      const saved = await callApi(calls.translateSettingsEdit, { body: values });
      queryClient.setQueryData(SETTINGS_KEY, saved);
      showSuccess(t('saved'));
    } catch {
      // Shown by the request wrapper; the form keeps what was chosen.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('settingsTitle')}>
      {!mayEdit && <Alert type="info" showIcon message={t('readOnly')} style={{ marginBottom: 16 }} />}
      <Form
        name="translation-settings"
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{ allowed: settings.allowed, agentLanguage: settings.agent_language }}
        onFinish={save}
        disabled={busy || !mayEdit || settings.provider === 'off'}
      >
        <Form.Item
          name="allowed"
          label={t('allowed')}
          valuePropName="checked"
          extra={
            <>
              <div>{settings.simulated ? t('allowedHelpSimulated') : t('allowedHelpReal')}</div>
              {settings.allowed_is_default && <div data-testid="translation-default">{t('allowedDefault')}</div>}
            </>
          }
        >
          <Switch data-testid="translation-allowed" />
        </Form.Item>
        <Form.Item name="agentLanguage" label={t('agentLanguage')} extra={t('agentLanguageHelp')}>
          <Select
            style={{ maxWidth: 280 }}
            data-testid="translation-agent-language"
            options={TRANSLATION_LANGUAGES.map((code) => ({
              value: code,
              label: codeName(language, 'TranslationLanguage', code),
            }))}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="translation-save">
            {t('save')}
          </Button>
          {settings.updated_at && (
            <Typography.Text type="secondary">
              {t('updatedAt', { time: formatDateTime(settings.updated_at) })}
            </Typography.Text>
          )}
        </Space>
      </Form>
    </Card>
  );
}
