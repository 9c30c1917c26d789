import type { Link, LinkTarget, LinkTargetState } from '@ws/contract';
import type { LinkRow, TargetRow } from './link-repository.js';
import { clockTextOf, localClock, withinHours } from './tenant-clock.js';

/** Why a target would not be picked now, in the order the router checks it. */
export function targetState(target: TargetRow, minute: number): LinkTargetState {
  if (target.number_down) return 'number_down';
  if (target.number_paused) return 'number_paused';
  if (target.daily_aim > 0 && target.today_clicks >= target.daily_aim) return 'aim_reached';
  if (!withinHours(minute, target.window_start, target.window_end)) return 'closed_hours';
  return 'open';
}

function toTarget(target: TargetRow, minute: number): LinkTarget {
  return {
    id: target.id,
    number_id: target.number_id,
    phone: target.phone,
    verified_name: target.verified_name,
    weight: target.weight,
    daily_aim: target.daily_aim,
    window_start: target.window_start === null ? null : clockTextOf(target.window_start),
    window_end: target.window_end === null ? null : clockTextOf(target.window_end),
    today_clicks: target.today_clicks,
    state: targetState(target, minute),
  };
}

/** Links in the contract's shape, each with its targets. */
export function toLinks(rows: readonly LinkRow[], targets: readonly TargetRow[], now = new Date()): Link[] {
  return rows.map((row) => {
    const { minute } = localClock(row.time_zone, now);
    return {
      ...row,
      path: `/l/${row.slug}`,
      targets: targets.filter((target) => target.link_id === row.id).map((target) => toTarget(target, minute)),
    };
  });
}
