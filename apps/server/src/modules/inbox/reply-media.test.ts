import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/multipart.js';
import type { SignedIn } from '../../test/tenants.js';
import { seedNumber } from '../../test/whatsapp-fixtures.js';
import { startGraphServer, type TestServer } from '../../whatsapp/cloud-api/test-servers.js';
import { renderCaptchaPng } from '../auth/captcha/captcha-image.js';
import { webp } from './media-samples.js';
import { conversationWith, customersWrite, newCustomer, useInboxApp } from './test-support.js';

// An agent's media reply: the upload goes to the number's Cloud API media store (a local stand-in
// here), and the queued message names the media id Meta gave.
const { t, a: operator, b: other } = useInboxApp('replyimage');
let graph: TestServer;
let refuseUploads = false;
let conversationId: string;

beforeAll(async () => {
  graph = await startGraphServer((request) =>
    request.url.endsWith('/media')
      ? refuseUploads
        ? { status: 400, json: { error: { message: 'Invalid parameter', type: 'OAuthException', code: 100 } } }
        : { json: { id: 'media-77' } }
      : { json: { success: true } },
  );
  const seeded = await seedNumber(t.pool, t.context.whatsapp, operator.tenantId, { apiBaseUrl: graph.url });
  const waId = newCustomer();
  await customersWrite(t, { numberId: seeded.numberId, phoneNumberId: seeded.phoneNumberId }, [{ waId }]);
  conversationId = (await conversationWith(t, { numberId: seeded.numberId, phoneNumberId: seeded.phoneNumberId }, waId))
    .id;
});
afterAll(() => graph.close());

async function uploadImage(user: SignedIn): Promise<string> {
  const form = multipart('file', 'menu.png', 'image/png', renderCaptchaPng('1 + 2 = ?'));
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/upimg',
    headers: { ...form.headers, token: user.token },
    payload: form.payload,
  });
  expect(reply.statusCode).toBe(200);
  return JSON.parse(reply.body).data.url as string;
}

const sendImage = (upload: string, language?: 'en') =>
  t.post('/api/inbox/send', {
    token: operator.token,
    body: { conversationId, content: { type: 'image', upload, caption: 'Our menu' } },
    headers: language ? { 'accept-language': language } : {},
  });

describe('an image reply', () => {
  it("goes to the number's media store, then is queued naming the media id", async () => {
    const url = await uploadImage(operator);
    const reply = await sendImage(url);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const uploaded = graph.requests.find((request) => request.url.endsWith('/media'));
    expect(uploaded?.method).toBe('POST');
    expect(uploaded?.headers['content-type']).toMatch(/^multipart\/form-data/);
    const { rows } = await t.pool.query(`select type, body, preview, purpose from message where id = $1`, [
      reply.body.data.message_id,
    ]);
    expect(rows[0]).toEqual({
      type: 'image',
      body: { image: { id: 'media-77', caption: 'Our menu' } },
      preview: 'Our menu',
      purpose: 'service',
    });
  });

  it("refuses an unknown upload, another tenant's, and one Meta refuses, queueing nothing", async () => {
    const before = await t.pool.query(
      `select count(*)::int as n from message where tenant_id = $1 and direction = 'out'`,
      [operator.tenantId],
    );
    const unknown = await sendImage('/uploads/nothing/here.png', 'en');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('content.upload: File not found');
    const foreign = await sendImage(await uploadImage(other));
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('content.upload: 文件不存在');
    const bad = await t.post('/api/inbox/send', {
      token: operator.token,
      body: { conversationId, content: { type: 'image', upload: 'https://example.com/a.png' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^content\.upload: /);

    refuseUploads = true;
    const refused = await sendImage(await uploadImage(operator));
    refuseUploads = false;
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.body.message).toMatch(/^content\.upload: /);
    const after = await t.pool.query(
      `select count(*)::int as n from message where tenant_id = $1 and direction = 'out'`,
      [operator.tenantId],
    );
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('refuses a file whose stored type is not what the message kind takes, before Meta hears of it', async () => {
    const gif = multipart('file', 'a.gif', 'image/gif', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]));
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/upimg',
      headers: { ...gif.headers, token: operator.token },
      payload: gif.payload,
    });
    const uploadsBefore = graph.requests.filter((request) => request.url.endsWith('/media')).length;
    const asImage = await sendImage(JSON.parse(stored.body).data.url, 'en');
    expect(asImage.status).toBe(400);
    expect(asImage.body.message).toBe('content.upload: an image must be a JPEG or PNG (this file is image/gif)');
    const png = await uploadImage(operator);
    const asVideo = await t.post('/api/inbox/send', {
      token: operator.token,
      body: { conversationId, content: { type: 'video', upload: png } },
    });
    expect(asVideo.status).toBe(400);
    expect(asVideo.body.message).toMatch(/^content\.upload: 视频须为 MP4 或 3GPP/);
    // A WebP stored by upimg is checked as a sticker when it is sent as one.
    const flat = multipart('file', 'a.webp', 'image/webp', webp(300, 200));
    const storedWebp = await t.app.inject({
      method: 'POST',
      url: '/api/upimg',
      headers: { ...flat.headers, token: operator.token },
      payload: flat.payload,
    });
    const asSticker = await t.post('/api/inbox/send', {
      token: operator.token,
      body: { conversationId, content: { type: 'sticker', upload: JSON.parse(storedWebp.body).data.url } },
      headers: { 'accept-language': 'en' },
    });
    expect(asSticker.status).toBe(400);
    expect(asSticker.body.message).toBe('content.upload: a sticker must be a 512×512 WebP (this one is 300×200)');
    expect(graph.requests.filter((request) => request.url.endsWith('/media')).length).toBe(uploadsBefore);
  });
});
