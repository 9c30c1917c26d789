/**
 * The send rules of SCOPE.md as pure functions over facts the lane has already loaded, so a
 * decision costs microseconds and no database round trip. Pacing (throughput and pair rate) and
 * the portfolio's messaging limit are applied by the lane after these checks pass.
 */

export type Purpose = 'marketing' | 'utility' | 'authentication' | 'service';

export const WINDOW_MS = 24 * 60 * 60 * 1000;

export type RefusalReason =
  | 'number_paused'
  | 'number_unavailable'
  | 'contact_missing'
  | 'opted_out'
  | 'no_consent'
  | 'blocked'
  | 'window_closed'
  | 'template_missing'
  | 'template_not_approved';

export type DeferralReason = 'throughput' | 'pair_rate' | 'portfolio_limit' | 'meta_retry';

export type Decision =
  | { kind: 'send' }
  | { kind: 'defer'; until: number; reason: DeferralReason }
  | { kind: 'refuse'; reason: RefusalReason };

/** The number's state; quality RED and restrictions pause it until an operator resumes it. */
export interface NumberFacts {
  paused: boolean;
  status: string;
}

export interface ContactFacts {
  optedInAt: number | null;
  hasOptInEvidence: boolean;
  optedOutAt: number | null;
  optOutChannel: string | null;
  /** The contact's last message to this number: it opens the 24-hour customer service window. */
  lastInboundAt: number | null;
  /** This number blocked the contact (Meta's Block Users API): nothing may go to them from it. */
  blocked?: boolean;
}

export interface TemplateFacts {
  status: string;
  category: 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
}

export interface IntentFacts {
  isTemplate: boolean;
  /** Free-form purpose as the caller declared it; a template's purpose is its category. */
  declaredPurpose: Purpose | null;
  /** Group messages go to people who joined by themselves; contact rules do not apply. */
  toGroup: boolean;
  contact: ContactFacts | null;
  template: TemplateFacts | null;
}

/** Statuses in which Meta accepts sends from a number. */
const SENDING_STATUSES = new Set(['CONNECTED', 'FLAGGED']);

/** Opt-outs that concern marketing only; the others (STOP keyword, operator) stop everything. */
export const MARKETING_ONLY_OPT_OUTS: readonly string[] = ['user_preferences', 'error_131050', 'button'];
const marketingOnlyOptOuts = new Set(MARKETING_ONLY_OPT_OUTS);

export function purposeOf(intent: Pick<IntentFacts, 'isTemplate' | 'declaredPurpose' | 'template'>): Purpose {
  if (intent.isTemplate && intent.template) return intent.template.category.toLowerCase() as Purpose;
  return intent.declaredPurpose ?? 'service';
}

export function windowOpen(contact: ContactFacts | null, now: number): boolean {
  return contact?.lastInboundAt != null && now < contact.lastInboundAt + WINDOW_MS;
}

export function numberRefusal(number: NumberFacts): RefusalReason | null {
  if (number.paused) return 'number_paused';
  if (!SENDING_STATUSES.has(number.status)) return 'number_unavailable';
  return null;
}

/**
 * Consent, opt-out, the 24-hour window and the template's approval for one message. Returns the
 * refusal, or null when the message may go (subject to pacing and the messaging limit).
 */
export function contentRefusal(intent: IntentFacts, now: number): RefusalReason | null {
  if (intent.isTemplate) {
    if (!intent.template) return 'template_missing';
    if (intent.template.status !== 'APPROVED') return 'template_not_approved';
  }
  if (intent.toGroup) return null;
  const contact = intent.contact;
  if (!contact) return 'contact_missing';
  // Meta refuses every message to a user the number blocked; asking would only earn an error.
  if (contact.blocked) return 'blocked';
  const purpose = purposeOf(intent);
  const open = windowOpen(contact, now);
  if (contact.optedOutAt != null) {
    const marketingOnly = marketingOnlyOptOuts.has(contact.optOutChannel ?? '');
    // After opting out, a person who writes again may still be answered inside that new window.
    const wroteSince = open && (contact.lastInboundAt ?? 0) > contact.optedOutAt;
    if (purpose === 'marketing' || !(marketingOnly || (purpose === 'service' && wroteSince))) return 'opted_out';
  }
  if (purpose === 'marketing' && (contact.optedInAt == null || !contact.hasOptInEvidence)) return 'no_consent';
  if (!intent.isTemplate && !open) return 'window_closed';
  return null;
}

/** Whether the message opens a business-initiated conversation, which the messaging limit counts. */
export function countsTowardLimit(intent: IntentFacts, now: number): boolean {
  return !intent.toGroup && !windowOpen(intent.contact, now);
}
