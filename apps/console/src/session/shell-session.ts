import { onSessionChange } from '@ws/web-kit/session';
import { lockActions } from '../shell/lock/lock-store.js';
import { tabsActions } from '../shell/tabs/tabs-store.js';

/** The console's part of signing in and out: every session starts with only the first tab and no lock. */
export function connectShellToSession(): () => void {
  return onSessionChange(() => {
    tabsActions.reset();
    lockActions.clear();
  });
}
