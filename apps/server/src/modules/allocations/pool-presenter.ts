import { type Language, type Pool, type Share, TIER_DAILY_LIMITS } from '@ws/contract';
import type { PoolRow, ShareRow } from './pool-repository.js';

const ERRORS: Record<string, { zh: string; en: string }> = {
  allocation_failed: { zh: '分配失败，请重新设置份额', en: 'the allocation failed; set the shares again' },
};

/**
 * A share with its number's daily capacity: what it holds beyond one day's reach is said, never
 * hidden. Since October 2025 the messaging limit belongs to the business portfolio and its numbers
 * share it, so the pool's numbers of one portfolio each get their part of it.
 */
function presentShare(row: ShareRow, mode: Pool['shares'][number]['mode'], sharedBy: number): Share {
  const limit = row.target === 'number' ? (TIER_DAILY_LIMITS[row.messaging_limit_tier ?? ''] ?? null) : null;
  const capacity = limit === null ? null : Math.max(1, Math.floor(limit / sharedBy));
  return {
    target: row.target,
    target_id: row.target_id,
    label: row.label ?? row.target_id,
    mode,
    amount: row.amount,
    allocated: row.allocated,
    daily_capacity: capacity,
    capacity_shared_by: row.target === 'number' ? sharedBy : 0,
    days_to_reach: capacity ? Math.ceil(row.allocated / capacity) : null,
    over_capacity: capacity !== null && row.allocated > capacity,
  };
}

/** How many of a pool's number shares are in each business portfolio. */
function numbersByPortfolio(shares: ShareRow[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const share of shares) {
    if (share.target === 'number' && share.portfolio_id) {
      counts.set(share.portfolio_id, (counts.get(share.portfolio_id) ?? 0) + 1);
    }
  }
  return counts;
}

export function presentPool(row: PoolRow, shares: ShareRow[], language: Language): Pool {
  const poolShares = shares.filter((share) => share.pool_id === row.id);
  const sharedBy = numbersByPortfolio(poolShares);
  return {
    id: row.id,
    name: row.name,
    source: row.list_id
      ? { kind: 'list', id: row.list_id, name: row.source_name ?? '' }
      : { kind: 'tag', id: row.tag_id as string, name: row.source_name ?? '' },
    status: row.status,
    error: row.error ? (ERRORS[row.error]?.[language] ?? row.error) : null,
    total: row.total,
    with_number: row.with_number,
    with_agent: row.with_agent,
    shares: poolShares.map((share) =>
      presentShare(share, row.mode, (share.portfolio_id && sharedBy.get(share.portfolio_id)) || 1),
    ),
    counted_at: row.counted_at,
    created_at: row.created_at,
  };
}
