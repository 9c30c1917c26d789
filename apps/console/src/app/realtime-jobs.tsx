import { queryClient } from '@ws/web-kit/api';
import { useRealtimeConnection } from '@ws/web-kit/realtime';
import { currentSession, tokenRefresh } from '@ws/web-kit/session';

const accessToken = () => currentSession()?.accessToken ?? null;
const refreshToken = async () => {
  await tokenRefresh.refreshIfDue();
};

/** The realtime connection while someone is signed in (beside the session's own jobs). */
export function RealtimeJobs() {
  useRealtimeConnection(queryClient, accessToken, refreshToken);
  return null;
}
