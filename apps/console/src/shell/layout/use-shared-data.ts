import { calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { loadNoticeBadge } from '@ws/web-kit/notices';
import { updateUser } from '@ws/web-kit/session';
import { runPeriodically } from '@ws/web-kit/utils';
import { useEffect } from 'react';
import { settings } from '../../settings/settings.js';
import { startNetworkMonitor } from '../network/network-monitor.js';

/** Reloads what the whole layout shows (the user, the notice badges) now and every 60 s. */
export async function loadSharedData(): Promise<void> {
  // A badge that cannot be read keeps its last value; it never holds up the user.
  const [user] = await Promise.all([callApi(calls.userInfo), loadNoticeBadge().catch(() => undefined)]);
  updateUser(user);
}

/** The layout's background work: shared data every 60 s and the network ping every 3 s. */
export function useSharedData(): void {
  useEffect(() => {
    const stopShared = runPeriodically(loadSharedData, settings.sharedDataIntervalMs);
    const stopPing = startNetworkMonitor({ ping: (signal) => callApi(calls.ping, { signal, silent: true }) });
    return () => {
      stopShared();
      stopPing();
    };
  }, []);
}
