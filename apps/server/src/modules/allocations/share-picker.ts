import type { ShareMode } from '@ws/contract';

/** A target's share in a run: its amount (a count or a weight) and what the run gave it so far. */
export interface Quota {
  targetId: string;
  amount: number;
  given: number;
}

/**
 * Picks a target for each of `count` contacts, in order, and counts them in `given`. Count mode:
 * the target with the most left of its amount, none once every amount is reached. Weight mode: the
 * target furthest behind its part of everything given so far, so any prefix of the run is split in
 * proportion (as a smooth weighted round robin is). Only `given` is state: a run resumed after a
 * crash, with the counts it saved, picks exactly as an uninterrupted one would.
 */
export function pickTargets(mode: ShareMode, quotas: Quota[], count: number): (string | null)[] {
  const live = quotas.filter((quota) => quota.amount > 0);
  const weight = live.reduce((sum, quota) => sum + quota.amount, 0);
  let given = live.reduce((sum, quota) => sum + quota.given, 0);
  const picks: (string | null)[] = [];
  for (let index = 0; index < count; index += 1) {
    let best: Quota | undefined;
    let bestScore = 0;
    for (const quota of live) {
      const score = mode === 'count' ? quota.amount - quota.given : ((given + 1) * quota.amount) / weight - quota.given;
      if (mode === 'count' && score <= 0) continue;
      if (best === undefined || score > bestScore) {
        best = quota;
        bestScore = score;
      }
    }
    if (!best) {
      picks.push(null);
      continue;
    }
    best.given += 1;
    given += 1;
    picks.push(best.targetId);
  }
  return picks;
}
