import { calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { updateUser } from '@ws/web-kit/session';
import { runPeriodically } from '@ws/web-kit/utils';
import { useEffect } from 'react';
import { settings } from '../../settings/settings.js';
import { startNetworkMonitor } from '../network/network-monitor.js';

/** Reloads what the whole layout shows (the user) now and every 60 s. */
export async function loadSharedData(): Promise<void> {
  updateUser(await callApi(calls.userInfo));
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
