import { calls } from '@ws/contract';
import { useEffect } from 'react';
import { showError } from '../api/api-error.js';
import { ApiError, callApi, connectSession } from '../api/client.js';
import { translate } from '../i18n/i18n.js';
import { loadItem } from '../storage/storage.js';
import { endSession } from './session-commands.js';
import { currentSession, type Session, saveTokens } from './session-store.js';
import { createTokenRefresh } from './token-refresher.js';

/** Switch mode (specification section 6) is off unless this browser was told to turn it on. */
export const switchModeOn = () => loadItem<boolean>('switch-mode') === true;

/**
 * Exchanges the refresh token for a new pair. With switch mode on, the department and role go
 * along as headers. A refused token ends the session; a network failure waits for the next check.
 */
export async function refreshSession(session: Session, choice?: { deptId: string; roleId: string }): Promise<void> {
  const headers: Record<string, string> = { 'Tenant-Id': session.user.tenant_id };
  const dept = choice?.deptId ?? (switchModeOn() ? session.user.dept_id : undefined);
  const role = choice?.roleId ?? (switchModeOn() ? session.user.role_id : undefined);
  if (dept) headers['Dept-Id'] = dept;
  if (role) headers['Role-Id'] = role;
  try {
    const pair = await callApi(calls.refreshToken, {
      query: {
        tenantId: session.user.tenant_id,
        refresh_token: session.refreshToken,
        grant_type: 'refresh_token',
        scope: 'all',
      },
      headers,
      silent: choice === undefined,
    });
    saveTokens(pair);
  } catch (error) {
    if (choice) throw error;
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      endSession();
      showError(new ApiError(401, translate('api:sessionExpired')), { key: 'session-expired' });
    } else console.warn('token refresh failed; the next check tries again', error);
  }
}

/** The app's one token refresh, shared by the 10 s check and the request wrapper. */
export const tokenRefresh = createTokenRefresh({ session: currentSession, refresh: refreshSession });

/** Lets the request wrapper refresh the token before calls and end the session on a 401. */
export function connectSessionToApi(): void {
  connectSession({ refreshIfDue: () => tokenRefresh.refreshIfDue(), end: endSession });
}

/** Runs while someone is signed in: the token check every 10 s. */
export function SessionJobs() {
  useEffect(() => tokenRefresh.start(), []);
  return null;
}
