import { TranslationOutlined } from '@ant-design/icons';
import type { Language } from '@ws/contract';
import { setLanguage, useLanguage } from '@ws/web-kit/i18n';
import { useTranslation } from 'react-i18next';
import { MenuButton } from './menu-button.js';

const NAMES: Record<Language, string> = { zh: '中文', en: 'English' };

/** 中文 / English; the current language is disabled. The choice is kept in storage. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguage();
  const items = (Object.keys(NAMES) as Language[]).map((code) => ({
    key: code,
    label: NAMES[code],
    disabled: code === language,
    'data-language': code,
  }));
  return (
    <MenuButton
      title={t('language')}
      icon={<TranslationOutlined />}
      menu={{ items, onClick: ({ key }) => setLanguage(key as Language) }}
      data-testid="language-switch"
    />
  );
}
