import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReplyMediaKind } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { loadSharp } from '../../platform/lazy-libraries.js';
import { uploadsDir } from './store-image.js';
import { type StoredUpload, setUploadThumbnail } from './upload-repository.js';
import { writeFirstFrame } from './video-frame.js';

/** The longest side of a thumbnail, in pixels. */
export const THUMBNAIL_PIXELS = 320;

/** Whether a stored file of this kind gets a thumbnail: images, and videos (their first frame, a poster). */
export const hasThumbnail = (kind: ReplyMediaKind) => kind === 'image' || kind === 'video';

/**
 * A stored image's thumbnail or a video's poster (a JPEG beside it, `<name>.thumb.jpg`), made
 * once (sharp's prebuilt libvips, no install script; a video's first frame by `writeFirstFrame`
 * first) and noted on the upload. Answers its path under DATA_DIR/uploads, or null when the file
 * cannot be read or no frame could be had (the file is still usable; only the preview is missing).
 */
export async function thumbnailOf(context: AppContext, scope: Scope, upload: StoredUpload): Promise<string | null> {
  if (upload.thumbnail_path) return upload.thumbnail_path;
  const base = upload.storage_path.replace(/\.[^./]+$/, '');
  const thumbnailPath = `${base}.thumb.jpg`;
  const source = path.join(uploadsDir(context), upload.storage_path);
  // A video's full-size frame goes to the system's temporary folder, never where uploads are served.
  const frame = upload.content_type.startsWith('video/')
    ? path.join(os.tmpdir(), `ws-frame-${randomBytes(8).toString('hex')}.jpg`)
    : null;
  try {
    // An image turns as its EXIF orientation says; a video's frame as its display matrix says.
    let turn: number | undefined;
    if (frame) {
      const written = await writeFirstFrame(context.logger, source, frame);
      if (written.outcome !== 'written') return null;
      turn = written.clockwise;
    }
    const sharp = await loadSharp();
    await sharp(frame ?? source, { limitInputPixels: 50_000_000 })
      .rotate(turn)
      .resize(THUMBNAIL_PIXELS, THUMBNAIL_PIXELS, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75 })
      .toFile(path.join(uploadsDir(context), thumbnailPath));
  } catch (error) {
    context.logger.warn({ err: error, upload: upload.id }, 'no thumbnail for a file');
    return null;
  } finally {
    if (frame) await fs.rm(frame, { force: true });
  }
  await setUploadThumbnail(context.pool, scope, upload.id, thumbnailPath);
  return thumbnailPath;
}
