import { loadItem } from '@ws/web-kit/storage';
import { beforeEach, describe, expect, it } from 'vitest';
import { isLocked, lockActions } from './lock-store.js';

describe('screen lock', () => {
  beforeEach(() => lockActions.clear());

  it('locks, refuses a wrong password and opens with the right one', async () => {
    await lockActions.setPassword('s3cret');
    lockActions.lock('/passenger/list');
    expect(isLocked()).toBe(true);
    expect(loadItem('locked')).toBe(true);
    expect(await lockActions.unlock('wrong')).toBe(false);
    expect(isLocked()).toBe(true);
    expect(await lockActions.unlock('s3cret')).toBe(true);
    expect(isLocked()).toBe(false);
    expect(lockActions.returnPath()).toBe('/passenger/list');
  });

  it('does not keep the password itself', async () => {
    await lockActions.setPassword('s3cret');
    expect(JSON.stringify(localStorage)).not.toContain('s3cret');
    expect(lockActions.hasPassword()).toBe(true);
  });

  it('is cleared entirely, password included', async () => {
    await lockActions.setPassword('s3cret');
    lockActions.lock('/');
    lockActions.clear();
    expect(isLocked()).toBe(false);
    expect(lockActions.hasPassword()).toBe(false);
    expect(await lockActions.unlock('')).toBe(false);
  });
});
