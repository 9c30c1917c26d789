import { endSession, setNavigator, startSession } from '@ws/web-kit/session';
import { loadItem } from '@ws/web-kit/storage';
import { signInForTest, TEST_USER } from '@ws/web-kit/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isLocked, lockActions } from '../shell/lock/lock-store.js';
import { FIRST_TAB, type Tab } from '../shell/tabs/tab-list.js';
import { tabsActions } from '../shell/tabs/tabs-store.js';
import { connectShellToSession } from './shell-session.js';

/** The tabs a reload would show: a reset forgets the stored list, and the shell starts from the first tab. */
const openTabs = () => (loadItem<Tab[]>('tabs') ?? [FIRST_TAB]).map((tab) => tab.value);

const CONTACTS_TAB: Tab = { label: 'contacts', value: '/passenger/list', params: {}, query: {}, meta: {} };

describe('the shell on sign-in and sign-out', () => {
  let disconnect: () => void = () => undefined;
  beforeEach(() => {
    setNavigator(vi.fn());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 0, message: 'ok', data: null }), { status: 200 })),
    );
    disconnect = connectShellToSession();
  });
  afterEach(() => {
    disconnect();
    vi.unstubAllGlobals();
    setNavigator(undefined);
  });

  it('starts every session with the first tab alone and no lock', async () => {
    signInForTest();
    tabsActions.open(CONTACTS_TAB);
    await lockActions.setPassword('s3cret');
    lockActions.lock('/passenger/list');
    endSession();
    expect(openTabs()).toEqual([FIRST_TAB.value]);
    expect(isLocked()).toBe(false);
    expect(lockActions.hasPassword()).toBe(false);

    tabsActions.open(CONTACTS_TAB);
    lockActions.lock('/passenger/list');
    startSession({ access_token: 'a', refresh_token: 'r', token_type: 'bearer', expires_in: 60, user_info: TEST_USER });
    expect(openTabs()).toEqual([FIRST_TAB.value]);
    expect(isLocked()).toBe(false);
  });
});
