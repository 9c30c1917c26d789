import { onSessionChange } from '@ws/web-kit/session';
import { INITIAL_FILTERS, inboxFiltersStore, presenceStore } from './client-stores.js';

/** The seat client's part of signing in and out: every session starts online with the first filters. */
export function connectClientToSession(): () => void {
  return onSessionChange(() => {
    presenceStore.set('online');
    inboxFiltersStore.set(INITIAL_FILTERS);
  });
}
