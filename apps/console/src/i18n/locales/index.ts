import { censusTexts } from './census.js';
import { chatTexts } from './chat.js';
import { contactsTexts } from './contacts.js';
import { ipsTexts } from './ips.js';
import { listTexts } from './list.js';
import { menuTexts } from './menu.js';
import { numberImportTexts } from './number-import.js';
import { numbersTexts } from './numbers.js';
import { pageTexts } from './pages.js';
import { registrationTexts } from './registration.js';
import { sandboxTexts } from './sandbox.js';
import { selectsTexts } from './selects.js';
import { shellTexts } from './shell.js';
import { tagsTexts } from './tags.js';

/** Every namespace of texts: the shell's, then one per screen domain. */
const namespaces = {
  shell: shellTexts,
  menu: menuTexts,
  pages: pageTexts,
  list: listTexts,
  selects: selectsTexts,
  numbers: numbersTexts,
  numberImport: numberImportTexts,
  registration: registrationTexts,
  sandbox: sandboxTexts,
  contacts: contactsTexts,
  tags: tagsTexts,
  census: censusTexts,
  chat: chatTexts,
  ips: ipsTexts,
} as const;

type Namespaces = typeof namespaces;
type InLanguage<L extends 'zh' | 'en'> = { [N in keyof Namespaces]: Namespaces[N][L] };

const inLanguage = <L extends 'zh' | 'en'>(language: L) =>
  Object.fromEntries(Object.entries(namespaces).map(([name, texts]) => [name, texts[language]])) as InLanguage<L>;

/** Every text of the console, by language and namespace. */
export const resources = { zh: inLanguage('zh'), en: inLanguage('en') } as const;
