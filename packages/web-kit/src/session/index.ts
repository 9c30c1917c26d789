/** The session: tokens in storage and cookies, their refresh, sign-in and sign-out, navigation outside React. */
export { navigateTo, setNavigator } from './navigation.js';
export { endSession, onSessionChange, startSession } from './session-commands.js';
export { connectSessionToApi, refreshSession, SessionJobs, switchModeOn, tokenRefresh } from './session-jobs.js';
export {
  clearTokens,
  currentSession,
  type Session,
  saveTokens,
  tokenMissing,
  updateUser,
  useSession,
} from './session-store.js';
export { createTokenRefresh, type TokenRefreshDeps } from './token-refresher.js';
