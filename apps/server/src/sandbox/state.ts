import type { CustomerBehaviour } from './settings.js';

/**
 * The sandbox's world, in memory: business accounts, numbers, templates, media, groups,
 * simulated customers and what was sent. Plain records so the state file is their JSON.
 */
export type QualityRating = 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN';
export type ThroughputLevel = 'STANDARD' | 'HIGH';
export type MessagingLimitTier = 'TIER_250' | 'TIER_2K' | 'TIER_10K' | 'TIER_100K' | 'TIER_UNLIMITED';
export type NumberStatus = 'CONNECTED' | 'PENDING' | 'DISCONNECTED' | 'FLAGGED' | 'RESTRICTED' | 'BANNED';

/** Messages per second per throughput level, as Meta documents them. */
export const throughputPerSecond: Record<ThroughputLevel, number> = { STANDARD: 80, HIGH: 1000 };

export interface BusinessProfile {
  about: string;
  address: string;
  description: string;
  email: string;
  profile_picture_url: string;
  websites: string[];
  vertical: string;
}

export interface SandboxWaba {
  id: string;
  name: string;
  currency: string;
  timezoneId: string;
  templateNamespace: string;
  /**
   * Whether the app is subscribed to the account's webhooks (`POST /{waba-id}/subscribed_apps`):
   * until it is, nothing that happens to the account's numbers is posted, as at Meta.
   */
  webhooksSubscribed: boolean;
  /**
   * The business portfolio (Meta's business id) the account belongs to; unset, the account is a
   * portfolio of its own. The messaging limit and its tier belong to the portfolio.
   */
  businessId?: string;
}

export interface SandboxNumber {
  id: string;
  wabaId: string;
  /** Digits only, as in webhook metadata. */
  phone: string;
  accessToken: string;
  verifiedName: string;
  qualityRating: QualityRating;
  throughputLevel: ThroughputLevel;
  messagingLimitTier: MessagingLimitTier;
  nameStatus: string;
  status: NumberStatus;
  codeVerificationStatus: 'VERIFIED' | 'NOT_VERIFIED' | 'EXPIRED';
  registered: boolean;
  /** The two-step verification PIN set by `register`. */
  pin: string | null;
  /** The last code sent by `request_code`, shown by the control API instead of an SMS. */
  pendingCode: string | null;
  /** When `register` and `deregister` were called within the last 72 hours (ms), for Meta's limit. */
  registrationAttempts?: number[];
  profile: BusinessProfile;
  createdAt: number;
  /** The wa_ids this number blocked (Block Users API), in the order they were blocked. */
  blockedUsers?: string[];
  /** An Official Business Account (the green badge): only these may use the Groups API. */
  officialBusinessAccount?: boolean;
}

export type TemplateCategory = 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
export type TemplateStatus = 'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED' | 'DISABLED';

export interface SandboxTemplate {
  id: string;
  wabaId: string;
  name: string;
  language: string;
  category: TemplateCategory;
  status: TemplateStatus;
  parameterFormat: 'POSITIONAL' | 'NAMED';
  components: TemplateComponent[];
  rejectedReason: string;
  createdAt: number;
  /** When an APPROVED template was edited, within the last 30 days (ms), for Meta's edit limits. */
  approvedEdits?: number[];
}

export interface TemplateComponent {
  type: string;
  format?: string;
  text?: string;
  buttons?: { type: string; text?: string; url?: string }[];
  [key: string]: unknown;
}

export interface SandboxCustomer {
  /** The customer's phone number: the sandbox's key for them, even when they hide it from businesses. */
  waId: string;
  /** The profile name; when unset, one made up from the wa_id (`customerName`). */
  name?: string;
  /**
   * A WhatsApp username. A customer with one is named by BSUID in webhooks (beside the wa_id, or
   * instead of it when `hidesPhone`), as Meta does for users who adopted usernames.
   */
  username?: string;
  /** With a username: webhooks carry no wa_id (a send to their phone number still reaches them). */
  hidesPhone?: boolean;
  /** Per WABA (each sandbox WABA stands for its own business portfolio): the BSUID given out. */
  userIds?: Record<string, string>;
  /** Overrides of the sandbox-wide behaviour for this customer. */
  behaviour?: Partial<CustomerBehaviour>;
  /** The state of this customer's seeded random stream. */
  rng: number;
  /**
   * Per phone-number id, the pair rate's state: when the time borrowed by the messages sent to
   * this customer is paid back (ms).
   */
  pairDue: Record<string, number>;
  /** Per phone-number id: when a burst of more than one message to this customer began (ms). */
  pairBurstStart?: Record<string, number>;
  // The records below exist only once used: a mass send creates a customer per recipient, and
  // fewer objects per customer is less for the garbage collector to walk.
  /** Per phone-number id: when the customer last wrote to it (the 24-hour window), in ms. */
  lastInbound?: Record<string, number>;
  /** Phone-number ids the customer stopped marketing messages from. */
  marketingStopped?: Record<string, true>;
  /** Phone-number ids the customer blocked. */
  blocked?: Record<string, true>;
}

export interface SandboxGroup {
  id: string;
  phoneNumberId: string;
  subject: string;
  description: string;
  joinApprovalMode: 'auto_approve' | 'approval_required';
  inviteCode: string;
  /** wa_id -> joined at (ms). */
  participants: Record<string, number>;
  /** join request id -> who asked and when (ms). */
  joinRequests: Record<string, { waId: string; createdAt: number }>;
  /** wa_id -> when the customer last got an invite to the group (a template's `group_id` parameter). */
  invited?: Record<string, number>;
  createdAt: number;
}

export interface SandboxMedia {
  id: string;
  wabaId: string;
  mimeType: string;
  sha256: string;
  fileSize: number;
  createdAt: number;
  /** The bytes, kept in memory only. */
  data?: Buffer;
}

export type MessageStatus = 'accepted' | 'held_for_quality_assessment' | 'sent' | 'delivered' | 'read' | 'failed';

export interface LoggedMessage {
  id: string;
  direction: 'out' | 'in';
  phoneNumberId: string;
  /** Recipient of an outbound message (wa_id or group id); sender of an inbound one. */
  waId: string;
  /** The customer's BSUID, when they have a username: statuses name them by it too. */
  userId?: string;
  /** Sent by BSUID to a customer who hides their phone: statuses carry no recipient_id. */
  phoneHidden?: boolean;
  recipientType: 'individual' | 'group';
  type: string;
  /** `blocked`: an inbound message from a user the number blocked, which Meta never delivers. */
  status: MessageStatus | 'received' | 'blocked';
  errorCode?: number;
  /** Pricing category: the template's, or `service` for free-form replies in the window. */
  category?: string;
  /** The template sent, for `template_analytics`. */
  templateId?: string;
  /** The send's `biz_opaque_callback_data`, echoed in its statuses. */
  callbackData?: string;
  /** The groups a template's `group_id` parameters invite to: the customer may join them once it is delivered. */
  invites?: string[];
  timestamp: number;
  /**
   * The request body as sent (its JSON text, outbound) or the webhook message object (inbound);
   * dropped when the message leaves the log, as statuses still on their way need only the fields
   * above.
   */
  body: unknown;
}

/** The parts of the state that the state file keeps. */
export interface PersistedState {
  version: 1;
  seed: number;
  sequence: number;
  idRng: number;
  wabas: SandboxWaba[];
  numbers: SandboxNumber[];
  templates: SandboxTemplate[];
  customers: SandboxCustomer[];
  groups: SandboxGroup[];
  media: Omit<SandboxMedia, 'data'>[];
  messages: LoggedMessage[];
}

/**
 * A bounded log of messages, oldest dropped first. Received messages can be looked up by id
 * (mark-as-read checks them); sent ones are not indexed, which keeps the send path lean.
 */
export class MessageLog {
  private readonly entries: (LoggedMessage | undefined)[];
  private start = 0;
  private count = 0;
  private readonly byId = new Map<string, LoggedMessage>();

  constructor(readonly capacity: number) {
    this.entries = new Array(capacity);
  }

  add(message: LoggedMessage): void {
    if (this.count === this.capacity) {
      const oldest = this.entries[this.start];
      if (oldest?.direction === 'in') this.byId.delete(oldest.id);
      if (oldest) oldest.body = undefined;
      this.entries[this.start] = message;
      this.start = (this.start + 1) % this.capacity;
    } else {
      this.entries[(this.start + this.count) % this.capacity] = message;
      this.count++;
    }
    if (message.direction === 'in') this.byId.set(message.id, message);
  }

  get(id: string): LoggedMessage | undefined {
    return this.byId.get(id);
  }

  /** Oldest first. */
  list(): LoggedMessage[] {
    const out: LoggedMessage[] = [];
    for (let index = 0; index < this.count; index++) {
      out.push(this.entries[(this.start + index) % this.capacity] as LoggedMessage);
    }
    return out;
  }

  clear(): void {
    this.entries.fill(undefined);
    this.start = 0;
    this.count = 0;
    this.byId.clear();
  }
}
