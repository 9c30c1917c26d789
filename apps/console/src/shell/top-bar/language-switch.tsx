import { TranslationOutlined } from '@ant-design/icons';
import type { Language } from '@ws/contract';
import { Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLanguage, useLanguage } from '../../i18n/language.js';

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
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => setLanguage(key as Language) }}>
      <Tooltip title={t('language')} placement="bottom">
        <Button
          type="text"
          className="shell-header-button"
          aria-label={t('language')}
          data-testid="language-switch"
          icon={<TranslationOutlined />}
        />
      </Tooltip>
    </Dropdown>
  );
}
