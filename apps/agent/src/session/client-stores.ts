import { createPersistedStore, createStore, useStore } from '@ws/web-kit/storage';

/**
 * The seat client's own settings and state. Its storage keys start with `client-`, so the console
 * (same origin, same prefix) never reads them.
 */

export type Presence = 'online' | 'away';
const isPresence = (value: unknown): value is Presence => value === 'online' || value === 'away';

/** The agent's presence as they set it in the top bar. */
export const presenceStore = createPersistedStore<Presence>('client-presence', 'online', isPresence);
/** Whether a new inbound message plays a sound (on until the agent turns it off). */
export const soundStore = createPersistedStore<boolean>('client-sound', true);
/** Whether the browser was already asked for notifications: it is asked once. */
export const notificationAskedStore = createPersistedStore<boolean>('client-notifications-asked', false);
/** The inbox search, kept while the agent moves between conversations. */
export const inboxSearchStore = createStore('');

export const usePresence = () => useStore(presenceStore);
export const useSound = () => useStore(soundStore);
export const useInboxSearch = () => useStore(inboxSearchStore);
