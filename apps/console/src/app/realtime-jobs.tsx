import { queryClient } from '@ws/web-kit/api';
import { currentSession, tokenRefresh } from '@ws/web-kit/session';
import { useRealtimeConnection } from '../realtime/realtime-events.js';

const accessToken = () => currentSession()?.accessToken ?? null;
const refreshToken = async () => {
  await tokenRefresh.refreshIfDue();
};

/** The realtime connection while someone is signed in (beside the session's own jobs). */
export function RealtimeJobs() {
  useRealtimeConnection(queryClient, accessToken, refreshToken);
  return null;
}
