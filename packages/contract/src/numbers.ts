import { z } from 'zod';
import { Id, IdList, UserRef } from './auth.js';
import { defineCall } from './call.js';
import { BatchReply, envelopeOf } from './envelope.js';
import { cappedPageOf, listRequestOf, PageRequest, pageOf, textFilter } from './paging.js';
import { TagRef } from './tags.js';

/** Meta's quality rating of a number. */
export const NUMBER_QUALITIES = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'] as const;
export const NumberQuality = z.enum(NUMBER_QUALITIES);

/**
 * The statuses and messaging tiers Meta documents for a number, so the console can name them. The
 * fields that carry them stay plain strings: Meta adds values, and a new one is shown as it comes.
 */
export const MetaNumberStatus = z.enum([
  'PENDING',
  'CONNECTED',
  'DISCONNECTED',
  'FLAGGED',
  'RESTRICTED',
  'RATE_LIMITED',
  'BANNED',
  'DELETED',
  'MIGRATED',
  'UNVERIFIED',
  'UNKNOWN',
]);
export const MessagingTier = z.enum([
  'TIER_50',
  'TIER_250',
  'TIER_1K',
  'TIER_2K',
  'TIER_10K',
  'TIER_100K',
  'TIER_UNLIMITED',
]);

/** Calls that reach the Cloud API once per number take fewer ids than plain batch updates. */
export const MAX_CHECKED_NUMBERS = 200;
export const MAX_REPAIRED_NUMBERS = 50;
/** Purging also detaches the numbers' contacts, so one call purges at most this many numbers. */
export const MAX_PURGED_NUMBERS = 200;
/** Days a number stays in the recycle bin before the daily job purges it. */
export const RECYCLE_BIN_DAYS = 30;

/** The numbers a call takes when it can take at most `max`: at least one, each once. */
const numberIdsUpTo = (max: number) =>
  z.object({
    ids: z
      .array(Id)
      .min(1)
      .max(max)
      .transform((ids) => [...new Set(ids)]),
  });

/** One result per number, for the calls that reach the Cloud API once per number. */
const resultsPerNumber = <T extends z.ZodType>(result: T) => z.object({ results: z.array(result) });

export const NumberListFilters = z.object({
  /** Part of the phone number, matched literally. */
  phone: textFilter(32),
  /** The number's status at Meta, e.g. CONNECTED, FLAGGED, RESTRICTED. */
  status: textFilter(32),
  quality: NumberQuality.nullish(),
  tagId: Id.nullish(),
  ownerUserId: Id.nullish(),
  ipId: Id.nullish(),
  /** true: only paused numbers; false: only numbers that are not paused. */
  paused: z.boolean().nullish(),
});
export type NumberListFilters = z.output<typeof NumberListFilters>;

export const NumberListRequest = PageRequest.extend({
  /** true: standby numbers; false: numbers in service; absent: both. */
  standby: z.boolean().nullish(),
  filters: NumberListFilters.prefault({}),
});
export type NumberListRequest = z.infer<typeof NumberListRequest>;

export const NumberEgressIp = z.object({
  id: Id,
  /** host:port of the proxy. */
  label: z.string(),
  scope: z.enum(['system', 'own']),
});

/** What names a number in the lists: its phone, Meta's ids, its verified name and status at Meta. */
const NumberIdentity = z.object({
  id: Id,
  phone: z.string(),
  phone_number_id: z.string(),
  waba_id: z.string(),
  verified_name: z.string(),
  status: z.string(),
});

export const NumberListRecord = NumberIdentity.extend({
  name_status: z.string().nullable(),
  quality_rating: NumberQuality,
  messaging_tier: z.string().nullable(),
  throughput_per_second: z.number().int(),
  owner: UserRef.nullable(),
  tags: z.array(TagRef),
  egress_ip: NumberEgressIp.nullable(),
  standby: z.boolean(),
  paused: z.boolean(),
  pause_reason: z.string().nullable(),
  /** Messages accepted by the Cloud API and received today (UTC). */
  sent_today: z.number().int(),
  received_today: z.number().int(),
  /** Live contacts owned by the number. */
  contacts: z.number().int(),
  checked_at: z.string().nullable(),
  check_error: z.string().nullable(),
  /** Whether the app is subscribed to the WABA's webhooks (without it Meta posts nothing of the number). */
  webhooks_subscribed: z.boolean(),
  created_at: z.string(),
});
export type NumberListRecord = z.infer<typeof NumberListRecord>;

export const NumberIds = z.object({ ids: IdList });

export const NumberTagBatch = z
  .object({
    ids: IdList,
    addTagIds: z.array(Id).max(100).default([]),
    removeTagIds: z.array(Id).max(100).default([]),
  })
  .refine((body) => body.addTagIds.length + body.removeTagIds.length > 0, {
    message: 'name at least one tag to add or remove',
    path: ['addTagIds'],
  });
export type NumberTagBatch = z.infer<typeof NumberTagBatch>;

export const NumberOwnerMove = z.object({ ids: IdList, ownerUserId: Id });
export const NumberIpAssignment = z.object({ ids: IdList, ipId: Id.nullable() });
export const NumberTypeChange = z.object({ ids: IdList, standby: z.boolean() });

export const NumberCheckResult = z.object({
  id: Id,
  phone: z.string(),
  ok: z.boolean(),
  /** Why the Cloud API could not be asked (Meta's error, or no answer). */
  error: z.string().nullable(),
  /**
   * The app's subscription to the WABA's webhooks: found, or found missing and made again; null
   * when the check failed.
   */
  webhooks: z.enum(['subscribed', 'resubscribed']).nullable(),
  quality_rating: NumberQuality,
  status: z.string(),
  name_status: z.string().nullable(),
  verified_name: z.string(),
  messaging_tier: z.string().nullable(),
  throughput_per_second: z.number().int(),
  paused: z.boolean(),
  checked_at: z.string().nullable(),
});
export type NumberCheckResult = z.infer<typeof NumberCheckResult>;

export const NumberRepairResult = z.object({
  id: Id,
  phone: z.string(),
  /** Everything below succeeded. */
  ok: z.boolean(),
  /** Templates of the number's WABA written from the Cloud API; null when they could not be read. */
  templates: z.number().int().nullable(),
  /** The business profile could be read. */
  profile_ok: z.boolean(),
  sent_today: z.number().int(),
  received_today: z.number().int(),
  contacts: z.number().int(),
  errors: z.array(z.string()),
});
export type NumberRepairResult = z.infer<typeof NumberRepairResult>;

export const RecycleListRequest = listRequestOf({ phone: textFilter(32) });
export type RecycleListRequest = z.infer<typeof RecycleListRequest>;
export const RecycledNumber = NumberIdentity.extend({
  quality_rating: NumberQuality,
  deleted_at: z.string(),
  deleted_by: UserRef.nullable(),
  /** When the daily job deletes it for good. */
  purge_at: z.string(),
});
export type RecycledNumber = z.infer<typeof RecycledNumber>;

/** Numbers are managed by the tenant's admins and operators; seats (agents) may not. */
const numbersCall = { method: 'POST', tag: 'numbers', access: ['admin', 'operator'] } as const;

export const numberCalls = {
  numberList: defineCall({
    ...numbersCall,
    id: 'agent.list',
    path: '/api/agent/list',
    summary: 'Live numbers of the tenant, newest first, in service or standby, with filters',
    kind: 'read',
    body: NumberListRequest,
    reply: envelopeOf(cappedPageOf(NumberListRecord)),
  }),
  numberTags: defineCall({
    ...numbersCall,
    id: 'agent.batch',
    path: '/api/agent/batch',
    summary: 'Add and remove number tags on the selected numbers',
    kind: 'update',
    body: NumberTagBatch,
    reply: envelopeOf(BatchReply),
  }),
  numberMoveOwner: defineCall({
    ...numbersCall,
    id: 'agent.moveagent',
    path: '/api/agent/moveagent',
    summary: 'Give the selected numbers to another owner (an admin or operator of the tenant)',
    kind: 'update',
    body: NumberOwnerMove,
    reply: envelopeOf(BatchReply),
  }),
  numberSetIp: defineCall({
    ...numbersCall,
    id: 'agent.setip',
    path: '/api/agent/setip',
    summary: 'Set (or clear with null) the egress proxy of the selected numbers: an enabled own or system IP',
    kind: 'update',
    body: NumberIpAssignment,
    reply: envelopeOf(BatchReply),
  }),
  numberChangeType: defineCall({
    ...numbersCall,
    id: 'agent.changetype',
    path: '/api/agent/changetype',
    summary: 'Move the selected numbers between in service and standby',
    kind: 'update',
    body: NumberTypeChange,
    reply: envelopeOf(BatchReply),
  }),
  numberCheck: defineCall({
    ...numbersCall,
    id: 'agent.checkchanel',
    path: '/api/agent/checkchanel',
    summary: `Read each number's state from the Cloud API (at most ${MAX_CHECKED_NUMBERS}); quality RED pauses it`,
    kind: 'action',
    body: numberIdsUpTo(MAX_CHECKED_NUMBERS),
    reply: envelopeOf(resultsPerNumber(NumberCheckResult)),
  }),
  numberRepair: defineCall({
    ...numbersCall,
    id: 'agent.repairdb',
    path: '/api/agent/repairdb',
    summary: `Re-sync templates from the WABA, check the business profile, recount today's messages and the contacts (at most ${MAX_REPAIRED_NUMBERS})`,
    kind: 'action',
    body: numberIdsUpTo(MAX_REPAIRED_NUMBERS),
    reply: envelopeOf(resultsPerNumber(NumberRepairResult)),
  }),
  numberResume: defineCall({
    ...numbersCall,
    id: 'agent.resume',
    path: '/api/agent/resume',
    summary: 'Resume paused numbers: their queued messages are sent again',
    kind: 'action',
    body: NumberIds,
    reply: envelopeOf(BatchReply),
  }),
  numberRecycle: defineCall({
    ...numbersCall,
    id: 'agent.recycle',
    path: '/api/agent/recycle',
    summary: `Move numbers to the recycle bin: they stop sending and are purged after ${RECYCLE_BIN_DAYS} days`,
    kind: 'delete',
    body: NumberIds,
    reply: envelopeOf(BatchReply),
  }),
  numberRecycleList: defineCall({
    ...numbersCall,
    id: 'agent.recyclelist',
    path: '/api/agent/recyclelist',
    summary: `Numbers in the recycle bin (deleted in the last ${RECYCLE_BIN_DAYS} days), last deleted first`,
    kind: 'read',
    body: RecycleListRequest,
    reply: envelopeOf(pageOf(RecycledNumber)),
  }),
  numberRestore: defineCall({
    ...numbersCall,
    id: 'agent.restore',
    path: '/api/agent/restore',
    summary: 'Bring numbers back from the recycle bin; 409 when another live number has the phone-number id',
    kind: 'update',
    body: NumberIds,
    reply: envelopeOf(BatchReply),
  }),
  numberPurge: defineCall({
    ...numbersCall,
    id: 'agent.purge',
    path: '/api/agent/purge',
    summary: `Delete numbers of the recycle bin for good (at most ${MAX_PURGED_NUMBERS}); their queued messages fail`,
    kind: 'delete',
    body: numberIdsUpTo(MAX_PURGED_NUMBERS),
    reply: envelopeOf(BatchReply),
  }),
  numberOwners: defineCall({
    ...numbersCall,
    id: 'agent.owners',
    path: '/api/agent/owners',
    summary: 'Users of the tenant who may own numbers (admins and operators)',
    kind: 'read',
    body: z.object({}),
    reply: envelopeOf(z.array(UserRef)),
  }),
} as const;
