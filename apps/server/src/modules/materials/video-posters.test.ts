/**
 * Video posters (decision 0033): a real MP4's first frame becomes its thumbnail, a JPEG within the
 * image thumbnails' bounds served by the same route and listed on the material; a video FFmpeg
 * cannot read is stored all the same, without a poster and without an error.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { THUMBNAIL_PIXELS } from '../uploads/thumbnail.js';
import { addMaterial, uploadFile } from './test-support.js';

const t = useTestApp();
const { a: operator, b: other } = useTenants(t, 'poster');

/** 640 × 360, two frames of FFmpeg's test pattern in H.264 (4.5 KB); `-turned`: the same shown a quarter turn round. */
const testPattern = (name = 'test-pattern-640x360') =>
  readFile(new URL(`../uploads/fixtures/${name}.mp4`, import.meta.url));
const posterOf = async (url: string) => {
  const poster = await t.app.inject({ method: 'GET', url });
  expect(poster.statusCode).toBe(200);
  expect(poster.rawPayload.subarray(0, 3).toString('hex')).toBe('ffd8ff');
  const { format, width, height } = await sharp(poster.rawPayload).metadata();
  return { format, width, height };
};

describe('video posters', () => {
  it("makes a video's first frame its poster, a JPEG served like an image thumbnail and listed", async () => {
    const reply = await uploadFile(t, operator, 'pattern.mp4', 'video/mp4', await testPattern());
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toMatchObject({ kind: 'video', type: 'video/mp4' });
    const posterUrl: string = reply.body.data.thumbnail_url;
    expect(posterUrl).toMatch(/^\/uploads\/.+\.thumb\.jpg$/);

    expect(await posterOf(posterUrl)).toEqual({ format: 'jpeg', width: THUMBNAIL_PIXELS, height: 180 });

    const material = await addMaterial(t, operator, { tp: 'video', title: 'Pattern', upload: reply.body.data.url });
    expect(material.file.thumbnail_url).toBe(posterUrl);
    const list = await t.post('/api/mater/list', { token: operator.token, body: { tp: 'video' } });
    expect(
      list.body.data.records.map((record: { file: { thumbnail_url: string } }) => record.file.thumbnail_url),
    ).toEqual([posterUrl]);
    const theirs = await t.post('/api/mater/list', { token: other.token, body: { tp: 'video' } });
    expect(theirs.body.data.records).toEqual([]);

    // The same video again is the stored one, poster and all: no second frame is taken.
    const again = await uploadFile(t, operator, 'copy.mp4', 'video/mp4', await testPattern());
    expect(again.body.data).toMatchObject({ url: reply.body.data.url, thumbnail_url: posterUrl });
  });

  it("turns a phone video's poster as the video is shown", async () => {
    const reply = await uploadFile(
      t,
      operator,
      'portrait.mp4',
      'video/mp4',
      await testPattern('test-pattern-640x360-turned'),
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(await posterOf(reply.body.data.thumbnail_url)).toEqual({
      format: 'jpeg',
      width: 180,
      height: THUMBNAIL_PIXELS,
    });
  });

  it('stores a video FFmpeg cannot read without a poster, and no error', async () => {
    const truncated = (await testPattern()).subarray(0, 1500);
    const reply = await uploadFile(t, operator, 'broken.mp4', 'video/mp4', truncated, 'en');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toMatchObject({ kind: 'video', type: 'video/mp4', size: 1500, thumbnail_url: null });
    const stored = await t.app.inject({ method: 'GET', url: reply.body.data.url });
    expect(stored.statusCode).toBe(200);
    const { rows } = await t.pool.query('select thumbnail_path from upload where tenant_id = $1 and size = 1500', [
      operator.tenantId,
    ]);
    expect(rows).toEqual([{ thumbnail_path: null }]);
    const material = await addMaterial(t, operator, { tp: 'video', title: 'Broken', upload: reply.body.data.url });
    expect(material.file.thumbnail_url).toBeNull();
  });
});
