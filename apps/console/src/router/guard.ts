import type { RoleCode } from '@ws/contract';
import { mayOpen } from '../menu/menu-access.js';

export interface GuardInput {
  path: string;
  /** meta.isAuth: false for routes open without signing in. */
  isAuth: boolean;
  signedIn: boolean;
  /** User info is stored but the token is gone. */
  tokenMissing: boolean;
  locked: boolean;
  role: RoleCode | undefined;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'force-logout' };

const allow: GuardDecision = { kind: 'allow' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

/** The navigation guard of specification section 2, as one decision per navigation. */
export function guard(input: GuardInput): GuardDecision {
  const { path, isAuth, signedIn, tokenMissing, locked, role } = input;
  if (tokenMissing) return { kind: 'force-logout' };
  if (signedIn && locked) return path === '/lock' ? allow : redirect('/lock');
  if (path === '/lock') return redirect(signedIn ? '/' : '/login');
  if (path === '/login') return signedIn ? redirect('/') : allow;
  if (!isAuth) return allow;
  if (!signedIn) return redirect('/login');
  if (role && !mayOpen(path, role)) return redirect('/403');
  return allow;
}
