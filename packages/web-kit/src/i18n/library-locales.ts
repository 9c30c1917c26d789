import type { Language } from '@ws/contract';
import type { ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
// dayjs knows only English until a locale is loaded; antd's date pickers take their month and
// weekday names from dayjs, so without this the Chinese pickers showed "2026年 Oct" and "Su Mo Tu".
import 'dayjs/locale/zh-cn';

/** Ant Design's texts (pickers, pagination, empty states) in each language of the front ends. */
export const ANTD_LOCALES: Record<Language, NonNullable<ConfigProviderProps['locale']>> = { zh: zhCN, en: enUS };

const DAYJS_LOCALES: Record<Language, string> = { zh: 'zh-cn', en: 'en' };

/** Makes dayjs (and so every date picker and calendar) speak `language`. */
export function applyDayjsLocale(language: Language): void {
  dayjs.locale(DAYJS_LOCALES[language]);
}
