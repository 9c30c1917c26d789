import { withKitTexts } from '@ws/web-kit/i18n';
import { allocationTexts } from './allocation.js';
import { audiencesTexts } from './audiences.js';
import { autoRepliesTexts } from './auto-replies.js';
import { billingTexts } from './billing.js';
import { campaignsTexts } from './campaigns.js';
import { censusTexts } from './census.js';
import { chatTexts } from './chat.js';
import { contactsTexts } from './contacts.js';
import { customersTexts } from './customers.js';
import { groupsTexts } from './groups.js';
import { homeTexts } from './home.js';
import { ipsTexts } from './ips.js';
import { linksTexts } from './links.js';
import { materialsTexts } from './materials.js';
import { menuTexts } from './menu.js';
import { noticesTexts } from './notices.js';
import { numberImportTexts } from './number-import.js';
import { numbersTexts } from './numbers.js';
import { operationLogTexts } from './operation-log.js';
import { ordersTexts } from './orders.js';
import { pageTexts } from './pages.js';
import { profilesTexts } from './profiles.js';
import { registrationTexts } from './registration.js';
import { sandboxTexts } from './sandbox.js';
import { seatsTexts } from './seats.js';
import { shellTexts } from './shell.js';
import { tagsTexts } from './tags.js';
import { templatesTexts } from './templates.js';
import { translationSettingsTexts } from './translation-settings.js';
import { warmupTexts } from './warmup.js';

/** The console's namespaces of texts: the shell's, then one per screen domain. */
const namespaces = {
  shell: shellTexts,
  menu: menuTexts,
  pages: pageTexts,
  home: homeTexts,
  numbers: numbersTexts,
  numberImport: numberImportTexts,
  registration: registrationTexts,
  sandbox: sandboxTexts,
  contacts: contactsTexts,
  tags: tagsTexts,
  census: censusTexts,
  chat: chatTexts,
  ips: ipsTexts,
  audiences: audiencesTexts,
  allocation: allocationTexts,
  templates: templatesTexts,
  warmup: warmupTexts,
  links: linksTexts,
  orders: ordersTexts,
  campaigns: campaignsTexts,
  groups: groupsTexts,
  seats: seatsTexts,
  translationSettings: translationSettingsTexts,
  materials: materialsTexts,
  autoReplies: autoRepliesTexts,
  profiles: profilesTexts,
  billing: billingTexts,
  customers: customersTexts,
  notices: noticesTexts,
  operationLog: operationLogTexts,
} as const;

/** Every text of the console, by language and namespace: the web kit's (api, list, selects) and its own. */
export const resources = withKitTexts(namespaces);
