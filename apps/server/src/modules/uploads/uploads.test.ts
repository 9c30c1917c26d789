import type { TokenPair } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/multipart.js';
import { useTestApp } from '../../test/test-app.js';
import { renderCaptchaPng } from '../auth/captcha/captcha-image.js';

const t = useTestApp();
let owner: TokenPair;
beforeAll(async () => {
  owner = await t.registerOperator('uploader');
});

const upload = (file: Buffer, filename: string, token: string | null = owner.access_token, field = 'file') => {
  const form = multipart(field, filename, 'image/jpeg', file);
  return t.app.inject({
    method: 'POST',
    url: '/api/upimg',
    headers: { ...form.headers, ...(token ? { token } : {}) },
    payload: form.payload,
  });
};

describe('POST /api/upimg', () => {
  it('stores a real image under its content type and serves it back', async () => {
    const png = renderCaptchaPng('1 + 2 = ?');
    const reply = await upload(png, 'photo.jpg');
    expect(reply.statusCode).toBe(200);
    const data = reply.json().data;
    expect(data).toMatchObject({ name: 'photo.jpg', size: png.length, type: 'image/png' });
    expect(data.url).toMatch(new RegExp(`^/uploads/${owner.user_info.tenant_id}/\\d{6}/[0-9a-f]{32}\\.png$`));
    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    const { rows } = await t.pool.query('select tenant_id, content_type from upload');
    expect(rows).toEqual([{ tenant_id: owner.user_info.tenant_id, content_type: 'image/png' }]);
  });

  it('recognises JPEG, GIF and WebP by their signatures', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(64)]);
    expect((await upload(jpeg, 'a.png')).json().data.type).toBe('image/jpeg');
    expect((await upload(gif, 'a.png')).json().data.type).toBe('image/gif');
    expect((await upload(webp, 'a.png')).json().data.type).toBe('image/webp');
  });

  it('refuses a file that is not an image, whatever its name', async () => {
    const reply = await upload(Buffer.from('<?php echo 1; ?>'), 'evil.jpg');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('file: 只能上传 JPEG、PNG、GIF 或 WebP 图片');
  });

  it('refuses images over 5 MB with 413', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const reply = await upload(big, 'big.jpg');
    expect(reply.statusCode).toBe(413);
    expect(reply.json().code).toBe(413);
  });

  it('needs the file field, multipart, and a token', async () => {
    const png = renderCaptchaPng('3 = ?');
    expect((await upload(png, 'a.png', owner.access_token, 'picture')).json().message).toMatch(/^file: /);
    const json = await t.post('/api/upimg', { token: owner.access_token, body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.message).toMatch(/^file: /);
    expect((await upload(png, 'a.png', null)).statusCode).toBe(401);
  });
});
