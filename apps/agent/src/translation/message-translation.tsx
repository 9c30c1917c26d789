import type { MessageTranslation } from '@ws/contract';
import { Button, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Under a message's bubble: its translation for the reader with a "simulated translation" badge
 * when the provider is the embedded one, or the agent's own words of a reply sent translated, or
 * "not translated" with a retry. Nothing for a message already in the reader's language.
 */
export function MessageTranslationView({
  translation,
  working,
  onRetry,
}: {
  translation: MessageTranslation;
  working: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('translation');
  if (translation.state === 'same') return null;
  const simulated = translation.simulated && (
    <Tooltip title={t('simulatedHint')}>
      <Tag color="gold" data-testid="translation-simulated" style={{ marginInlineStart: 6 }}>
        {t('simulated')}
      </Tag>
    </Tooltip>
  );
  const frame = { fontSize: 13, marginTop: 2, padding: '2px 10px', borderInlineStart: '2px solid #d9d9d9' };
  if (translation.state === 'ok') {
    return (
      <div data-testid="message-translation" data-state="ok" style={frame}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {translation.original ? t('youWrote') : t('translated')}
        </Typography.Text>
        {simulated}
        <div data-testid="translation-text" style={{ whiteSpace: 'pre-wrap' }}>
          {translation.text}
        </div>
      </div>
    );
  }
  return (
    <div data-testid="message-translation" data-state={translation.state} style={frame}>
      <Tooltip title={translation.error ?? undefined}>
        <Typography.Text type={translation.state === 'failed' ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
          {working ? t('translating') : t('notTranslated')}
        </Typography.Text>
      </Tooltip>
      {!working && (
        <Button size="small" type="link" onClick={onRetry} data-testid="translation-retry">
          {t('retry')}
        </Button>
      )}
      {translation.state === 'failed' && translation.error && (
        <div data-testid="translation-error">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {translation.error}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}
