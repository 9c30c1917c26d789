import type { Language } from '@ws/contract';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { currentLanguage, subscribeLanguage } from './language.js';
import { applyDayjsLocale } from './library-locales.js';

let unsubscribe: (() => void) | undefined;

/**
 * Sets up i18next once, when an app starts, with every text bundled: two languages and few enough
 * texts that loading them over the network would only add a round trip before the first paint.
 * `resources` comes from `withKitTexts(appNamespaces)`. The page's language, dayjs (and so every
 * date picker) and i18next then follow the chosen language.
 */
export function setUpI18n({ resources, defaultNS }: { resources: Record<Language, object>; defaultNS: string }) {
  void i18next.use(initReactI18next).init({
    resources: resources as Resource,
    lng: currentLanguage(),
    fallbackLng: false,
    defaultNS,
    ns: Object.keys(resources.zh),
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  applyLanguage();
  unsubscribe?.();
  unsubscribe = subscribeLanguage(applyLanguage);
}

function applyLanguage(): void {
  const language = currentLanguage();
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  applyDayjsLocale(language);
  if (i18next.language !== language) void i18next.changeLanguage(language);
}

export const i18n = i18next;

/** A text outside React (the request wrapper, guards): `translate('api:sessionExpired')`. */
export const translate = i18next.t.bind(i18next);
