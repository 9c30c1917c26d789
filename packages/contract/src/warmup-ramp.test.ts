import { describe, expect, it } from 'vitest';
import {
  addDays,
  isAbove,
  nextTier,
  numberShare,
  rampTargets,
  stepTargets,
  tierOfLimit,
  warmupSchedule,
} from './warmup-ramp.js';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const lastSeven = (values: readonly number[]) => sum(values.slice(-7));

describe('the warm-up ramp', () => {
  it('names tiers and finds the next one on the ladder', () => {
    expect(tierOfLimit(2000)).toBe('TIER_2K');
    expect(tierOfLimit(null)).toBe('TIER_UNLIMITED');
    expect(tierOfLimit(1000)).toBe('TIER_1K');
    expect(nextTier(250)).toBe('TIER_2K');
    expect(nextTier(1000)).toBe('TIER_2K');
    expect(nextTier(2000)).toBe('TIER_10K');
    expect(nextTier(100_000)).toBe('TIER_UNLIMITED');
    expect(nextTier(null)).toBeNull();
    expect(isAbove('TIER_10K', 2000)).toBe(true);
    expect(isAbove('TIER_2K', 2000)).toBe(false);
    expect(isAbove('TIER_UNLIMITED', 100_000)).toBe(true);
    expect(isAbove('TIER_UNLIMITED', null)).toBe(false);
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
  });

  it('rises every day and reaches half the limit (with the margin) within 7 days at a normal pace', () => {
    const { targets, reachable } = stepTargets(2000, 'normal');
    expect(reachable).toBe(true);
    expect(targets).toEqual([40, 79, 118, 158, 197, 236, 275]);
    expect(sum(targets)).toBeGreaterThanOrEqual(1100);
    for (let index = 1; index < targets.length; index += 1) {
      expect(targets[index]).toBeGreaterThan(targets[index - 1] as number);
    }
  });

  it('spreads a gentle step over 10 days whose last 7 still hold the half, and a fast one over 4', () => {
    const gentle = stepTargets(10_000, 'gentle').targets;
    expect(gentle).toHaveLength(10);
    expect(lastSeven(gentle)).toBeGreaterThanOrEqual(5500);
    const fast = stepTargets(10_000, 'fast').targets;
    expect(fast).toEqual([550, 1100, 1650, 2200]);
    // Gentler means a lower peak.
    expect(Math.max(...gentle)).toBeLessThan(Math.max(...stepTargets(10_000, 'normal').targets));
    expect(Math.max(...stepTargets(10_000, 'normal').targets)).toBeLessThan(Math.max(...fast));
  });

  it('never plans a day above the limit; below 2 000 it aims at 2 000 users in 30 days', () => {
    const { targets, reachable } = stepTargets(250, 'fast');
    expect(reachable).toBe(true);
    expect(Math.max(...targets)).toBe(250);
    expect(targets.length).toBeGreaterThan(14);
    expect(targets.length).toBeLessThanOrEqual(30);
    expect(sum(targets)).toBeGreaterThanOrEqual(2200);
  });

  it('says so when volume cannot reach 2 000 in 30 days (business verification is the way)', () => {
    expect(rampTargets(2200, 21, 30, 50)).toMatchObject({ reachable: false });
    const schedule = warmupSchedule({ limit: 50, target: 'TIER_10K', pace: 'normal', startDate: '2026-12-01' });
    expect(schedule.needsVerification).toBe(true);
    expect(schedule.milestones).toEqual([]);
    expect(schedule.days).toHaveLength(21);
    expect(Math.max(...schedule.days.map((day) => day.target))).toBe(50);
  });

  it('chains the steps to the target tier, each next tier from the day after its step', () => {
    const schedule = warmupSchedule({ limit: 2000, target: 'TIER_100K', pace: 'normal', startDate: '2026-12-01' });
    expect(schedule.needsVerification).toBe(false);
    expect(schedule.days).toHaveLength(14);
    expect(schedule.days[0]).toEqual({ day: '2026-12-01', tier: 'TIER_2K', limit: 2000, target: 40 });
    expect(schedule.days[7]).toMatchObject({ day: '2026-12-08', tier: 'TIER_10K', limit: 10_000 });
    expect(schedule.milestones).toEqual([
      { tier: 'TIER_10K', day: '2026-12-08' },
      { tier: 'TIER_100K', day: '2026-12-15' },
    ]);
    expect(lastSeven(schedule.days.slice(7).map((day) => day.target))).toBeGreaterThanOrEqual(5500);
    expect(warmupSchedule({ limit: 10_000, target: 'TIER_2K', pace: 'fast', startDate: '2026-12-01' }).days).toEqual(
      [],
    );
  });

  it("splits a day's target evenly over the numbers, halves a YELLOW number's share and stops a RED or paused one", () => {
    expect(numberShare(275, 3, 'GREEN', false)).toBe(92);
    expect(numberShare(275, 3, 'UNKNOWN', false)).toBe(92);
    expect(numberShare(275, 3, 'YELLOW', false)).toBe(46);
    expect(numberShare(275, 3, 'RED', false)).toBe(0);
    expect(numberShare(275, 3, 'GREEN', true)).toBe(0);
    expect(numberShare(275, 0, 'GREEN', false)).toBe(0);
  });
});
