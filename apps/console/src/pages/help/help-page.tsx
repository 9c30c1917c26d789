import { useLanguage } from '@ws/web-kit/i18n';
import { Card, Collapse, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { settings } from '../../settings/settings.js';
import { HELP_TOPICS } from './help-topics.js';

/** /help/index: how the console works and the rules it keeps, in the current language. */
export default function HelpPage() {
  const { t } = useTranslation('pages');
  const language = useLanguage();
  return (
    <Card title={t('helpTitle')} data-testid="help-page">
      <Collapse
        defaultActiveKey={HELP_TOPICS.slice(0, 1).map((topic) => topic.key)}
        items={HELP_TOPICS.map((topic) => ({
          key: topic.key,
          label: topic.title[language],
          children: topic.body[language].map((paragraph) => (
            <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>
          )),
        }))}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        <a href={settings.support.href} target="_blank" rel="noreferrer">
          {settings.support.label}
        </a>
      </Typography.Paragraph>
    </Card>
  );
}
