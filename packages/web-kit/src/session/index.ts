/** The session: tokens in storage and cookies, their refresh, sign-in (the form) and sign-out, navigation outside React. */
export { CredentialsForm, type CredentialsMode } from './credentials-form.js';
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
export { type Captcha, useCaptcha } from './use-captcha.js';
