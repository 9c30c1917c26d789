import { queryClient } from '../api/query-client.js';
import { tokenRefresh } from '../session/session-jobs.js';
import { currentSession } from '../session/session-store.js';
import { useRealtimeConnection } from './realtime-events.js';

const accessToken = () => currentSession()?.accessToken ?? null;
const refreshToken = async () => {
  await tokenRefresh.refreshIfDue();
};

/** The realtime connection while someone is signed in (every app mounts it beside the session's own jobs). */
export function RealtimeJobs() {
  useRealtimeConnection(queryClient, accessToken, refreshToken);
  return null;
}
