import { describe, expect, it } from 'vitest';
import { guard } from './guard.js';

describe("the seat client's guard", () => {
  it('sends a visitor to the sign-in page and a signed-in agent past it', () => {
    expect(guard({ isAuth: true, signedIn: false, tokenMissing: false, path: '/' })).toEqual({
      kind: 'redirect',
      to: '/login',
    });
    expect(guard({ isAuth: false, signedIn: true, tokenMissing: false, path: '/login' })).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(guard({ isAuth: true, signedIn: true, tokenMissing: false, path: '/c/1/2' })).toEqual({ kind: 'allow' });
    expect(guard({ isAuth: false, signedIn: false, tokenMissing: false, path: '/login' })).toEqual({ kind: 'allow' });
  });

  it('signs out a stored user whose token is gone', () => {
    expect(guard({ isAuth: true, signedIn: true, tokenMissing: true, path: '/' })).toEqual({ kind: 'force-logout' });
  });
});
