import type pg from 'pg';
import { clearHits, countHit, secondsUntilAllowed, type ThrottleRule } from '../../platform/throttle.js';
import { authError } from './auth-error.js';

/** Failed sign-ins allowed in 15 minutes, per user name and per client address. */
export const LOGIN_FAILURES_PER_USER: ThrottleRule = { name: 'login-user', limit: 10, windowSeconds: 15 * 60 };
export const LOGIN_FAILURES_PER_ADDRESS: ThrottleRule = { name: 'login-addr', limit: 30, windowSeconds: 15 * 60 };
/** Captchas one address may ask for in a minute: plenty for people, a wall for a flood. */
export const CAPTCHAS_PER_ADDRESS: ThrottleRule = { name: 'captcha-addr', limit: 30, windowSeconds: 60 };

const loginSubjects = (username: string, address: string) => [
  { rule: LOGIN_FAILURES_PER_USER, subject: username },
  { rule: LOGIN_FAILURES_PER_ADDRESS, subject: address },
];

const tooMany = (seconds: number, zh: string, en: string) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return authError(
    'throttled',
    `${zh}，请 ${minutes} 分钟后再试`,
    `${en}, try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    seconds,
  );
};

/** Refuses the attempt (429) when the user name or the address has used up its failures. */
export async function assertLoginAllowed(pool: pg.Pool, username: string, address: string): Promise<void> {
  const wait = await secondsUntilAllowed(pool, loginSubjects(username, address));
  if (wait > 0) throw tooMany(wait, '登录失败次数过多', 'Too many failed sign-ins');
}

export async function recordLoginFailure(pool: pg.Pool, username: string, address: string): Promise<void> {
  await countHit(pool, loginSubjects(username, address));
}

/** A successful sign-in clears its user name's count; the address keeps its count. */
export async function clearLoginFailures(pool: pg.Pool, username: string): Promise<void> {
  await clearHits(pool, { rule: LOGIN_FAILURES_PER_USER, subject: username });
}

export async function countCaptchaRequest(pool: pg.Pool, address: string): Promise<void> {
  const wait = await countHit(pool, [{ rule: CAPTCHAS_PER_ADDRESS, subject: address }]);
  if (wait > 0) throw tooMany(wait, '获取验证码过于频繁', 'Too many captcha requests');
}
