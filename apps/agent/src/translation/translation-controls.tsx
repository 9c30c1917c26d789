import { useQuery } from '@tanstack/react-query';
import { calls, type InboxConversation, TRANSLATION_LANGUAGES, type TranslationLanguage } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useLanguage } from '@ws/web-kit/i18n';
import { useRealtimeEvent } from '@ws/web-kit/realtime';
import { languageName } from '@ws/web-kit/utils';
import { Select, Space, Switch, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The select's entry that clears an agent's choice (the language is detected again). */
const DETECT = '';

/**
 * In the conversation's header: two-way translation on or off, and the customer's language
 * (detected, or set by an agent with the select; "detect again" clears the choice). The switch is
 * off and says why while the tenant does not allow sending customer text to the provider, and a
 * refusal of the server is shown as it explains itself. `onChange` gets the conversation as the
 * server answered it, or as another agent or a detection changed it (`conversation.translation`).
 */
export function TranslationControls({
  conversation,
  onChange,
}: {
  conversation: InboxConversation;
  onChange: (conversation: InboxConversation) => void;
}) {
  const { t } = useTranslation('translation');
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const settings = useQuery({
    queryKey: ['translate-settings'],
    queryFn: () => callApi(calls.translateSettings, { silent: true }),
    staleTime: 60_000,
  });
  const consented = settings.data?.allowed ?? true;
  useRealtimeEvent((event) => {
    if (event.type !== 'conversation.translation' || event.data.conversation_id !== conversation.id) return;
    const { translate, language, language_source } = event.data;
    onChange({ ...conversation, translate, language, language_source });
  });

  const change = async (work: () => Promise<InboxConversation>) => {
    setBusy(true);
    try {
      onChange(await work());
    } catch {
      // The request wrapper showed the server's reason (consent, the conversation's owner).
    } finally {
      setBusy(false);
    }
  };
  const toggle = (translate: boolean) =>
    change(() => callApi(calls.inboxTranslation, { body: { conversationId: conversation.id, translate } }));
  const setLanguage = (value: string) =>
    change(() =>
      callApi(calls.inboxLanguage, {
        body: { conversationId: conversation.id, language: value === DETECT ? null : (value as TranslationLanguage) },
      }),
    );

  const switchHint = !consented && !conversation.translate ? (settings.error ? undefined : t('noConsent')) : undefined;
  return (
    <Space size={8} data-testid="translation-controls" wrap>
      <Tooltip title={switchHint ?? (conversation.translate ? t('toggleOn') : t('toggleOff'))}>
        <Space size={4}>
          <Switch
            size="small"
            checked={conversation.translate}
            loading={busy}
            disabled={!consented && !conversation.translate}
            onChange={(checked) => void toggle(checked)}
            data-testid="translation-toggle"
          />
          <Typography.Text>{t('toggle')}</Typography.Text>
        </Space>
      </Tooltip>
      <Typography.Text type="secondary">{t('customerLanguage')}</Typography.Text>
      <Select
        size="small"
        style={{ minWidth: 150 }}
        data-testid="customer-language-select"
        value={conversation.language ?? undefined}
        placeholder={t('unknownLanguage')}
        disabled={busy}
        onChange={(value: string) => void setLanguage(value)}
        popupMatchSelectWidth={false}
        options={[
          ...(conversation.language_source === 'manual' ? [{ value: DETECT, label: t('detectAgain') }] : []),
          ...TRANSLATION_LANGUAGES.map((code) => ({ value: code, label: `${languageName(language, code)} (${code})` })),
        ]}
      />
      {conversation.language_source && (
        <Typography.Text type="secondary" data-testid="customer-language-source" style={{ fontSize: 12 }}>
          {conversation.language_source === 'manual' ? t('manual') : t('detected')}
        </Typography.Text>
      )}
    </Space>
  );
}
