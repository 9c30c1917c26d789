import type { Sandbox } from './sandbox.js';
import type {
  MessagingLimitTier,
  NumberStatus,
  QualityRating,
  SandboxNumber,
  SandboxWaba,
  ThroughputLevel,
} from './state.js';
import { throughputPerSecond } from './state.js';
import { type AccountUpdateInput, qualityUpdateValue } from './webhook-events.js';

export interface NewNumber {
  phone_number_id?: string;
  waba_id?: string;
  /** The business portfolio of a new business account (its own portfolio when unset). */
  business_id?: string;
  waba_name?: string;
  display_phone_number?: string;
  access_token?: string;
  verified_name?: string;
  quality_rating?: QualityRating;
  throughput_level?: ThroughputLevel;
  messaging_limit_tier?: MessagingLimitTier;
  status?: NumberStatus;
  registered?: boolean;
  /** Subscribes the app to the number's business account at once (a test's shortcut). */
  webhooks_subscribed?: boolean;
  /** An Official Business Account: may use the Groups API (Meta's default: not). */
  official_business_account?: boolean;
}

export type NumberChanges = Pick<
  NewNumber,
  'quality_rating' | 'throughput_level' | 'messaging_limit_tier' | 'status' | 'official_business_account'
>;

const TIER_ORDER: MessagingLimitTier[] = ['TIER_250', 'TIER_2K', 'TIER_10K', 'TIER_100K', 'TIER_UNLIMITED'];
const QUALITY_ORDER: QualityRating[] = ['RED', 'YELLOW', 'GREEN'];

/** A business account for the number: the one named (created when new) or a fresh one. */
function wabaFor(sandbox: Sandbox, input: NewNumber): SandboxWaba {
  const { store } = sandbox;
  const existing = input.waba_id ? store.wabas.get(input.waba_id) : undefined;
  if (existing) return existing;
  const id = input.waba_id ?? store.numericId();
  const waba: SandboxWaba = {
    id,
    name: input.waba_name ?? `Sandbox Business ${store.wabas.size + 1}`,
    currency: 'USD',
    timezoneId: '1',
    templateNamespace: store.code(8).toLowerCase(),
    webhooksSubscribed: false,
  };
  if (input.business_id) waba.businessId = input.business_id;
  store.wabas.set(id, waba);
  return waba;
}

/** The business portfolio of an account: its business id, or the account itself when it has none. */
export function portfolioOf(sandbox: Sandbox, wabaId: string): string {
  return sandbox.store.wabas.get(wabaId)?.businessId ?? wabaId;
}

/** Every number of every account of the portfolio: they share its messaging limit. */
export function portfolioNumbers(sandbox: Sandbox, portfolioId: string): SandboxNumber[] {
  return [...sandbox.store.numbers.values()].filter((number) => portfolioOf(sandbox, number.wabaId) === portfolioId);
}

export function createNumber(sandbox: Sandbox, input: NewNumber): SandboxNumber {
  const { store } = sandbox;
  const waba = wabaFor(sandbox, input);
  if (input.webhooks_subscribed) waba.webhooksSubscribed = true;
  // A new number gets its portfolio's messaging limit at once; a tier given sets the portfolio's.
  const siblings = portfolioNumbers(sandbox, waba.businessId ?? waba.id);
  const number: SandboxNumber = {
    id: input.phone_number_id ?? store.numericId(),
    wabaId: waba.id,
    phone: (input.display_phone_number ?? `1555${store.digits(7)}`).replace(/\D/g, ''),
    accessToken: input.access_token ?? store.accessToken(),
    verifiedName: input.verified_name ?? waba.name,
    qualityRating: input.quality_rating ?? 'GREEN',
    throughputLevel: input.throughput_level ?? 'STANDARD',
    messagingLimitTier: input.messaging_limit_tier ?? siblings[0]?.messagingLimitTier ?? 'TIER_10K',
    nameStatus: 'APPROVED',
    status: input.status ?? (input.registered === false ? 'PENDING' : 'CONNECTED'),
    codeVerificationStatus: input.registered === false ? 'NOT_VERIFIED' : 'VERIFIED',
    registered: input.registered ?? true,
    pin: null,
    pendingCode: null,
    profile: {
      about: 'Hello from the WS Console sandbox',
      address: '',
      description: '',
      email: '',
      profile_picture_url: '',
      websites: [],
      vertical: 'OTHER',
    },
    createdAt: sandbox.now(),
    ...(input.official_business_account ? { officialBusinessAccount: true } : {}),
  };
  store.addNumber(number);
  if (input.messaging_limit_tier) setTier(sandbox, number, input.messaging_limit_tier);
  return number;
}

/** Meta's display form, e.g. `+1 555-078-3881`; other countries as `+<digits>`. */
export function displayPhone(phone: string): string {
  if (phone.length === 11 && phone.startsWith('1')) {
    return `+1 ${phone.slice(1, 4)}-${phone.slice(4, 7)}-${phone.slice(7)}`;
  }
  return `+${phone}`;
}

/** What the control API shows of a number (with its credentials: it is a test double). */
export function numberControlView(sandbox: Sandbox, number: SandboxNumber) {
  return {
    phone_number_id: number.id,
    waba_id: number.wabaId,
    business_id: portfolioOf(sandbox, number.wabaId),
    display_phone_number: number.phone,
    access_token: number.accessToken,
    verified_name: number.verifiedName,
    quality_rating: number.qualityRating,
    throughput: { level: number.throughputLevel },
    throughput_per_second: throughputPerSecond[number.throughputLevel],
    messaging_limit_tier: number.messagingLimitTier,
    /** Unique users the portfolio reached outside the window in the last 24 hours. */
    portfolio_reach_24h: sandbox.reach.count(portfolioOf(sandbox, number.wabaId), sandbox.now()),
    name_status: number.nameStatus,
    status: number.status,
    code_verification_status: number.codeVerificationStatus,
    registered: number.registered,
    pending_code: number.pendingCode,
    /** The wa_ids the number blocked (Block Users API), oldest first. */
    blocked_users: number.blockedUsers ?? [],
    official_business_account: number.officialBusinessAccount === true,
  };
}

/** Every field `GET /{phone-number-id}` can return, by name. */
export const phoneNumberFields: Record<string, (number: SandboxNumber) => unknown> = {
  id: (number) => number.id,
  display_phone_number: (number) => displayPhone(number.phone),
  verified_name: (number) => number.verifiedName,
  quality_rating: (number) => number.qualityRating,
  throughput: (number) => ({ level: number.throughputLevel }),
  messaging_limit_tier: (number) => number.messagingLimitTier,
  whatsapp_business_manager_messaging_limit: (number) => number.messagingLimitTier,
  name_status: (number) => number.nameStatus,
  new_name_status: () => 'NONE',
  status: (number) => number.status,
  code_verification_status: (number) => number.codeVerificationStatus,
  platform_type: (number) => (number.registered ? 'CLOUD_API' : 'NOT_APPLICABLE'),
  account_mode: () => 'LIVE',
  is_official_business_account: (number) => number.officialBusinessAccount === true,
  is_pin_enabled: (number) => number.pin !== null,
  quality_score: (number) => ({ score: number.qualityRating }),
  last_onboarded_time: (number) => new Date(number.createdAt).toISOString().replace(/\.\d{3}Z$/, '+0000'),
};

/** Meta's answer when no `fields` are asked for. */
export const defaultPhoneNumberFields = [
  'verified_name',
  'code_verification_status',
  'display_phone_number',
  'quality_rating',
  'platform_type',
  'throughput',
  'id',
];

/** Sets a quality rating, posting FLAGGED when it drops and UNFLAGGED when it recovers. */
function setQuality(sandbox: Sandbox, number: SandboxNumber, rating: QualityRating): void {
  const before = number.qualityRating;
  if (before === rating) return;
  number.qualityRating = rating;
  sandbox.store.changed();
  const dropped = QUALITY_ORDER.indexOf(rating) < QUALITY_ORDER.indexOf(before);
  sandbox.emitChange(number.wabaId, {
    field: 'phone_number_quality_update',
    value: qualityUpdateValue(number, dropped ? 'FLAGGED' : 'UNFLAGGED'),
  });
}

/** The messaging limit belongs to the portfolio: every number of it moves, each with its webhook. */
function setTier(sandbox: Sandbox, number: SandboxNumber, tier: MessagingLimitTier): void {
  for (const member of portfolioNumbers(sandbox, portfolioOf(sandbox, number.wabaId))) {
    const before = member.messagingLimitTier;
    if (before === tier) continue;
    member.messagingLimitTier = tier;
    const event = TIER_ORDER.indexOf(tier) > TIER_ORDER.indexOf(before) ? 'UPGRADE' : 'DOWNGRADE';
    sandbox.emitChange(member.wabaId, {
      field: 'phone_number_quality_update',
      value: qualityUpdateValue(member, event, before),
    });
  }
}

function setThroughput(sandbox: Sandbox, number: SandboxNumber, level: ThroughputLevel): void {
  if (number.throughputLevel === level) return;
  number.throughputLevel = level;
  if (level === 'HIGH') {
    sandbox.emitChange(number.wabaId, {
      field: 'phone_number_quality_update',
      value: qualityUpdateValue(number, 'THROUGHPUT_UPGRADE'),
    });
  }
}

/** A restriction or ban is told with `account_update`, as Meta does. */
function setStatus(sandbox: Sandbox, number: SandboxNumber, status: NumberStatus): void {
  if (number.status === status) return;
  number.status = status;
  let value: AccountUpdateInput | undefined;
  if (status === 'RESTRICTED') {
    const expiration = new Date(sandbox.now() + 86_400_000).toISOString();
    value = {
      phone_number: number.phone,
      event: 'ACCOUNT_RESTRICTION',
      restriction_info: [{ restriction_type: 'RESTRICTED_BIZ_INITIATED_MESSAGING', expiration }],
    };
  } else if (status === 'BANNED') {
    value = {
      phone_number: number.phone,
      event: 'DISABLED_UPDATE',
      ban_info: { waba_ban_state: 'DISABLE', waba_ban_date: new Date(sandbox.now()).toISOString().slice(0, 10) },
    };
  }
  if (value) sandbox.emitChange(number.wabaId, { field: 'account_update', value });
}

/** Applies control changes to a number, posting the webhooks Meta would post for each. */
export function updateNumber(sandbox: Sandbox, number: SandboxNumber, changes: NumberChanges): void {
  if (changes.quality_rating) setQuality(sandbox, number, changes.quality_rating);
  if (changes.messaging_limit_tier) setTier(sandbox, number, changes.messaging_limit_tier);
  if (changes.throughput_level) setThroughput(sandbox, number, changes.throughput_level);
  if (changes.status) setStatus(sandbox, number, changes.status);
  if (changes.official_business_account !== undefined) {
    number.officialBusinessAccount = changes.official_business_account;
  }
  sandbox.store.changed();
}

/** After each individual delivery: the block rate moves the number's quality rating. */
export function recordDelivery(sandbox: Sandbox, number: SandboxNumber, blocked: boolean): void {
  const { windowSize, minSample, yellowBlockRate, redBlockRate } = sandbox.settings.quality;
  const rate = sandbox.blockRates.record(number.id, blocked, windowSize, minSample);
  if (rate === undefined) return;
  const rating: QualityRating = rate >= redBlockRate ? 'RED' : rate >= yellowBlockRate ? 'YELLOW' : 'GREEN';
  if (rating !== number.qualityRating) setQuality(sandbox, number, rating);
}
