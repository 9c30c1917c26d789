import type { ConversationStatus, InboxQueue, PresenceState } from '@ws/contract';
import { createPersistedStore, createStore, useStore } from '@ws/web-kit/storage';

/**
 * The seat client's own settings and state. Its storage keys start with `client-`, so the console
 * (same origin, same prefix) never reads them.
 */

const isPresence = (value: unknown): value is PresenceState => value === 'online' || value === 'away';

/** The agent's presence as they set it in the top bar (the heartbeat tells the server). */
export const presenceStore = createPersistedStore<PresenceState>('client-presence', 'online', isPresence);
/** Whether a new inbound message plays a sound (on until the agent turns it off). */
export const soundStore = createPersistedStore<boolean>('client-sound', true);
/** Whether the browser was already asked for notifications: it is asked once. */
export const notificationAskedStore = createPersistedStore<boolean>('client-notifications-asked', false);

/** The inbox's filters, kept while the agent moves between conversations: search, queue and status (none: any). */
export interface InboxFilters {
  search: string;
  queue: InboxQueue;
  status: ConversationStatus | undefined;
}
/** A new session's inbox: everything of mine and my numbers' queue that is being answered. */
export const INITIAL_FILTERS: InboxFilters = { search: '', queue: 'all', status: 'open' };
export const inboxFiltersStore = createStore<InboxFilters>(INITIAL_FILTERS);
export const changeInboxFilters = (change: Partial<InboxFilters>) =>
  inboxFiltersStore.set({ ...inboxFiltersStore.get(), ...change });

export const usePresence = () => useStore(presenceStore);
export const useSound = () => useStore(soundStore);
export const useInboxFilters = () => useStore(inboxFiltersStore);
