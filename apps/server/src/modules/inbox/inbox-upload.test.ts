import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { multipart } from '../../test/multipart.js';
import { type SignedIn, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { uploadsDir } from '../uploads/store-image.js';
import { mediaSamples, oversizedVideo, webp } from './media-samples.js';

// inbox/upload: the files an agent sends, streamed to disk and judged by their content.
const t = useTestApp();
const tenants = useTenants(t, 'inboxupload');

const upload = (user: SignedIn | null, fileName: string, content: Buffer, language?: 'en', field = 'file') => {
  const form = multipart(field, fileName, 'application/octet-stream', content);
  return t.app.inject({
    method: 'POST',
    url: '/api/inbox/upload',
    headers: {
      ...form.headers,
      ...(user ? { token: user.token } : {}),
      ...(language ? { 'accept-language': language } : {}),
    },
    payload: form.payload,
  });
};

/** Every file under the tenant's uploads, so a refused upload is seen to leave nothing. */
async function storedFiles(tenantId: string): Promise<string[]> {
  const root = path.join(uploadsDir(t.context), tenantId);
  const entries = await fs.readdir(root, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((entry) => path.extname(entry) !== '');
}

describe('POST /api/inbox/upload', () => {
  it('stores each kind under the type its content shows, whatever its name', async () => {
    for (const sample of await mediaSamples()) {
      const reply = await upload(tenants.seat, `renamed-${sample.fileName}.bin`, sample.content);
      expect(reply.statusCode, `${sample.fileName}: ${reply.body}`).toBe(200);
      const data = reply.json().data;
      expect(data).toMatchObject({ kind: sample.kind, type: sample.type, size: sample.content.length });
      expect(data.url).toMatch(new RegExp(`^/uploads/${tenants.a.tenantId}/\\d{6}/[0-9a-f]{32}\\.\\w+$`));
      const served = await t.app.inject({ method: 'GET', url: data.url });
      expect(served.rawPayload.equals(sample.content)).toBe(true);
    }
    const { rows } = await t.pool.query(
      `select distinct content_type from upload where tenant_id = $1 and user_id = $2 order by 1`,
      [tenants.a.tenantId, tenants.seat.userId],
    );
    expect(rows.map((row) => row.content_type)).toEqual([
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'audio/mpeg',
      'audio/ogg',
      'image/png',
      'image/webp',
      'text/plain',
      'video/mp4',
    ]);
  });

  it('refuses what Meta does not take, named like a media file, leaving nothing stored', async () => {
    const before = await storedFiles(tenants.a.tenantId);
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Array(60).fill(0)]);
    const vorbis = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(24), Buffer.from('\x01vorbis'), Buffer.alloc(64)]);
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]);
    const binary = Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0x00, 0x10]);
    for (const [name, content] of [
      ['clip.mp4', zip],
      ['voice.ogg', vorbis],
      ['photo.png', gif],
      ['notes.txt', binary],
      ['empty.pdf', Buffer.alloc(0)],
    ] as const) {
      const reply = await upload(tenants.a, name, content, 'en');
      expect(reply.statusCode, name).toBe(400);
      expect(reply.json().message).toMatch(/^file: only JPEG\/PNG images/);
    }
    const zh = await upload(tenants.a, 'x.doc', binary);
    expect(zh.json().message).toMatch(/^file: 只能发送/);
    expect(await storedFiles(tenants.a.tenantId)).toEqual(before);
  });

  it("refuses a file over its kind's limit with 413 naming the limit, leaving nothing stored", async () => {
    const before = await storedFiles(tenants.a.tenantId);
    const video = await upload(tenants.a, 'long.mp4', oversizedVideo(16 * 1024 * 1024), 'en');
    expect(video.statusCode).toBe(413);
    expect(video.json().message).toBe('file: a video may be at most 16 MB');
    const image = Buffer.concat([(await mediaSamples())[0]?.content ?? Buffer.alloc(0), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBigImage = await upload(tenants.a, 'big.png', image);
    expect(tooBigImage.statusCode).toBe(413);
    expect(tooBigImage.json().message).toBe('file: 图片不能超过 5 MB');
    expect(await storedFiles(tenants.a.tenantId)).toEqual(before);
  });

  it('refuses a sticker that is not 512×512, and a still one over 100 KB, while an animated one may take 500 KB', async () => {
    const before = await storedFiles(tenants.a.tenantId);
    const small = await upload(tenants.a, 'small.webp', webp(256, 256), 'en');
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe('file: a sticker must be a 512×512 WebP (this one is 256×256)');
    const heavy = await upload(tenants.a, 'heavy.webp', webp(512, 512, { bytesCount: 150 * 1024 }));
    expect(heavy.statusCode).toBe(413);
    expect(heavy.json().message).toBe('file: 静态贴纸不能超过 100 KB');
    const tooHeavy = await upload(
      tenants.a,
      'long.webp',
      webp(512, 512, { animated: true, bytesCount: 600 * 1024 }),
      'en',
    );
    expect(tooHeavy.statusCode).toBe(413);
    expect(tooHeavy.json().message).toBe('file: a sticker may be at most 500 KB');
    expect(await storedFiles(tenants.a.tenantId)).toEqual(before);
    const animated = await upload(tenants.a, 'dance.webp', webp(512, 512, { animated: true, bytesCount: 300 * 1024 }));
    expect(animated.statusCode).toBe(200);
    expect(animated.json().data).toMatchObject({ kind: 'sticker', type: 'image/webp' });
  });

  it('needs a token and the file field', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    expect((await upload(null, 'a.pdf', pdf)).statusCode).toBe(401);
    const wrongField = await upload(tenants.a, 'a.pdf', pdf, 'en', 'attachment');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toMatch(/^file: /);
    const json = await t.post('/api/inbox/upload', { token: tenants.a.token, body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.message).toMatch(/^file: /);
  });
});
