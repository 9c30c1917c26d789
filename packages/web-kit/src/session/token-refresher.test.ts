import type { UserInfo } from '@ws/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from './session-store.js';
import { createTokenRefresh } from './token-refresher.js';

const user = { username: 'admin', role: 'admin' } as UserInfo;

describe('token refresher', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('checks every 10 s and refreshes once the token is 3000 s old', async () => {
    let session: Session | null = { accessToken: 'a', refreshToken: 'r', issuedAt: Date.now(), user };
    const refresh = vi.fn(async () => {
      session = { ...session!, accessToken: 'b', issuedAt: Date.now() };
    });
    stop = createTokenRefresh({ session: () => session, refresh }).start();

    await vi.advanceTimersByTimeAsync(2_990_000);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000); // age 3000 s at this check
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000); // the new token is young again
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('never runs two refreshes at a time', async () => {
    const session: Session = { accessToken: 'a', refreshToken: 'r', issuedAt: Date.now() - 3_000_000, user };
    let finish: () => void = () => undefined;
    const refresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    stop = createTokenRefresh({ session: () => session, refresh }).start();

    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(50_000); // five more checks while the first is pending
    expect(refresh).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(10_000); // the token is still old: a second refresh now
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('refreshes on demand when due, sharing the refresh already running', async () => {
    const session: Session = { accessToken: 'a', refreshToken: 'r', issuedAt: Date.now() - 3_000_000, user };
    const refresh = vi.fn(async () => undefined);
    const tokens = createTokenRefresh({ session: () => session, refresh });
    const first = tokens.refreshIfDue();
    expect(tokens.refreshIfDue()).toBe(first);
    await first;
    expect(refresh).toHaveBeenCalledTimes(1);
    const young = createTokenRefresh({ session: () => ({ ...session, issuedAt: Date.now() }), refresh });
    expect(young.refreshIfDue()).toBeUndefined();
  });

  it('does nothing while signed out and stops when told', async () => {
    const refresh = vi.fn(async () => undefined);
    stop = createTokenRefresh({ session: () => null, refresh }).start();
    await vi.advanceTimersByTimeAsync(100_000);
    expect(refresh).not.toHaveBeenCalled();
    stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
