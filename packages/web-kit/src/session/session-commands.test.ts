import { calls } from '@ws/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToaster } from '../api/api-error.js';
import { loadItem } from '../storage/storage.js';
import { signInForTest, TEST_USER } from '../testing/test-session.js';
import { setNavigator } from './navigation.js';
import { endSession, onSessionChange, startSession } from './session-commands.js';
import { currentSession } from './session-store.js';

const toasts = { error: vi.fn(), success: vi.fn() };
const navigate = vi.fn();

/** The sign-out calls made so far, with the token each carried. */
const logoutCalls = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([url]) => url === calls.logout.path)
    .map(([, init]) => ({ method: init?.method, token: (init?.headers as Record<string, string> | undefined)?.token }));

describe('endSession (logout and forced logout)', () => {
  beforeEach(() => {
    setToaster(toasts);
    setNavigator(navigate);
    toasts.error.mockReset();
    navigate.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setToaster(undefined);
    setNavigator(undefined);
  });

  it('clears the session at once, then asks the server to revoke it with the old token', async () => {
    let answerLogout: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answerLogout = resolve))),
    );
    signInForTest();
    endSession();
    // Cleared before the server has answered.
    expect(currentSession()).toBeNull();
    expect(loadItem('token')).toBeUndefined();
    expect(loadItem('user-info')).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    await vi.waitFor(() => expect(logoutCalls()).toEqual([{ method: 'POST', token: 'tok' }]));
    answerLogout(new Response(JSON.stringify({ code: 0, message: '操作成功', data: null }), { status: 200 }));
  });

  it('stays signed out, without a toast, when the call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    signInForTest();
    endSession();
    await vi.waitFor(() => expect(logoutCalls()).toHaveLength(1));
    expect(currentSession()).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 401, message: 'expired' }), { status: 401 })),
    );
    signInForTest();
    endSession();
    await vi.waitFor(() => expect(logoutCalls()).toHaveLength(1));
    expect(currentSession()).toBeNull();
    // A refused sign-out does not start another forced logout.
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('makes no call when there was no token to revoke', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    endSession();
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });
});

describe('onSessionChange', () => {
  beforeEach(() => {
    setNavigator(navigate);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 0, message: 'ok', data: null }), { status: 200 })),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setNavigator(undefined);
  });

  it('tells the app when a session starts and when it ends, until it unregisters', () => {
    const seen: Array<string | undefined> = [];
    const stop = onSessionChange(() => seen.push(currentSession()?.accessToken));
    startSession({
      access_token: 'new',
      refresh_token: 'r',
      token_type: 'bearer',
      expires_in: 60,
      user_info: TEST_USER,
    });
    endSession();
    stop();
    signInForTest();
    endSession();
    // Told after the new tokens are saved, and after the old ones are forgotten.
    expect(seen).toEqual(['new', undefined]);
  });
});
