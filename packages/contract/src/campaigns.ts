import { z } from 'zod';
import { Id, IdList } from './auth.js';
import { defineCall } from './call.js';
import { CAMPAIGN_LIMITS, CampaignContent } from './campaign-content.js';
import { CampaignSplit, CampaignSplitState, SplitVariant } from './campaign-split.js';
import { ContactFilters } from './contacts.js';
import { envelopeOf } from './envelope.js';
import { cappedPageOf, listRequestOf, pageOf, textFilter } from './paging.js';
import { CampaignCost } from './pricing.js';

/**
 * Campaigns (issue 16, decision 0013): mass send (`btmsg`, `/marketingTasks/massHair`) and burst
 * send over a pool of numbers (`power`, `/marketingTasks/explosivePowder`) on one engine. A
 * campaign's audience is snapshotted when it starts: one recipient row per eligible contact, the
 * skipped counted by reason. Every message goes through the send governor.
 */

const CAMPAIGN_ACCESS = ['admin', 'operator'] as const;

export const CAMPAIGN_KINDS = ['mass', 'burst'] as const;
export const CampaignKind = z.enum(CAMPAIGN_KINDS);
export type CampaignKind = z.infer<typeof CampaignKind>;

/**
 * scheduled: waiting for its start time; starting: the snapshot is being taken; running: the
 * dispatcher moves recipients to the governor; paused by an operator; held by the product with a
 * reason (a template paused by Meta, every sender stopped); completed: every recipient has a final
 * state or is on its way; cancelled: withdrawn.
 */
export const CAMPAIGN_STATUSES = [
  'scheduled',
  'starting',
  'running',
  'paused',
  'held',
  'completed',
  'cancelled',
] as const;
export const CampaignStatus = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof CampaignStatus>;

/**
 * A recipient's state; its position is the number stored (`campaign_recipient.state`). It follows
 * its message: queued by the dispatcher, accepted by Meta, then sent, delivered, read, replied; or
 * failed (Meta's code and title), refused (the governor's rule), unknown (a send that may or may not
 * have gone: never resent, settled by webhooks), deferred (Meta's per-user marketing cap, 131049:
 * tried again a day later), cancelled (withdrawn before it went), skipped (wrote to us before their
 * turn, when the campaign stops for replies).
 */
export const RECIPIENT_STATES = [
  'pending',
  'queued',
  'accepted',
  'sent',
  'delivered',
  'read',
  'replied',
  'failed',
  'refused',
  'unknown',
  'deferred',
  'cancelled',
  'skipped',
] as const;
export const RecipientState = z.enum(RECIPIENT_STATES);
export type RecipientState = z.infer<typeof RecipientState>;

/** Why a contact of the audience got no recipient row, counted at the snapshot. */
export const SKIP_REASONS = ['no_consent', 'opted_out', 'frequency_cap', 'window_closed', 'no_sender'] as const;
export const SkipReason = z.enum(SKIP_REASONS);
export type SkipReason = z.infer<typeof SkipReason>;

/** Who gets it: the contacts matching every part given (tags: any of them). */
export const CampaignAudience = z
  .object({
    /** Contacts carrying any of these tags. */
    tagIds: IdList.optional(),
    /** A contact-list filter, as `friend/list` takes it. */
    filters: ContactFilters.optional(),
    /** The contacts an audience list loaded (`data/*`). */
    listId: Id.optional(),
    /** The contacts of an allocation pool (`fansdata/*`). */
    poolId: Id.optional(),
    /** Chosen contacts. */
    contactIds: z.array(Id).min(1).max(CAMPAIGN_LIMITS.chosenContacts).optional(),
    /**
     * Retargeting: the recipients of an earlier campaign (of either kind) whose state is one of
     * these, e.g. delivered (not read), read (no reply).
     */
    campaign: z.object({ id: Id, states: z.array(RecipientState).min(1) }).optional(),
  })
  .refine((a) => a.tagIds || a.filters || a.listId || a.poolId || a.contactIds || a.campaign, {
    message: 'choose tags, a filter, a list, a pool, contacts or an earlier campaign',
  });
export type CampaignAudience = z.output<typeof CampaignAudience>;

const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM');

export const CampaignSchedule = z.object({
  /** When to start; absent: now. */
  startAt: z.iso.datetime({ offset: true }).optional(),
  /** Send only between these times of day, in the tenant's time zone (may wrap past midnight). */
  window: z
    .object({ from: ClockTime, to: ClockTime })
    .refine((w) => w.from !== w.to, { message: 'from and to must differ' })
    .optional(),
});
export type CampaignSchedule = z.output<typeof CampaignSchedule>;

export const CampaignOptions = z.object({
  /** Messages a second per number, below its throughput; absent: its throughput. */
  ratePerSecond: z.number().int().min(1).max(1000).optional(),
  /** At most one marketing message per contact in this many hours, across campaigns; 0: no cap. */
  frequencyCapHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** A contact who writes to us after the start gets nothing more from this campaign. */
  stopOnReply: z.boolean().default(true),
});
export type CampaignOptions = z.output<typeof CampaignOptions>;

export const NewCampaign = z
  .object({
    name: z.string().trim().min(1).max(CAMPAIGN_LIMITS.name),
    /** Sender numbers chosen one by one, and/or all numbers carrying these number tags. */
    numberIds: IdList.optional(),
    numberTagIds: IdList.optional(),
    audience: CampaignAudience,
    content: CampaignContent,
    schedule: CampaignSchedule.prefault({}),
    options: CampaignOptions.prefault({}),
    /** An A/B split: a sample gets A (content) and B (split.content), the winner goes to the rest. */
    split: CampaignSplit.optional(),
    /** Answer the forecast and the audience's size without creating anything. */
    preview: z.boolean().default(false),
  })
  .refine((c) => c.numberIds || c.numberTagIds, { message: 'choose sender numbers', path: ['numberIds'] });
export type NewCampaign = z.output<typeof NewCampaign>;

export const StateCounts = z.partialRecord(RecipientState, z.number().int());
export const SkipCounts = z.partialRecord(SkipReason, z.number().int());

export const CampaignNumber = z.object({
  id: Id,
  phone: z.string(),
  verified_name: z.string(),
  quality_rating: z.string(),
  /** Sending, or stopped (paused, RED, restricted): a burst moves its pending recipients away. */
  active: z.boolean(),
});

export const Campaign = z.object({
  id: Id,
  kind: CampaignKind,
  name: z.string(),
  status: CampaignStatus,
  /** Why the product holds it, in zh and en. */
  hold_reason: z.string().nullable(),
  content: CampaignContent,
  template: z.object({ id: Id, name: z.string(), language: z.string(), category: z.string() }).nullable(),
  audience: CampaignAudience,
  schedule: CampaignSchedule,
  options: CampaignOptions,
  numbers: z.array(CampaignNumber),
  /** Recipient rows (eligible contacts) and the audience's contacts left out, by reason. */
  recipients: z.number().int(),
  skipped: SkipCounts,
  counts: StateCounts,
  /** The A/B split with each variant's results and the decision; null without one. */
  split: CampaignSplitState.nullable(),
  run_no: z.number().int(),
  created_at: z.string(),
  starts_at: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type Campaign = z.infer<typeof Campaign>;

/** Before start: how fast and when, at today's tiers, quality and portfolio limits (Meta decides). */
export const CampaignForecast = z.object({
  /** Contacts matching the audience, the eligible among them, and the rest by reason. */
  audience: z.number().int(),
  eligible: z.number().int(),
  skipped: SkipCounts,
  per_hour: z.number().int(),
  /** When the last recipient should go out; null when the portfolio limits leave no room. */
  ends_at: z.string().nullable(),
  /** What bounds the rate: throughput, the portfolio messaging limit, the send window. */
  bound: z.enum(['throughput', 'messaging_limit', 'send_window', 'none']),
  /** The eligible recipients by country (from their numbers' calling codes; ZZ: unknown). */
  templates_by_country: z.array(z.object({ country: z.string(), recipients: z.number().int() })),
  /** The estimated Meta charges by country, market and category, from the price book (an upper bound). */
  cost: CampaignCost,
});
export type CampaignForecast = z.infer<typeof CampaignForecast>;

/** add: the campaign created (null for a preview), and the forecast (a preview only: counting a big audience costs a snapshot). */
export const CampaignAdded = z.object({ campaign: Campaign.nullable(), forecast: CampaignForecast.nullable() });

export const CampaignListRequest = listRequestOf({
  search: textFilter(CAMPAIGN_LIMITS.name),
  status: CampaignStatus.nullish(),
});

export const Recipient = z.object({
  contact_id: Id,
  wa_id: z.string(),
  name: z.string(),
  number_id: Id,
  number_phone: z.string(),
  state: RecipientState,
  /** Its part of an A/B split (a, b, or the rest that got the winner); null without one. */
  variant: SplitVariant.nullable(),
  run_no: z.number().int(),
  message_id: z.string().nullable(),
  error_code: z.number().int().nullable(),
  error_title: z.string().nullable(),
  updated_at: z.string(),
});
export type Recipient = z.infer<typeof Recipient>;

export const CampaignDetailsRequest = listRequestOf({
  state: RecipientState.nullish(),
  numberId: Id.nullish(),
  /** Digits of the phone number. */
  search: textFilter(32),
}).extend({ id: Id });

export const CampaignTimelinePoint = z.object({ at: z.string(), state: RecipientState, n: z.number().int() });

export const CampaignDetails = z.object({
  campaign: Campaign,
  /** Per sender number: its recipients by state. */
  by_number: z.array(z.object({ number_id: Id, counts: StateCounts })),
  /** Recipients reaching each state, per minute (the chart). */
  timeline: z.array(CampaignTimelinePoint),
  recipients: cappedPageOf(Recipient),
});
export type CampaignDetails = z.infer<typeof CampaignDetails>;

export const CAMPAIGN_ACTIONS = ['start', 'pause', 'resume', 'cancel', 'resend'] as const;
export const CampaignAction = z.enum(CAMPAIGN_ACTIONS);

export const CampaignOperation = z.object({
  id: Id,
  action: CampaignAction,
  /** Resend only: which recipients get a new run (default failed and undelivered). */
  states: z
    .array(z.enum(['failed', 'refused', 'sent', 'unknown']))
    .min(1)
    .optional(),
});
export type CampaignOperation = z.infer<typeof CampaignOperation>;

export const CampaignDownload = z.object({
  id: Id,
  format: z.enum(['csv', 'xlsx']).default('csv'),
  state: RecipientState.nullish(),
});

export const CAMPAIGN_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The same five calls under btmsg (mass) and power (burst); each sees only its kind's campaigns. */
function campaignCallsOf(prefix: 'btmsg' | 'power', kindName: string) {
  const call = { tag: 'campaigns', access: CAMPAIGN_ACCESS } as const;
  return {
    add: defineCall({
      ...call,
      id: `${prefix}.add`,
      method: 'POST',
      path: `/api/${prefix}/add`,
      summary: `Creates a ${kindName} campaign, started now or scheduled (preview: the forecast only)`,
      kind: 'create',
      body: NewCampaign,
      reply: envelopeOf(CampaignAdded),
    }),
    list: defineCall({
      ...call,
      id: `${prefix}.list`,
      method: 'POST',
      path: `/api/${prefix}/list`,
      summary: `The ${kindName} campaigns, newest first, with their counts`,
      kind: 'read',
      body: CampaignListRequest,
      reply: envelopeOf(pageOf(Campaign)),
    }),
    details: defineCall({
      ...call,
      id: `${prefix}.details`,
      method: 'POST',
      path: `/api/${prefix}/details`,
      summary: `One ${kindName} campaign: counts per number, the timeline, and a page of recipients`,
      kind: 'read',
      body: CampaignDetailsRequest,
      reply: envelopeOf(CampaignDetails),
    }),
    operation: defineCall({
      ...call,
      id: `${prefix}.operation`,
      method: 'POST',
      path: `/api/${prefix}/operation`,
      summary: 'Start, pause, resume, cancel, or resend to failed recipients as a new run',
      kind: 'action',
      body: CampaignOperation,
      reply: envelopeOf(Campaign),
    }),
    down: defineCall({
      ...call,
      id: `${prefix}.down`,
      method: 'POST',
      path: `/api/${prefix}/down`,
      summary: 'The recipients with their states, as CSV (UTF-8 with BOM) or XLSX, streamed',
      kind: 'action',
      body: CampaignDownload,
      file: { contentType: CAMPAIGN_CONTENT_TYPES.csv },
      reply: z.string().describe('CSV or XLSX with a header row'),
    }),
  };
}

const mass = campaignCallsOf('btmsg', 'mass send');
const burst = campaignCallsOf('power', 'burst send');

export const campaignCalls = {
  btmsgAdd: mass.add,
  btmsgList: mass.list,
  btmsgDetails: mass.details,
  btmsgOperation: mass.operation,
  btmsgDown: mass.down,
  powerAdd: burst.add,
  powerList: burst.list,
  powerDetails: burst.details,
  powerOperation: burst.operation,
  powerDown: burst.down,
} as const;

/** The calls of each kind, for the one set of handlers that serves both. */
export const CAMPAIGN_CALLS_BY_KIND = { mass, burst } as const;
