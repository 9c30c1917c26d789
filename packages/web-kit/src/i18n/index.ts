/** The i18n set-up shared by the front ends: the chosen language, i18next with the kit's texts, antd and dayjs locales. */
export { i18n, setUpI18n, translate } from './i18n.js';
export { currentLanguage, LANGUAGES, setLanguage, subscribeLanguage, useLanguage } from './language.js';
export { ANTD_LOCALES, applyDayjsLocale } from './library-locales.js';
export { kitNamespaces, type ResourcesOf, type TextNamespace, withKitTexts } from './resources.js';
