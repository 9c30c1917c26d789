import { describe, expect, it } from 'vitest';
import { isDrawerLevel, screenLevelOf } from './screen-level.js';

describe('screen level', () => {
  it('is 3, 2, 1, 0 at 1200, 992 and 768 px', () => {
    expect([1920, 1200, 1199, 992, 991, 768, 767, 320].map(screenLevelOf)).toEqual([3, 3, 2, 2, 1, 1, 0, 0]);
  });
  it('uses the drawer menu below 992 px', () => {
    expect(isDrawerLevel(screenLevelOf(991))).toBe(true);
    expect(isDrawerLevel(screenLevelOf(992))).toBe(false);
  });
});
