import { describe, expect, it } from 'vitest';
import { pickTargets, type Quota } from './share-picker.js';

const quotas = (...amounts: number[]): Quota[] =>
  amounts.map((amount, index) => ({ targetId: `t${index + 1}`, amount, given: 0 }));
const tally = (picks: (string | null)[]) =>
  picks.reduce<Record<string, number>>((sum, pick) => {
    const key = pick ?? 'none';
    sum[key] = (sum[key] ?? 0) + 1;
    return sum;
  }, {});

describe('pickTargets', () => {
  it('splits by weight, and every prefix stays in proportion', () => {
    const picks = pickTargets('weight', quotas(3, 1), 8);
    expect(picks).toEqual(['t1', 't1', 't2', 't1', 't1', 't1', 't2', 't1']);
    expect(tally(picks)).toEqual({ t1: 6, t2: 2 });
    expect(tally(pickTargets('weight', quotas(1, 1, 1), 3000))).toEqual({ t1: 1000, t2: 1000, t3: 1000 });
  });

  it('gives counts until each is reached, the most remaining first, then nothing', () => {
    const picks = pickTargets('count', quotas(2, 1, 0), 5);
    expect(picks).toEqual(['t1', 't1', 't2', null, null]);
  });

  it('goes on after a stop exactly as an uninterrupted run would', () => {
    const whole = pickTargets('weight', quotas(5, 2, 3), 100);
    const resumed = quotas(5, 2, 3);
    const first = pickTargets('weight', resumed, 37);
    // Only `given` is kept between the two halves, as the job saves it with each chunk.
    const saved = resumed.map((quota) => ({ ...quota }));
    expect([...first, ...pickTargets('weight', saved, 63)]).toEqual(whole);
  });

  it('gives nothing when no share has an amount', () => {
    expect(pickTargets('weight', quotas(0, 0), 2)).toEqual([null, null]);
    expect(pickTargets('weight', [], 1)).toEqual([null]);
  });
});
