import { settings } from '../settings/settings.js';
import { runPeriodically } from '../utils/periodic.js';
import type { Session } from './session-store.js';

export interface TokenRefresherDeps {
  session: () => Session | null;
  /** Exchanges the refresh token and stores the new pair. */
  refresh: (session: Session) => Promise<void>;
  now?: () => number;
  tokenTimeSeconds?: number;
  intervalMs?: number;
}

/**
 * Checks the access token's age every 10 s and refreshes it once it is 3000 s old (specification
 * section 4). Only one refresh runs at a time, however slow the server is.
 */
export function startTokenRefresher({
  session,
  refresh,
  now = Date.now,
  tokenTimeSeconds = settings.tokenTime,
  intervalMs = settings.tokenCheckIntervalMs,
}: TokenRefresherDeps): () => void {
  let inFlight: Promise<void> | undefined;
  const check = () => {
    const current = session();
    if (!current || inFlight) return inFlight;
    if (now() - current.issuedAt < tokenTimeSeconds * 1000) return undefined;
    inFlight = refresh(current).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
  return runPeriodically(check, intervalMs, { immediate: false });
}
