import { z } from 'zod';
import { Id, IdList } from './auth.js';
import { defineCall } from './call.js';
import { BatchReply, envelopeOf } from './envelope.js';
import { cappedPageOf, listRequestOf, pageOf, textFilter } from './paging.js';

/**
 * Click-to-chat links (specification `/api/link/*`, the `/marketingTasks/diversionlink` screen,
 * decision 0019): `GET /l/{slug}` sends each visitor to one of the link's listed numbers on
 * WhatsApp (`https://wa.me/<digits>?text=…`), by the link's rule; every click is logged and
 * visible to the owner, and the reference token in the pre-filled text attributes the
 * conversation that follows to the click.
 */

const LINK_ACCESS = ['admin', 'operator'] as const;

/**
 * How a link picks a target among those open now (a number paused, RED, restricted or
 * disconnected, a target past its daily aim or outside its hours is skipped under every rule):
 * round robin in turn; weights by smooth weighted round robin; remaining aim the target furthest
 * from its daily aim; time windows the targets with working hours that are open now first.
 */
export const LINK_RULES = ['round_robin', 'weight', 'remaining_aim', 'time_window'] as const;
export const LinkRule = z.enum(LINK_RULES);
export type LinkRule = z.infer<typeof LinkRule>;

/** What chose a click's target: the link's rule, a returning visitor's kept number, or nothing (none open, or a bot). */
export const LINK_CHOICES = [...LINK_RULES, 'returning', 'none'] as const;
export const LinkChoice = z.enum(LINK_CHOICES);
export type LinkChoice = z.infer<typeof LinkChoice>;

/** The visitor's user agent, classed: no other trait of the browser is kept (no fingerprinting). */
export const LINK_AGENT_CLASSES = ['mobile', 'desktop', 'bot', 'other'] as const;
export const LinkAgentClass = z.enum(LINK_AGENT_CLASSES);
export type LinkAgentClass = z.infer<typeof LinkAgentClass>;

/** Why a target is not picked right now (`open`: it may be). */
export const LINK_TARGET_STATES = ['open', 'number_paused', 'number_down', 'aim_reached', 'closed_hours'] as const;
export const LinkTargetState = z.enum(LINK_TARGET_STATES);
export type LinkTargetState = z.infer<typeof LinkTargetState>;

export const LINK_LIMITS = { name: 100, message: 500, targets: 50, weight: 100, dailyAim: 1_000_000 } as const;

/** Lower-case letters, digits and `-`, 3 to 64, not starting with `-`: the path `/l/{slug}`. */
export const LinkSlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{2,63}$/, 'must be 3–64 lower-case letters, digits or -, not starting with -');

/** Working hours `HH:MM` in the tenant's time zone. */
const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 09:30');

const TargetFields = z.object({
  numberId: Id,
  /** Weight under the weight rule (and the share of a round when several are open). */
  weight: z.number().int().min(1).max(LINK_LIMITS.weight).default(1),
  /** Visitors a day (in the tenant's time zone) this target takes at most; 0: no aim. */
  dailyAim: z.number().int().min(0).max(LINK_LIMITS.dailyAim).default(0),
  /** Working hours: both or neither; an end before the start runs past midnight. */
  windowStart: ClockTime.nullish(),
  windowEnd: ClockTime.nullish(),
});

type Window = { windowStart?: string | null | undefined; windowEnd?: string | null | undefined };
const withWindowChecks = <S extends z.ZodType<Window>>(schema: S) =>
  schema
    .refine((t) => (t.windowStart == null) === (t.windowEnd == null), {
      message: 'give both windowStart and windowEnd, or neither',
      path: ['windowEnd'],
    })
    .refine((t) => t.windowStart == null || t.windowStart !== t.windowEnd, {
      message: 'must differ from windowStart',
      path: ['windowEnd'],
    });

export const LinkTargetInput = withWindowChecks(TargetFields);
export type LinkTargetInput = z.output<typeof LinkTargetInput>;

const LinkName = z.string().trim().min(1).max(LINK_LIMITS.name);
const LinkMessage = z.string().trim().max(LINK_LIMITS.message);

export const NewLink = z.object({
  /** Absent: generated. Unique across the product (the path has no tenant). */
  slug: LinkSlug.optional(),
  name: LinkName,
  /** The text the visitor's WhatsApp opens with; the reference token is added after it. */
  message: LinkMessage.default(''),
  rule: LinkRule.default('round_robin'),
  /** A returning visitor (same browser, a first-party cookie) keeps the number they got. */
  sticky: z.boolean().default(false),
  targets: z.array(LinkTargetInput).max(LINK_LIMITS.targets).default([]),
});
export type NewLink = z.output<typeof NewLink>;

export const LinkEdit = z.object({
  id: Id,
  slug: LinkSlug.optional(),
  name: LinkName.optional(),
  message: LinkMessage.optional(),
  rule: LinkRule.optional(),
  sticky: z.boolean().optional(),
  /** A disabled link answers its 404 page. */
  enabled: z.boolean().optional(),
  /** Replaces every target's settings (by number); targets not named are removed. */
  targets: z.array(LinkTargetInput).max(LINK_LIMITS.targets).optional(),
});
export type LinkEdit = z.output<typeof LinkEdit>;

export const LinkTargetAdd = withWindowChecks(TargetFields.extend({ linkId: Id }));
export type LinkTargetAdd = z.output<typeof LinkTargetAdd>;
export const LinkTargetRemove = z.object({ linkId: Id, numberId: Id });

export const LinkListRequest = listRequestOf({ search: textFilter(LINK_LIMITS.name) });

export const LinkTarget = z.object({
  id: Id,
  number_id: Id,
  phone: z.string(),
  verified_name: z.string(),
  weight: z.number().int(),
  daily_aim: z.number().int(),
  window_start: z.string().nullable(),
  window_end: z.string().nullable(),
  /** Human visitors sent to it today (tenant's day), from the roll-up. */
  today_clicks: z.number().int(),
  state: LinkTargetState,
});
export type LinkTarget = z.infer<typeof LinkTarget>;

export const Link = z.object({
  id: Id,
  slug: z.string(),
  /** The public path, `/l/{slug}` (the console prefixes its own origin). */
  path: z.string(),
  name: z.string(),
  message: z.string(),
  rule: LinkRule,
  sticky: z.boolean(),
  enabled: z.boolean(),
  /** The lead-intake order share that owns the link, if any. */
  order_share_id: Id.nullable(),
  time_zone: z.string(),
  targets: z.array(LinkTarget),
  human_clicks: z.number().int(),
  bot_clicks: z.number().int(),
  conversations: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Link = z.infer<typeof Link>;

export const LinkDetailsRequest = z.object({
  id: Id,
  /** The last N days (tenant's days), today included. */
  days: z.number().int().min(1).max(90).default(14),
});

export const LinkCounts = z.object({
  human_clicks: z.number().int(),
  bot_clicks: z.number().int(),
  conversations: z.number().int(),
  /** conversations / human clicks, 0 without clicks. */
  conversion_rate: z.number(),
});

export const LinkDetails = z.object({
  link: Link,
  days: z.array(z.string()),
  totals: LinkCounts,
  /** Per target over the period (target_id null: clicks no target took: bots, none open). */
  per_target: z.array(LinkCounts.extend({ target_id: Id.nullable(), number_id: Id.nullable(), phone: z.string() })),
  /** Per day and target: the chart's data. */
  per_day: z.array(LinkCounts.omit({ conversion_rate: true }).extend({ day: z.string(), target_id: Id.nullable() })),
});
export type LinkDetails = z.infer<typeof LinkDetails>;

export const LinkClickListRequest = listRequestOf({ bot: z.boolean().nullish(), targetId: Id.nullish() }).extend({
  linkId: Id,
});

export const LinkClick = z.object({
  id: Id,
  clicked_at: z.string(),
  target_id: Id.nullable(),
  phone: z.string().nullable(),
  choice: LinkChoice,
  agent_class: LinkAgentClass,
  bot: z.boolean(),
  /** A keyed hash of the visitor's address (never the address). */
  address_hash: z.string(),
  referrer: z.string(),
  utm: z.record(z.string(), z.string()),
  /** The reference token sent in the pre-filled text. */
  ref: z.string().nullable(),
  /** The conversation the click's first message opened, once it arrived. */
  conversation_id: Id.nullable(),
});
export type LinkClick = z.infer<typeof LinkClick>;

export const LinkDownload = z.object({ id: Id, format: z.enum(['csv', 'xlsx']).default('csv') });

const call = { tag: 'links', access: LINK_ACCESS } as const;

export const linkCalls = {
  linkList: defineCall({
    ...call,
    id: 'link.list',
    method: 'POST',
    path: '/api/link/list',
    summary: "The tenant's click-to-chat links, newest first, with their targets and counts",
    kind: 'read',
    body: LinkListRequest,
    reply: envelopeOf(pageOf(Link)),
  }),
  linkAdd: defineCall({
    ...call,
    id: 'link.add',
    method: 'POST',
    path: '/api/link/add',
    summary: 'Creates a link: slug (generated when absent), name, pre-filled message, rule and targets',
    kind: 'create',
    body: NewLink,
    reply: envelopeOf(Link),
  }),
  linkEdit: defineCall({
    ...call,
    id: 'link.edit',
    method: 'POST',
    path: '/api/link/edit',
    summary: "Changes a link's slug, name, message, rule, stickiness, state or targets",
    kind: 'update',
    body: LinkEdit,
    reply: envelopeOf(Link),
  }),
  linkDel: defineCall({
    ...call,
    id: 'link.dellink',
    method: 'POST',
    path: '/api/link/dellink',
    summary: 'Deletes links: their paths answer 404 at once; their click logs go with them',
    kind: 'delete',
    body: z.object({ ids: IdList }),
    reply: envelopeOf(BatchReply),
  }),
  linkAddTarget: defineCall({
    ...call,
    id: 'link.addcus',
    method: 'POST',
    path: '/api/link/addcus',
    summary: 'Adds one of the tenant’s numbers to a link as a target (or changes its settings)',
    kind: 'update',
    body: LinkTargetAdd,
    reply: envelopeOf(Link),
  }),
  linkRemoveTarget: defineCall({
    ...call,
    id: 'link.delcus',
    method: 'POST',
    path: '/api/link/delcus',
    summary: 'Removes a number from a link’s targets (its past clicks stay in the log)',
    kind: 'update',
    body: LinkTargetRemove,
    reply: envelopeOf(Link),
  }),
  linkDetails: defineCall({
    ...call,
    id: 'link.details',
    method: 'POST',
    path: '/api/link/details',
    summary: 'Clicks (human and bot), conversations and conversion per target and per day',
    kind: 'read',
    body: LinkDetailsRequest,
    reply: envelopeOf(LinkDetails),
  }),
  linkClicks: defineCall({
    ...call,
    id: 'link.clicks',
    method: 'POST',
    path: '/api/link/clicks',
    summary: "A link's click log, newest first: time, target, the rule that chose it, bot or human",
    kind: 'read',
    body: LinkClickListRequest,
    reply: envelopeOf(cappedPageOf(LinkClick)),
  }),
  linkDownload: defineCall({
    ...call,
    id: 'link.down',
    method: 'POST',
    path: '/api/link/down',
    summary: "A link's click log as CSV (UTF-8 with BOM) or XLSX, streamed",
    kind: 'action',
    body: LinkDownload,
    file: { contentType: 'text/csv; charset=utf-8' },
    reply: z.string().describe('CSV or XLSX with a header row'),
  }),
} as const;
