import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { currentLanguage, subscribeLanguage } from './language.js';
import { applyDayjsLocale } from './library-locales.js';
import { resources } from './locales/index.js';

/**
 * i18next with every text bundled: the console has two languages and few enough texts that loading
 * them over the network would only add a round trip before the first paint.
 */
void i18next.use(initReactI18next).init({
  resources,
  lng: currentLanguage(),
  fallbackLng: false,
  defaultNS: 'shell',
  ns: Object.keys(resources.zh),
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function applyLanguage(): void {
  const language = currentLanguage();
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  applyDayjsLocale(language);
  if (i18next.language !== language) void i18next.changeLanguage(language);
}
applyLanguage();
subscribeLanguage(applyLanguage);

export const i18n = i18next;

/** A text outside React (the request wrapper, guards): `translate('shell:sessionExpired')`. */
export const translate = i18next.t.bind(i18next);
