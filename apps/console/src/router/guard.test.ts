import { describe, expect, it } from 'vitest';
import { type GuardInput, guard } from './guard.js';

const signedIn: GuardInput = {
  path: '/accountmanage/wslist',
  isAuth: true,
  signedIn: true,
  tokenMissing: false,
  locked: false,
  role: 'operator',
};
const signedOut: GuardInput = { ...signedIn, signedIn: false, role: undefined };

describe('navigation guard', () => {
  it('sends signed-out visitors to /login, except on public routes', () => {
    expect(guard(signedOut)).toEqual({ kind: 'redirect', to: '/login' });
    expect(guard({ ...signedOut, path: '/404', isAuth: false })).toEqual({ kind: 'allow' });
    expect(guard({ ...signedOut, path: '/myiframe/docs', isAuth: false })).toEqual({ kind: 'allow' });
    expect(guard({ ...signedOut, path: '/login', isAuth: false })).toEqual({ kind: 'allow' });
  });

  it('sends a signed-in visitor of /login to /', () => {
    expect(guard({ ...signedIn, path: '/login', isAuth: false })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('leads every route to /lock while locked, public ones included', () => {
    for (const path of ['/accountmanage/wslist', '/login', '/404', '/info/index']) {
      expect(guard({ ...signedIn, path, locked: true })).toEqual({ kind: 'redirect', to: '/lock' });
    }
    expect(guard({ ...signedIn, path: '/lock', isAuth: false, locked: true })).toEqual({ kind: 'allow' });
  });

  it('leaves /lock when nothing is locked', () => {
    expect(guard({ ...signedIn, path: '/lock', isAuth: false })).toEqual({ kind: 'redirect', to: '/' });
    expect(guard({ ...signedOut, path: '/lock', isAuth: false })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('forces a logout when the token is gone from the store', () => {
    expect(guard({ ...signedOut, tokenMissing: true })).toEqual({ kind: 'force-logout' });
  });

  it('answers 403 to operators on admin-only routes and lets admins in', () => {
    for (const path of ['/terrace/user', '/terrace', '/accountmanage/registration']) {
      expect(guard({ ...signedIn, path })).toEqual({ kind: 'redirect', to: '/403' });
      expect(guard({ ...signedIn, path, role: 'admin' })).toEqual({ kind: 'allow' });
    }
  });
});
