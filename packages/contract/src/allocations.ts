import { z } from 'zod';
import { Id, IdList } from './auth.js';
import { defineCall } from './call.js';
import { BatchReply, envelopeOf } from './envelope.js';
import { listRequestOf, pageOf, textFilter } from './paging.js';

/**
 * Allocation (specification `/api/fansdata/*`, the `/dataManager/fansData` screen): a pool of
 * contacts (those loaded from an audience list, or those with a contact tag) shared out to sender
 * numbers and agents. Each contact keeps one owner number, the sticky sender later campaigns
 * use, and one agent: allocation fills only what a contact lacks and never moves one already owned.
 */

const ALLOCATION_ACCESS = ['admin', 'operator'] as const;

/** Unique people a number may start conversations with in 24 hours, by Meta's messaging tier (null: unlimited). */
export const TIER_DAILY_LIMITS: Record<string, number | null> = {
  TIER_50: 50,
  TIER_250: 250,
  TIER_1K: 1_000,
  TIER_2K: 2_000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
  TIER_UNLIMITED: null,
};

export const MAX_SHARES = 500;

export const NewPool = z
  .object({
    name: z.string().trim().min(1).max(100),
    /** An audience list (its loaded contacts) or a contact tag (its contacts): exactly one. */
    listId: Id.nullish(),
    tagId: Id.nullish(),
  })
  .refine((pool) => Boolean(pool.listId) !== Boolean(pool.tagId), {
    message: 'give listId or tagId, not both',
    path: ['listId'],
  });
export type NewPool = z.infer<typeof NewPool>;

/** How a share is given: a number of contacts, or a weight of what is left. */
export const SHARE_MODES = ['count', 'weight'] as const;
export const ShareMode = z.enum(SHARE_MODES);
export type ShareMode = z.infer<typeof ShareMode>;

export const SHARE_TARGETS = ['number', 'agent'] as const;
export const ShareTarget = z.enum(SHARE_TARGETS);
export type ShareTarget = z.infer<typeof ShareTarget>;

export const ShareInput = z.object({
  target: ShareTarget,
  /** A number's id, or an agent's (user's) id. */
  targetId: Id,
  amount: z.number().int().min(0).max(100_000_000),
});

export const SetShares = z
  .object({
    id: Id,
    /** Count: each target gets `amount` contacts at most. Weight: what is unallocated is split in proportion. */
    mode: ShareMode,
    shares: z.array(ShareInput).max(MAX_SHARES),
  })
  .refine(
    (input) => new Set(input.shares.map((share) => `${share.target}:${share.targetId}`)).size === input.shares.length,
    { message: 'each number or agent may appear once', path: ['shares'] },
  );
export type SetShares = z.infer<typeof SetShares>;

export const Supply = z.object({
  id: Id,
  numberId: Id,
  /** Unallocated contacts of the pool to give the number now. */
  count: z.number().int().min(1).max(10_000_000),
});
export type Supply = z.infer<typeof Supply>;

export const Share = z.object({
  target: ShareTarget,
  target_id: Id,
  /** The number's phone or the agent's username. */
  label: z.string(),
  mode: ShareMode,
  amount: z.number().int(),
  /** Contacts of the pool this target holds. */
  allocated: z.number().int(),
  /**
   * Numbers: unique people a day the number may reach outside their window: its business
   * portfolio's messaging limit (its tier), divided among the pool's numbers of that portfolio,
   * which share it (null: unlimited or unknown).
   */
  daily_capacity: z.number().int().nullable(),
  /** Numbers: how many of the pool's numbers share this one's portfolio limit (1: it alone); agents 0. */
  capacity_shared_by: z.number().int(),
  /** Numbers: days the number needs to reach what it holds at its daily capacity. */
  days_to_reach: z.number().int().nullable(),
  /** Numbers: it holds more than one day's capacity, so reaching them all takes more than a day. */
  over_capacity: z.boolean(),
});
export type Share = z.infer<typeof Share>;

export const POOL_STATUSES = ['idle', 'allocating', 'failed'] as const;
export const PoolStatus = z.enum(POOL_STATUSES);

export const Pool = z.object({
  id: Id,
  name: z.string(),
  source: z.object({ kind: z.enum(['list', 'tag']), id: Id, name: z.string() }),
  status: PoolStatus,
  error: z.string().nullable(),
  /** Live contacts in the pool, and those with an owner number and an agent, as last counted. */
  total: z.number().int(),
  with_number: z.number().int(),
  with_agent: z.number().int(),
  shares: z.array(Share),
  counted_at: z.string().nullable(),
  created_at: z.string(),
});
export type Pool = z.infer<typeof Pool>;

export const PoolListRequest = listRequestOf({ search: textFilter(100) });

export const PoolDownload = z.object({ id: Id });

const call = { tag: 'allocation', access: ALLOCATION_ACCESS } as const;

export const allocationCalls = {
  poolList: defineCall({
    ...call,
    id: 'fansdata.list',
    method: 'POST',
    path: '/api/fansdata/list',
    summary:
      'Allocation pools, newest first, with their shares per number and agent and the numbers\u2019 daily capacity',
    kind: 'read',
    body: PoolListRequest,
    reply: envelopeOf(pageOf(Pool)),
  }),
  poolAdd: defineCall({
    ...call,
    id: 'fansdata.add',
    method: 'POST',
    path: '/api/fansdata/add',
    summary: "A pool of contacts to share out: an audience list's loaded contacts, or a contact tag's contacts",
    kind: 'create',
    body: NewPool,
    reply: envelopeOf(Pool),
  }),
  poolDelete: defineCall({
    ...call,
    id: 'fansdata.del',
    method: 'POST',
    path: '/api/fansdata/del',
    summary: 'Delete pools; their contacts keep the numbers and agents they were given',
    kind: 'delete',
    body: z.object({ ids: IdList }),
    reply: envelopeOf(BatchReply),
  }),
  poolSetShares: defineCall({
    ...call,
    id: 'fansdata.setrange',
    method: 'POST',
    path: '/api/fansdata/setrange',
    summary:
      "Set each number's and agent's share (a count, or a weight) and give the pool's contacts without a number or agent theirs, as a job",
    kind: 'update',
    body: SetShares,
    reply: envelopeOf(Pool),
  }),
  poolSupply: defineCall({
    ...call,
    id: 'fansdata.supply',
    method: 'POST',
    path: '/api/fansdata/supply',
    summary: 'Top a number up with contacts of the pool that have no number yet',
    kind: 'update',
    body: Supply,
    reply: envelopeOf(Pool.extend({ supplied: z.number().int() })),
  }),
  poolDownload: defineCall({
    ...call,
    id: 'fansdata.down',
    method: 'POST',
    path: '/api/fansdata/down',
    summary: "A pool's contacts with their owner number and agent, as CSV (UTF-8 with BOM), streamed",
    kind: 'action',
    body: PoolDownload,
    file: { contentType: 'text/csv; charset=utf-8' },
    reply: z.string().describe('CSV with a header row'),
  }),
} as const;
