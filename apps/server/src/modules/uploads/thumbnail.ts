import path from 'node:path';
import sharp from 'sharp';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { uploadsDir } from './store-image.js';
import { type StoredUpload, setUploadThumbnail } from './upload-repository.js';

/** The longest side of a thumbnail, in pixels. */
export const THUMBNAIL_PIXELS = 320;

/**
 * A stored image's thumbnail (a JPEG beside it, `<name>.thumb.jpg`), made once (sharp's prebuilt
 * libvips; no install script) and noted on the upload. Answers its path under DATA_DIR/uploads,
 * or null when the image cannot be read (the file is still usable; only the preview is missing).
 */
export async function thumbnailOf(context: AppContext, scope: Scope, upload: StoredUpload): Promise<string | null> {
  if (upload.thumbnail_path) return upload.thumbnail_path;
  const thumbnailPath = `${upload.storage_path.replace(/\.[^./]+$/, '')}.thumb.jpg`;
  try {
    await sharp(path.join(uploadsDir(context), upload.storage_path), { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(THUMBNAIL_PIXELS, THUMBNAIL_PIXELS, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75 })
      .toFile(path.join(uploadsDir(context), thumbnailPath));
  } catch (error) {
    context.logger.warn({ err: error, upload: upload.id }, 'no thumbnail for an image');
    return null;
  }
  await setUploadThumbnail(context.pool, scope, upload.id, thumbnailPath);
  return thumbnailPath;
}
