import { allocationCalls } from './allocations.js';
import { audienceCalls } from './audiences.js';
import { authCalls } from './auth.js';
import { autoReplyCalls } from './auto-replies.js';
import { blockingCalls } from './blocking.js';
import type { CallDefinition } from './call.js';
import { campaignCalls } from './campaigns.js';
import { censusCalls } from './census.js';
import { chatHistoryCalls } from './chat-history.js';
import { contactCalls } from './contacts.js';
import { customerCalls } from './customers.js';
import { groupCalls } from './groups.js';
import { homeCalls } from './home.js';
import { inboxCalls } from './inbox.js';
import { inboxAgentCalls } from './inbox-agents.js';
import { inboxMediaCalls } from './inbox-media.js';
import { inboxTranslationCalls } from './inbox-translation.js';
import { ipCalls } from './ips.js';
import { linkCalls } from './links.js';
import { materialCalls } from './materials.js';
import { noticeCalls } from './notices.js';
import { numberImportCalls } from './number-import.js';
import { numberCalls } from './numbers.js';
import { operationLogCalls } from './operation-log.js';
import { orderCalls } from './orders.js';
import { profileCalls } from './profiles.js';
import { quickReplyCalls } from './quick-replies.js';
import { registrationCalls } from './registration.js';
import { sandboxNumberCalls } from './sandbox-numbers.js';
import { systemCalls } from './system.js';
import { tagCalls } from './tags.js';
import { templateCalls } from './templates.js';
import { translationCalls } from './translation.js';
import { walletCalls } from './wallet.js';
import { warmupCalls } from './warmup.js';

/** Every /api call of the product. Adding a domain means adding its call map here. */
export const calls = {
  ...authCalls,
  ...customerCalls,
  ...systemCalls,
  ...numberCalls,
  ...numberImportCalls,
  ...registrationCalls,
  ...sandboxNumberCalls,
  ...contactCalls,
  ...tagCalls,
  ...censusCalls,
  ...chatHistoryCalls,
  ...ipCalls,
  ...homeCalls,
  ...audienceCalls,
  ...allocationCalls,
  ...templateCalls,
  ...campaignCalls,
  ...warmupCalls,
  ...inboxCalls,
  ...inboxAgentCalls,
  ...inboxMediaCalls,
  ...inboxTranslationCalls,
  ...quickReplyCalls,
  ...materialCalls,
  ...autoReplyCalls,
  ...profileCalls,
  ...translationCalls,
  ...blockingCalls,
  ...groupCalls,
  ...linkCalls,
  ...orderCalls,
  ...walletCalls,
  ...noticeCalls,
  ...operationLogCalls,
} as const;

export const allCalls: readonly CallDefinition[] = Object.values(calls);
