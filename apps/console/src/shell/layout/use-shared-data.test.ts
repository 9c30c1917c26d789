import type { UserInfo } from '@ws/contract';
import { currentSession, saveTokens } from '@ws/web-kit/session';
import { runPeriodically } from '@ws/web-kit/utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settings } from '../../settings/settings.js';
import { loadSharedData } from './use-shared-data.js';

const user: UserInfo = {
  username: 'op',
  user_id: '2',
  dept_id: '1',
  role_id: '2',
  role: 'operator',
  nickname: 'first',
  mass: 0,
  tenant_id: '100001',
};

describe('shared data', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    saveTokens({ access_token: 'tok', refresh_token: 'ref', token_type: 'bearer', expires_in: 7200, user_info: user });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reloads the user and the notice badges on open and every 60 s', async () => {
    let served = 0;
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/notice/badge') {
        const badge = { unread: served, update_unseen: true };
        return new Response(JSON.stringify({ code: 0, message: 'ok', data: badge }), { status: 200 });
      }
      served += 1;
      const data = { ...user, nickname: `reload ${served}` };
      return new Response(JSON.stringify({ code: 0, message: 'ok', data }), { status: 200 });
    });
    const userCalls = () => fetchMock.mock.calls.filter(([url]) => url !== '/api/notice/badge').length;
    const badgeCalls = () => fetchMock.mock.calls.length - userCalls();
    vi.stubGlobal('fetch', fetchMock);
    stop = runPeriodically(loadSharedData, settings.sharedDataIntervalMs);

    await vi.advanceTimersByTimeAsync(0);
    expect([userCalls(), badgeCalls()]).toEqual([1, 1]);
    expect(currentSession()?.user.nickname).toBe('reload 1');
    await vi.advanceTimersByTimeAsync(59_999);
    expect([userCalls(), badgeCalls()]).toEqual([1, 1]);
    await vi.advanceTimersByTimeAsync(1);
    expect([userCalls(), badgeCalls()]).toEqual([2, 2]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect([userCalls(), badgeCalls()]).toEqual([4, 4]);
    expect(currentSession()?.user.nickname).toBe('reload 4');
    expect(String(fetchMock.mock.calls[0]?.[0 as never])).toBe('/api/blade-auth/oauth/user-info');
  });
});
