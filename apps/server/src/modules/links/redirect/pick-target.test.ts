/** The rotation, in memory: weights honoured over many picks, the skip rules, working hours, remaining aim, returning visitors. */
import type { LinkRule } from '@ws/contract';
import { describe, expect, it } from 'vitest';
import { pickTarget, type RoutedLink, type RoutedTarget } from './pick-target.js';

const NOON = 12 * 60;

function target(id: string, overrides: Partial<RoutedTarget> = {}): RoutedTarget {
  return {
    id,
    numberId: `n${id}`,
    digits: `1555000${id}`,
    weight: 1,
    dailyAim: 0,
    windowStart: null,
    windowEnd: null,
    unavailable: false,
    today: 0,
    current: 0,
    ...overrides,
  };
}

const link = (rule: LinkRule, targets: RoutedTarget[], sticky = false): RoutedLink => ({ rule, sticky, targets });

function picks(routed: RoutedLink, count: number, minute = NOON): string[] {
  return Array.from({ length: count }, () => pickTarget(routed, minute)?.target.id ?? '-');
}

function tally(ids: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const id of ids) counts[id] = (counts[id] ?? 0) + 1;
  return counts;
}

describe('picking a target', () => {
  it('round robin takes each open target in turn, whatever their weights', () => {
    expect(picks(link('round_robin', [target('1', { weight: 9 }), target('2'), target('3')]), 6)).toEqual([
      '1',
      '2',
      '3',
      '1',
      '2',
      '3',
    ]);
  });

  it('weights are honoured over many picks, spread evenly (smooth weighted round robin)', () => {
    const routed = link('weight', [target('a', { weight: 5 }), target('b', { weight: 3 }), target('c', { weight: 2 })]);
    expect(tally(picks(routed, 1000))).toEqual({ a: 500, b: 300, c: 200 });
    const fresh = link('weight', [target('a', { weight: 5 }), target('b'), target('c')]);
    expect(picks(fresh, 7)).toEqual(['a', 'a', 'b', 'a', 'c', 'a', 'a']);
  });

  it('skips a paused or disconnected number and a target past its daily aim', () => {
    const routed = link('round_robin', [target('1', { unavailable: true }), target('2', { dailyAim: 2 }), target('3')]);
    expect(picks(routed, 5)).toEqual(['2', '3', '2', '3', '3']);
    expect(routed.targets[1]?.today).toBe(2);
  });

  it('answers nothing when no target is open', () => {
    const routed = link('weight', [target('1', { unavailable: true }), target('2', { dailyAim: 1, today: 1 })]);
    expect(pickTarget(routed, NOON)).toBeUndefined();
  });

  it('working hours: a target is picked only within them, an end before the start running past midnight', () => {
    const routed = link('weight', [
      target('day', { windowStart: 9 * 60, windowEnd: 18 * 60 }),
      target('night', { windowStart: 22 * 60, windowEnd: 6 * 60 }),
    ]);
    expect(picks(routed, 3, NOON)).toEqual(['day', 'day', 'day']);
    expect(picks(routed, 2, 23 * 60)).toEqual(['night', 'night']);
    expect(picks(routed, 2, 3 * 60)).toEqual(['night', 'night']);
    expect(picks(routed, 1, 20 * 60)).toEqual(['-']);
    // The end is not within: 18:00 is closed.
    expect(picks(routed, 1, 18 * 60)).toEqual(['-']);
  });

  it('the time-window rule prefers targets with working hours while they are open, the others after hours', () => {
    const routed = link('time_window', [
      target('staff', { windowStart: 9 * 60, windowEnd: 17 * 60 }),
      target('anytime'),
    ]);
    expect(picks(routed, 3, NOON)).toEqual(['staff', 'staff', 'staff']);
    expect(picks(routed, 2, 20 * 60)).toEqual(['anytime', 'anytime']);
  });

  it('remaining aim picks the target furthest from its daily aim', () => {
    const routed = link('remaining_aim', [
      target('a', { dailyAim: 10, today: 7 }),
      target('b', { dailyAim: 5, today: 0 }),
      target('c', { dailyAim: 4, today: 0 }),
    ]);
    // b has 5 left, c 4, a 3: b first, then whoever has most left (ties in turn), until every aim is met.
    const order = picks(routed, 12);
    expect(order[0]).toBe('b');
    expect(tally(order)).toEqual({ a: 3, b: 5, c: 4 });
    expect(routed.targets.map((t) => t.today)).toEqual([10, 5, 4]);
    expect(pickTarget(routed, NOON)).toBeUndefined();
  });

  it('a returning visitor keeps their number while it is open, only on a sticky link', () => {
    const sticky = link('round_robin', [target('1'), target('2')], true);
    expect(pickTarget(sticky, NOON, '2')).toMatchObject({ target: { id: '2' }, choice: 'returning' });
    expect(pickTarget(sticky, NOON, '2')).toMatchObject({ target: { id: '2' }, choice: 'returning' });
    sticky.targets[1] = { ...(sticky.targets[1] as RoutedTarget), unavailable: true };
    expect(pickTarget(sticky, NOON, '2')).toMatchObject({ target: { id: '1' }, choice: 'round_robin' });
    // A cookie naming something that is not one of the link's targets changes nothing.
    expect(pickTarget(sticky, NOON, '999')?.target.id).toBe('1');
    const plain = link('round_robin', [target('1'), target('2')]);
    expect(pickTarget(plain, NOON, '2')).toMatchObject({ target: { id: '1' }, choice: 'round_robin' });
  });
});
