/** What the seat client's guard does with a navigation. */
export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'force-logout' };

export interface GuardInput {
  /** The route needs a signed-in user (everything but the sign-in page). */
  isAuth: boolean;
  signedIn: boolean;
  /** User info is stored but the token is gone (cleared in another tab, or by hand). */
  tokenMissing: boolean;
  path: string;
}

/**
 * The navigation guard as one decision: a stored user without a token is signed out; the
 * workspace needs a session (seats and operators alike: the server's scope decides what each sees);
 * a signed-in visit to the sign-in page goes to the workspace.
 */
export function guard({ isAuth, signedIn, tokenMissing, path }: GuardInput): GuardDecision {
  if (tokenMissing) return { kind: 'force-logout' };
  if (isAuth && !signedIn) return { kind: 'redirect', to: '/login' };
  if (!isAuth && signedIn && path === '/login') return { kind: 'redirect', to: '/' };
  return { kind: 'allow' };
}
