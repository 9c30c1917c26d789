/**
 * The video frame child (decision 0033): a frame written with its turn for display, a file that is
 * no video refused, a child past its time limit killed, no shell; none where node-av has no build.
 */
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFirstFrame } from './video-frame.js';

const logger = pino({ level: 'silent' });
const FIXTURE = new URL('./fixtures/test-pattern-640x360.mp4', import.meta.url);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ws-frame-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('writeFirstFrame', () => {
  it("writes a video's first frame at full size; a name a shell would run is only a name", async () => {
    const video = path.join(dir, 'a b;$(touch ran).mp4');
    await copyFile(FIXTURE, video);
    const frame = path.join(dir, 'frame.jpg');
    expect(await writeFirstFrame(logger, video, frame)).toEqual({ outcome: 'written', clockwise: 0 });
    const { format, width, height } = await sharp(frame).metadata();
    expect({ format, width, height }).toEqual({ format: 'jpeg', width: 640, height: 360 });
    expect((await readdir(dir)).sort()).toEqual(['a b;$(touch ran).mp4', 'frame.jpg']);
  });

  it("answers how far a phone's video turns for display, as FFmpeg reads its display matrix", async () => {
    const frame = path.join(dir, 'turned.jpg');
    const turned = fileURLToPath(new URL('./fixtures/test-pattern-640x360-turned.mp4', import.meta.url));
    expect(await writeFirstFrame(logger, turned, frame)).toEqual({ outcome: 'written', clockwise: 270 });
    // The frame itself comes as stored; the thumbnail turns it.
    expect((await sharp(frame).metadata()).width).toBe(640);
    await rm(frame);
  });

  it('answers unreadable for a file that is no video', async () => {
    const frame = path.join(dir, 'none.jpg');
    expect(await writeFirstFrame(logger, fileURLToPath(import.meta.url), frame)).toEqual({ outcome: 'unreadable' });
    expect(await readdir(dir)).not.toContain('none.jpg');
  });

  it('kills a child past its time limit and answers timeout', async () => {
    // No Node.js process starts, let alone decodes, within a millisecond.
    const frame = path.join(dir, 'late.jpg');
    expect(await writeFirstFrame(logger, path.join(dir, 'a b;$(touch ran).mp4'), frame, { timeLimitMs: 1 })).toEqual({
      outcome: 'timeout',
    });
    expect(await readdir(dir)).not.toContain('late.jpg');
  });

  it('answers unavailable where node-av has no build, and starts no child for that script again', async () => {
    // The script copied where node-av cannot be resolved is what a platform without its build sees.
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), 'ws-frame-script-'));
    const script = path.join(elsewhere, 'video-frame.mjs');
    await copyFile(new URL('../../../bin/video-frame.mjs', import.meta.url), script);
    const video = path.join(dir, 'a b;$(touch ran).mp4');
    const frame = path.join(dir, 'nowhere.jpg');
    try {
      expect(await writeFirstFrame(logger, video, frame, { script })).toEqual({ outcome: 'unavailable' });
      await rm(script);
      // Removed, the script would fail otherwise: answered from memory, no child started.
      expect(await writeFirstFrame(logger, video, frame, { script })).toEqual({ outcome: 'unavailable' });
      expect(await readdir(dir)).not.toContain('nowhere.jpg');
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
