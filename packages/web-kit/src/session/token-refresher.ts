import { kitSettings } from '../settings.js';
import { runPeriodically } from '../utils/periodic.js';
import type { Session } from './session-store.js';

export interface TokenRefreshDeps {
  session: () => Session | null;
  /** Exchanges the refresh token and stores the new pair. */
  refresh: (session: Session) => Promise<void>;
  now?: () => number;
  tokenTimeSeconds?: number;
}

/**
 * The access token's refresh (specification section 4): due once the token is 3000 s old, and never
 * two at a time, however slow the server is. `refreshIfDue` is also awaited before calls, so a
 * page reopened after hours refreshes first instead of being signed out by a stale token.
 */
export function createTokenRefresh({
  session,
  refresh,
  now = Date.now,
  tokenTimeSeconds = kitSettings.tokenTime,
}: TokenRefreshDeps) {
  let inFlight: Promise<void> | undefined;
  const refreshIfDue = (): Promise<void> | undefined => {
    const current = session();
    if (!current || inFlight) return inFlight;
    if (now() - current.issuedAt < tokenTimeSeconds * 1000) return undefined;
    inFlight = refresh(current).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
  return {
    refreshIfDue,
    /** Checks every 10 s; returns the stop function. */
    start: (intervalMs: number = kitSettings.tokenCheckIntervalMs) =>
      runPeriodically(refreshIfDue, intervalMs, { immediate: false }),
  };
}
