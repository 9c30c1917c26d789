import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, useTestApp, withTestApp } from '../../../test/test-app.js';
import { CAPTCHAS_PER_ADDRESS } from '../throttle.js';

const t = useTestApp({ CAPTCHA: 'on' });

async function newCaptcha() {
  const reply = await t.post('/api/auth/getcapt', { body: { capType: 'math' } });
  expect(reply.status).toBe(200);
  const { capId, image } = reply.body.data;
  const { rows } = await t.pool.query('select answer from captcha where id = $1', [capId]);
  return { capId: capId as string, image: image as string, answer: rows[0].answer as string };
}

describe('maths captcha', () => {
  it('issues a picture of a small sum as a PNG data URL', async () => {
    const { image, answer } = await newCaptcha();
    expect(image).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(image.split(',')[1]!, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(Number(answer)).toBeGreaterThanOrEqual(0);
    expect(Number(answer)).toBeLessThanOrEqual(18);
  });

  it('refuses any capType but math, naming the field', async () => {
    const reply = await t.post('/api/auth/getcapt', { body: { capType: 'text' } });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^capType: /);
  });

  it('signs in with the right answer, once', async () => {
    const { capId, answer } = await newCaptcha();
    const body = { capId, capVal: answer, username: 'admin', password: ADMIN_PASSWORD };
    expect((await t.post('/api/auth/login', { body })).status).toBe(200);
    const reused = await t.post('/api/auth/login', { body });
    expect(reused.status).toBe(400);
    expect(reused.body.error_description).toBe('验证码已过期，请刷新后重试');
  });

  it('burns the captcha on a wrong answer', async () => {
    const { capId, answer } = await newCaptcha();
    const wrong = String(Number(answer) + 1);
    const first = await t.post('/api/auth/login', {
      body: { capId, capVal: wrong, username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(first.status).toBe(400);
    expect(first.body.error_description).toBe('验证码错误');
    expect(first.body.data).toBeNull();
    const retry = await t.post('/api/auth/login', {
      body: { capId, capVal: answer, username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(retry.status).toBe(400);
  });

  it('expires after five minutes', async () => {
    const { capId, answer } = await newCaptcha();
    await t.pool.query(`update captcha set expires_at = now() - interval '1 second' where id = $1`, [capId]);
    const reply = await t.post('/api/auth/login', {
      body: { capId, capVal: answer, username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error_description).toMatch(/过期/);
  });

  it('requires the captcha fields when the check is on', async () => {
    const noId = await t.post('/api/auth/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(noId.status).toBe(400);
    expect(noId.body.error_description).toMatch(/^capId: /);
    const { capId } = await newCaptcha();
    const noValue = await t.post('/api/auth/login', { body: { capId, username: 'admin', password: ADMIN_PASSWORD } });
    expect(noValue.body.error_description).toMatch(/^capVal: /);
  });

  it('guards registration too', async () => {
    const reply = await t.post('/api/auth/register', { body: { username: 'no_captcha', password: 'long-enough-1' } });
    expect(reply.status).toBe(400);
    const { capId, answer } = await newCaptcha();
    const ok = await t.post('/api/auth/register', {
      body: { capId, capVal: answer, username: 'with_captcha', password: 'long-enough-1' },
    });
    expect(ok.status).toBe(200);
  });
});

describe('captcha flood', () => {
  it('limits how many captchas one address gets per minute', async () => {
    await withTestApp({}, async (flooded) => {
      for (let i = 0; i < CAPTCHAS_PER_ADDRESS.limit; i += 1) {
        expect((await flooded.post('/api/auth/getcapt', { body: { capType: 'math' } })).status).toBe(200);
      }
      const refused = await flooded.post('/api/auth/getcapt', { body: { capType: 'math' } });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^获取验证码过于频繁/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      const { rows } = await flooded.pool.query('select count(*)::int as n from captcha');
      expect(rows[0].n).toBe(CAPTCHAS_PER_ADDRESS.limit);
    });
  });
});
