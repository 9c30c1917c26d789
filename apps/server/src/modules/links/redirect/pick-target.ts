/**
 * Which target a visit goes to (decision 0019), in memory: the link's state is shared by every
 * visitor of this process, so the rotation is across visitors, not per session.
 */
import type { LinkChoice, LinkRule } from '@ws/contract';
import { withinHours } from '../tenant-clock.js';

export interface RoutedTarget {
  id: string;
  numberId: string;
  /** The number's digits, as wa.me takes them. */
  digits: string;
  weight: number;
  dailyAim: number;
  windowStart: number | null;
  windowEnd: number | null;
  /** Its number is paused, RED, restricted, disconnected or gone. */
  unavailable: boolean;
  /** Human visitors sent to it on `LinkState.day`. */
  today: number;
  /** Smooth weighted round robin's running weight. */
  current: number;
}

export interface RoutedLink {
  rule: LinkRule;
  sticky: boolean;
  targets: RoutedTarget[];
  /** The ids of the targets open at the last pick: when that set changes, the rotation starts afresh. */
  lastOpen?: string[];
}

export interface Pick {
  target: RoutedTarget;
  choice: LinkChoice;
}

/** A target that may take a visitor now: its number up, under its daily aim, within its hours. */
export function isOpen(target: RoutedTarget, minute: number): boolean {
  return (
    !target.unavailable &&
    !(target.dailyAim > 0 && target.today >= target.dailyAim) &&
    withinHours(minute, target.windowStart, target.windowEnd)
  );
}

/**
 * Smooth weighted round robin (nginx's): each candidate gains its weight, the highest is chosen
 * and loses the sum. Over any run of picks each gets its share, evenly spread (weights 5,1,1 give
 * a a b a c a a, not a a a a a b c).
 */
function smoothRoundRobin(candidates: readonly RoutedTarget[], weightOf: (t: RoutedTarget) => number): RoutedTarget {
  let total = 0;
  let best = candidates[0] as RoutedTarget;
  for (const candidate of candidates) {
    const weight = weightOf(candidate);
    candidate.current += weight;
    total += weight;
    if (candidate.current > best.current) best = candidate;
  }
  best.current -= total;
  return best;
}

const byWeight = (t: RoutedTarget) => t.weight;
const equally = () => 1;

/**
 * The target for one human visit, or undefined when none is open. `returning` is the target a
 * returning visitor had (a sticky link's cookie): kept while it is open. The chosen target's day
 * count goes up at once, so aims and "remaining aim" see this visit.
 */
export function pickTarget(link: RoutedLink, minute: number, returning?: string): Pick | undefined {
  const open = link.targets.filter((target) => isOpen(target, minute));
  if (open.length === 0) return undefined;
  if (!sameIds(open, link.lastOpen)) {
    // A target opened or closed: the running weights start again, so the new set shares evenly at
    // once (a closed target's running weight would otherwise skew the others' turns for good).
    for (const target of link.targets) target.current = 0;
    link.lastOpen = open.map((target) => target.id);
  }
  let pick: Pick | undefined;
  if (link.sticky && returning !== undefined) {
    const kept = open.find((target) => target.id === returning);
    if (kept) pick = { target: kept, choice: 'returning' };
  }
  if (!pick) pick = { target: pickByRule(link.rule, open), choice: link.rule };
  pick.target.today += 1;
  return pick;
}

function sameIds(targets: readonly RoutedTarget[], ids: readonly string[] | undefined): boolean {
  return ids !== undefined && ids.length === targets.length && targets.every((target, i) => target.id === ids[i]);
}

function pickByRule(rule: LinkRule, open: readonly RoutedTarget[]): RoutedTarget {
  switch (rule) {
    case 'round_robin':
      return smoothRoundRobin(open, equally);
    case 'weight':
      return smoothRoundRobin(open, byWeight);
    case 'time_window': {
      // Targets with working hours (open now) first; those without hours take the rest of the day.
      const staffed = open.filter((target) => target.windowStart !== null);
      return smoothRoundRobin(staffed.length > 0 ? staffed : open, byWeight);
    }
    case 'remaining_aim': {
      // The furthest from its aim; ties (and targets without an aim, once every aim is met) by weight in turn.
      const aimed = open.filter((target) => target.dailyAim > 0);
      if (aimed.length === 0) return smoothRoundRobin(open, byWeight);
      const remaining = (target: RoutedTarget) => target.dailyAim - target.today;
      const most = Math.max(...aimed.map(remaining));
      return smoothRoundRobin(
        aimed.filter((target) => remaining(target) === most),
        byWeight,
      );
    }
  }
}
