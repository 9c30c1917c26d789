import { calls, type NoticeBadge } from '@ws/contract';
import { useSyncExternalStore } from 'react';
import { callApi } from '../api/client.js';

/**
 * The top bar's badges (unread notices, the update log's "what's new" dot), read with the shared
 * data every 60 s and again on a `notice.changed` event; the notices and update log pages set
 * them from their replies, so the badge follows a read at once.
 */
let badge: NoticeBadge = { unread: 0, update_unseen: false };
const listeners = new Set<() => void>();

export function setNoticeBadge(next: Partial<NoticeBadge>): void {
  badge = { ...badge, ...next };
  for (const listener of listeners) listener();
}

export async function loadNoticeBadge(): Promise<void> {
  setNoticeBadge(await callApi(calls.noticeBadge, { body: {}, silent: true }));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function useNoticeBadge(): NoticeBadge {
  return useSyncExternalStore(subscribe, () => badge);
}
