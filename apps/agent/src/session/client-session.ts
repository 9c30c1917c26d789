import { onSessionChange } from '@ws/web-kit/session';
import { inboxSearchStore, presenceStore } from './client-stores.js';

/** The seat client's part of signing in and out: every session starts online with no search. */
export function connectClientToSession(): () => void {
  return onSessionChange(() => {
    presenceStore.set('online');
    inboxSearchStore.set('');
  });
}
