/**
 * Material files: each kind Meta takes is stored, checked by its content and its kind's limit; the
 * same content is stored once per tenant; images get a thumbnail; a material's file goes to a
 * number's Cloud API media store once and is reused by media id until it expires.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { instantDelays, quietBehaviour } from '../../sandbox/test/kit.js';
import { runSendLane, settleSandbox, startSandboxFor } from '../../test/sandbox-app.js';
import { type SignedIn, signedInSeat } from '../../test/tenants.js';
import { seedSandboxNumber } from '../../test/whatsapp-fixtures.js';
import { mediaSamples, oversizedVideo, webp } from '../inbox/media-samples.js';
import { presence, serve, useInboxApp } from '../inbox/test-support.js';
import { addMaterial, uploadedUrl, uploadFile } from './test-support.js';

const { t, a: operator, b: other } = useInboxApp('materfiles');
const MB = 1024 * 1024;
const png = (bytesCount: number) =>
  Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(bytesCount)]);

describe('material uploads', () => {
  it('stores each kind Meta takes, found by content, with an image thumbnail', async () => {
    for (const sample of await mediaSamples()) {
      // A misleading name and type: the content decides.
      const reply = await uploadFile(
        t,
        operator,
        `renamed-${sample.fileName}.bin`,
        'application/octet-stream',
        sample.content,
      );
      expect(reply.status, sample.fileName).toBe(200);
      expect(reply.body.data).toMatchObject({ kind: sample.kind, type: sample.type, size: sample.content.length });
      if (sample.kind === 'image') {
        expect(reply.body.data.thumbnail_url).toMatch(/^\/uploads\/.+\.thumb\.jpg$/);
        const thumbnail = await t.app.inject({ method: 'GET', url: reply.body.data.thumbnail_url });
        expect(thumbnail.statusCode).toBe(200);
        expect(thumbnail.rawPayload.subarray(0, 3).toString('hex')).toBe('ffd8ff');
      } else expect(reply.body.data.thumbnail_url).toBeNull();
    }
  });

  it('refuses unknown content and files over their kind limit, naming the file, in both languages', async () => {
    const unknown = await uploadFile(t, operator, 'photo.png', 'image/png', Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8]));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^file: 只能发送 JPEG\/PNG 图片/);
    const english = await uploadFile(t, operator, 'photo.png', 'image/png', Buffer.from([0, 1, 2, 3]), 'en');
    expect(english.body.message).toMatch(/^file: only JPEG\/PNG images/);
    const bigImage = await uploadFile(t, operator, 'big.png', 'image/png', png(5 * MB));
    expect(bigImage.status).toBe(413);
    expect(bigImage.body.message).toBe('file: 图片不能超过 5 MB');
    const bigVideo = await uploadFile(t, operator, 'big.mp4', 'video/mp4', oversizedVideo(16 * MB), 'en');
    expect(bigVideo.status).toBe(413);
    expect(bigVideo.body.message).toBe('file: a video may be at most 16 MB');
    const heavySticker = await uploadFile(
      t,
      operator,
      'big.webp',
      'image/webp',
      webp(512, 512, { bytesCount: 150 * 1024 }),
    );
    expect(heavySticker.status).toBeGreaterThanOrEqual(400);
    expect(heavySticker.status).toBeLessThan(500);
    expect(heavySticker.body.message).toMatch(/^file: /);
    const empty = await uploadFile(t, operator, 'empty.pdf', 'application/pdf', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/^file: /);
  });

  it('is refused without a token and to a seat', async () => {
    const [image] = await mediaSamples();
    if (!image) throw new Error('no sample');
    const anonymous = await uploadFile(t, { ...operator, token: '' }, 'a.png', 'image/png', image.content);
    expect(anonymous.status).toBe(401);
    const seat = await signedInSeat(t, operator.tenantId);
    expect((await uploadFile(t, seat, 'a.png', 'image/png', image.content)).status).toBe(403);
  });

  it('stores the same content once per tenant', async () => {
    const [image] = await mediaSamples();
    if (!image) throw new Error('no sample');
    const content = Buffer.concat([image.content, Buffer.from('dedup')]);
    const first = await uploadedUrl(t, operator, 'a.png', 'image/png', content);
    const second = await uploadedUrl(t, operator, 'b.png', 'image/png', content);
    expect(second).toBe(first);
    const theirs = await uploadedUrl(t, other, 'a.png', 'image/png', content);
    expect(theirs).not.toBe(first);
    const { rows } = await t.pool.query(
      'select tenant_id from upload where sha256 = (select sha256 from upload where storage_path = $1)',
      [first.slice('/uploads/'.length)],
    );
    expect(rows.map((row) => row.tenant_id).sort()).toEqual([operator.tenantId, other.tenantId].sort());
  });
});

describe("a material's file in a number's media store", () => {
  const CUSTOMER = '8613900000419';
  let sandbox: RunningSandbox;
  let numberId: string;
  let agent: SignedIn;
  let conversationId: string;

  beforeAll(async () => {
    sandbox = await startSandboxFor(t, { behaviour: { ...quietBehaviour, read: 0 }, delays: instantDelays });
    let made: Awaited<ReturnType<typeof seedSandboxNumber>>['made'];
    ({ numberId, made } = await seedSandboxNumber(t.pool, t.context.whatsapp, sandbox, operator.tenantId));
    agent = await signedInSeat(t, operator.tenantId);
    await serve(t, operator, agent, [numberId]);
    await presence(t, agent, 'online');
    await sandbox.control('POST', '/inbound', {
      phone_number_id: made.phone_number_id,
      from: CUSTOMER,
      type: 'text',
      text: 'Hola',
    });
    await settleSandbox(t, sandbox);
    const inbox = await t.post('/api/inbox/list', { token: agent.token, body: { filters: { queue: 'mine' } } });
    conversationId = inbox.body.data.records[0].id;
  });
  afterAll(() => sandbox?.stop());

  async function sendMaterialImage(url: string) {
    const sent = await t.post('/api/inbox/send', {
      token: agent.token,
      body: { conversationId, content: { type: 'image', upload: url, caption: 'Menu' } },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await runSendLane(t, operator.tenantId, numberId);
  }
  const sentMediaIds = () =>
    sandbox.sandbox.store.messages
      .list()
      .filter((message) => message.direction === 'out')
      .map((message) => JSON.parse(String(message.body)).image?.id);

  it('is uploaded on first use, reused by media id, and uploaded again once expired', async () => {
    const [image] = await mediaSamples();
    if (!image) throw new Error('no sample');
    const url = await uploadedUrl(
      t,
      operator,
      'menu.png',
      'image/png',
      Buffer.concat([image.content, Buffer.from('media')]),
    );
    const material = await addMaterial(t, operator, { tp: 'img', title: 'Menu', upload: url });
    const before = sandbox.sandbox.store.media.size;

    await sendMaterialImage(material.file.url);
    await sendMaterialImage(material.file.url);
    expect(sandbox.sandbox.store.media.size).toBe(before + 1);
    const [first, second] = sentMediaIds();
    expect(first).toBeTruthy();
    expect(second).toBe(first);
    const { rows } = await t.pool.query(
      `select media_id, expires_at > now() + interval '29 days' as long_lived from upload_media where tenant_id = $1 and number_id = $2`,
      [operator.tenantId, numberId],
    );
    expect(rows).toEqual([{ media_id: first, long_lived: true }]);

    // Meta forgets a file after 30 days: near that, it goes up again and the new id is kept.
    await t.pool.query(`update upload_media set expires_at = now() + interval '1 hour' where tenant_id = $1`, [
      operator.tenantId,
    ]);
    await sendMaterialImage(material.file.url);
    expect(sandbox.sandbox.store.media.size).toBe(before + 2);
    const third = sentMediaIds()[2];
    expect(third).not.toBe(first);
    const kept = await t.pool.query('select media_id from upload_media where tenant_id = $1', [operator.tenantId]);
    expect(kept.rows).toEqual([{ media_id: third }]);
  });
});
