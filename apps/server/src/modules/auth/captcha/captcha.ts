import { randomInt, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { authError } from '../auth-error.js';
import { countCaptchaRequest } from '../throttle.js';
import { captchaDataUrl } from './captcha-image.js';
import { deleteCaptcha, insertCaptcha } from './captcha-repository.js';

export const CAPTCHA_TTL_SECONDS = 5 * 60;

/** A small sum or difference whose answer is between 0 and 18. */
function newChallenge(): { text: string; answer: number } {
  const a = randomInt(1, 10);
  const b = randomInt(1, 10);
  if (randomInt(2) === 0) return { text: `${a} + ${b} = ?`, answer: a + b };
  const [high, low] = a >= b ? [a, b] : [b, a];
  return { text: `${high} - ${low} = ?`, answer: high - low };
}

/** A new captcha for the address, within its per-minute allowance. */
export async function issueCaptcha(pool: pg.Pool, address: string): Promise<{ capId: string; image: string }> {
  await countCaptchaRequest(pool, address);
  const challenge = newChallenge();
  const capId = randomUUID();
  await insertCaptcha(pool, capId, String(challenge.answer), CAPTCHA_TTL_SECONDS);
  return { capId, image: captchaDataUrl(challenge.text) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checks and burns a captcha: each one answers once, right or wrong, and only within its lifetime. */
export async function consumeCaptcha(pool: pg.Pool, capId: string | undefined, capVal: string | undefined) {
  if (!capId || !UUID.test(capId)) throw captchaError('capId: 请先获取验证码', 'capId: request a captcha first');
  if (!capVal || capVal.trim() === '') throw captchaError('capVal: 请输入验证码', 'capVal: enter the captcha answer');
  const found = await deleteCaptcha(pool, capId);
  if (!found?.fresh) {
    throw captchaError('验证码已过期，请刷新后重试', 'The captcha has expired, get a new one');
  }
  if (found.answer !== capVal.trim()) throw captchaError('验证码错误', 'Wrong captcha answer');
}

const captchaError = (zh: string, en: string) => authError('invalidInput', zh, en);
