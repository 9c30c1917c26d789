/**
 * Number and account state from Meta: quality and messaging limit, display name review, account
 * restrictions and bans, account review, business capabilities. These fields name the WABA
 * (entry.id) and, where they concern one number, its display phone number. A quality turning red
 * or a restriction pauses the number (paused_at, pause_reason); only an operator resumes it. Every
 * changed number is announced on `wa_number_state` ({tenantId, numberId}) after commit.
 */
import type {
  AccountReviewValue,
  AccountUpdateValue,
  BusinessCapabilityValue,
  PhoneNumberNameValue,
  PhoneNumberQualityValue,
} from '../meta/webhook-payload.js';
import {
  changeNumbers,
  type NumberChange,
  setBanState,
  setPortfolioLimit,
  setPortfolioTier,
  setReviewStatus,
} from './account-repository.js';
import type { KnownWaba } from './directory.js';
import type { ChangeResult, Work } from './work.js';

/** Meta's upgraded throughput, in messages per second. */
export const HIGH_THROUGHPUT_PER_SECOND = 1000;
/** Meta's messaging-limit tiers as unique contacts a day; null is unlimited. */
export const LIMIT_OF_TIER: Record<string, number | null> = {
  TIER_50: 50,
  TIER_250: 250,
  TIER_1K: 1000,
  TIER_2K: 2000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
  TIER_UNLIMITED: null,
};
/** Restrictions that stop sending (adding phone numbers being refused does not). */
const SENDING_RESTRICTIONS = new Set(['RESTRICTED_BIZ_INITIATED_MESSAGING', 'RESTRICTED_CUSTOMER_INITIATED_MESSAGING']);

/** Meta writes an unlimited portfolio's limit as -1 where it gives a number. */
const UNLIMITED = -1;

/** A limit as Meta gives it (a tier name, or a number): undefined when it says nothing usable. */
function limitOf(value: string | number | undefined): { limit: number | null } | undefined {
  if (value === undefined) return undefined;
  const count = typeof value === 'number' ? value : /^-?\d+$/.test(value) ? Number(value) : undefined;
  if (count === UNLIMITED) return { limit: null };
  if (count !== undefined) return count > 0 ? { limit: count } : undefined;
  return Object.hasOwn(LIMIT_OF_TIER, value) ? { limit: LIMIT_OF_TIER[value] ?? null } : undefined;
}

/** The tier name of a limit as Meta gives it (TIER_2K, 2000, or -1 for unlimited); undefined for others. */
function tierOf(value: string | number | undefined): string | undefined {
  const limit = limitOf(value);
  if (!limit) return undefined;
  return Object.keys(LIMIT_OF_TIER).find((tier) => LIMIT_OF_TIER[tier] === limit.limit);
}

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** A field about one number: the WABA must be ours and the number one of its live numbers. */
async function changeOneNumber(
  work: Work,
  wabaId: string,
  displayPhone: string,
  change: NumberChange,
  also?: (waba: KnownWaba) => Promise<void>,
): Promise<ChangeResult> {
  const waba = await work.directory.wabaByMetaId(wabaId);
  if (!waba) return { unknownNumber: `WABA ${wabaId}` };
  if ((await changeNumbers(work.client, waba, digitsOf(displayPhone), change)) === 0) {
    return { unknownNumber: `number ${displayPhone} of WABA ${wabaId}` };
  }
  await also?.(waba);
  return { tenantId: waba.tenantId };
}

/**
 * FLAGGED: the quality rating turned low (red) and the number is paused. UNFLAGGED: no longer low,
 * recorded as YELLOW (Meta does not say how high; reading the number gives the exact rating).
 * UPGRADE/DOWNGRADE/ONBOARDING carry the messaging limit: `max_daily_conversations_per_business`
 * is the business portfolio's (Meta's limits are per portfolio since October 2025), so its tier goes
 * to every number of the portfolio; a payload with only the older per-number `current_limit` sets
 * that number's tier. THROUGHPUT_UPGRADE: the number may send at Meta's high throughput.
 */
export async function handleQualityUpdate(
  work: Work,
  wabaId: string,
  value: PhoneNumberQualityValue,
): Promise<ChangeResult> {
  const change: NumberChange = {};
  const notes: string[] = [];
  if (value.event === 'FLAGGED') Object.assign(change, { qualityRating: 'RED', pause: 'quality_red' });
  else if (value.event === 'UNFLAGGED') change.qualityRating = 'YELLOW';
  else if (value.event === 'THROUGHPUT_UPGRADE') {
    Object.assign(change, { throughputLevel: 'HIGH', throughputPerSecond: HIGH_THROUGHPUT_PER_SECOND });
  } else if (!['UPGRADE', 'DOWNGRADE', 'ONBOARDING'].includes(value.event)) {
    notes.push(`quality event "${value.event}" not handled`);
  }
  // In a throughput upgrade, current_limit is the throughput level (TIER_UNLIMITED), not the messaging limit.
  const limitEvent = value.event !== 'THROUGHPUT_UPGRADE';
  const portfolioTier = limitEvent ? tierOf(value.max_daily_conversations_per_business) : undefined;
  const numberTier = limitEvent && !portfolioTier ? tierOf(value.current_limit) : undefined;
  if (numberTier) change.messagingLimitTier = numberTier;
  const limit = limitEvent ? limitOf(value.max_daily_conversations_per_business ?? value.current_limit) : undefined;
  const result = await changeOneNumber(work, wabaId, value.display_phone_number, change, async (waba) => {
    if (limit) await setPortfolioLimit(work.client, waba, limit.limit);
    if (portfolioTier) await setPortfolioTier(work.client, waba, portfolioTier);
  });
  return 'unknownNumber' in result ? result : { ...result, notes };
}

/** The display name review: its decision, and the name itself once approved. */
export function handleNameUpdate(work: Work, wabaId: string, value: PhoneNumberNameValue): Promise<ChangeResult> {
  return changeOneNumber(work, wabaId, value.display_phone_number, {
    nameStatus: value.decision,
    verifiedName: value.decision === 'APPROVED' ? value.requested_verified_name : undefined,
  });
}

/**
 * Account events. A sending restriction pauses the numbers (status RESTRICTED); a ban
 * (DISABLED_UPDATE: DISABLE) or deletion pauses them with status BANNED or DELETED; a ban
 * scheduled pauses them; REINSTATE sets them CONNECTED again but leaves the pause to an operator.
 * Other events (violations, verification, partner changes) are kept as notes.
 */
export async function handleAccountUpdate(
  work: Work,
  wabaId: string,
  value: AccountUpdateValue,
): Promise<ChangeResult> {
  const waba = await work.directory.wabaByMetaId(wabaId);
  if (!waba) return { unknownNumber: `WABA ${wabaId}` };
  const digits = value.phone_number ? digitsOf(value.phone_number) : null;
  const notes: string[] = [];
  let change: NumberChange | undefined;
  if (value.event === 'ACCOUNT_RESTRICTION') {
    const restrictions = value.restriction_info ?? [];
    const stopsSending = restrictions.some((restriction) => SENDING_RESTRICTIONS.has(restriction.restriction_type));
    change = stopsSending ? { status: 'RESTRICTED', pause: 'restricted_by_meta' } : undefined;
    notes.push(
      `restrictions: ${restrictions.map((r) => `${r.restriction_type} until ${r.expiration ?? '?'}`).join(', ') || 'none'}`,
    );
  } else if (value.event === 'DISABLED_UPDATE' && value.ban_info) {
    const state = value.ban_info.waba_ban_state;
    await setBanState(work.client, waba, state);
    if (state === 'DISABLE') change = { status: 'BANNED', pause: 'waba_disabled' };
    else if (state === 'SCHEDULE_FOR_DISABLE') change = { pause: 'waba_disable_scheduled' };
    else if (state === 'REINSTATE') change = { status: 'CONNECTED' };
    else notes.push(`ban state "${state}" not handled`);
  } else if (value.event === 'ACCOUNT_DELETED') {
    change = { status: 'DELETED', pause: 'account_deleted' };
  } else {
    const violation = value.violation_info ? ` (${value.violation_info.violation_type})` : '';
    notes.push(`account event ${value.event}${violation} recorded only`);
  }
  if (change && (await changeNumbers(work.client, waba, digits, change)) === 0 && digits) {
    return { unknownNumber: `number ${value.phone_number} of WABA ${wabaId}` };
  }
  return { tenantId: waba.tenantId, notes };
}

export async function handleAccountReview(
  work: Work,
  wabaId: string,
  value: AccountReviewValue,
): Promise<ChangeResult> {
  const waba = await work.directory.wabaByMetaId(wabaId);
  if (!waba) return { unknownNumber: `WABA ${wabaId}` };
  await setReviewStatus(work.client, waba, value.decision);
  return { tenantId: waba.tenantId };
}

/**
 * The business's daily limit of conversations outside the window is the portfolio's messaging
 * limit, and its tier that of every number of the portfolio.
 */
export async function handleBusinessCapability(
  work: Work,
  wabaId: string,
  value: BusinessCapabilityValue,
): Promise<ChangeResult> {
  const waba = await work.directory.wabaByMetaId(wabaId);
  if (!waba) return { unknownNumber: `WABA ${wabaId}` };
  const given = value.max_daily_conversations_per_business ?? value.max_daily_conversation_per_phone;
  const limit = limitOf(given);
  if (limit) await setPortfolioLimit(work.client, waba, limit.limit);
  const tier = tierOf(given);
  if (tier) await setPortfolioTier(work.client, waba, tier);
  return { tenantId: waba.tenantId, notes: limit ? [] : ['no messaging limit in the capability update'] };
}
