import { type Language, type Pool, type Share, TIER_DAILY_LIMITS } from '@ws/contract';
import type { PoolRow, ShareRow } from './pool-repository.js';

const ERRORS: Record<string, { zh: string; en: string }> = {
  allocation_failed: { zh: '分配失败，请重新设置份额', en: 'the allocation failed; set the shares again' },
};

/** A share with its number's daily capacity: what it holds beyond one day's reach is said, never hidden. */
function presentShare(row: ShareRow, mode: Pool['shares'][number]['mode']): Share {
  const capacity = row.target === 'number' ? (TIER_DAILY_LIMITS[row.messaging_limit_tier ?? ''] ?? null) : null;
  return {
    target: row.target,
    target_id: row.target_id,
    label: row.label ?? row.target_id,
    mode,
    amount: row.amount,
    allocated: row.allocated,
    daily_capacity: capacity,
    days_to_reach: capacity ? Math.ceil(row.allocated / capacity) : null,
    over_capacity: capacity !== null && row.allocated > capacity,
  };
}

export function presentPool(row: PoolRow, shares: ShareRow[], language: Language): Pool {
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
    shares: shares.filter((share) => share.pool_id === row.id).map((share) => presentShare(share, row.mode)),
    counted_at: row.counted_at,
    created_at: row.created_at,
  };
}
