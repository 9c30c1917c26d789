import { menuTexts } from './menu.js';
import { pageTexts } from './pages.js';
import { shellTexts } from './shell.js';

/** Every text of the console, by language and namespace. */
export const resources = {
  zh: { shell: shellTexts.zh, menu: menuTexts.zh, pages: pageTexts.zh },
  en: { shell: shellTexts.en, menu: menuTexts.en, pages: pageTexts.en },
} as const;
