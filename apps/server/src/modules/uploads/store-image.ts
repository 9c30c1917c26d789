import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { AppError } from '../../platform/http/errors.js';
import { sniffImageType } from './image-type.js';
import { insertUpload } from './upload-repository.js';

export const UPLOADS_URL_PREFIX = '/uploads/';

export function uploadsDir(context: AppContext): string {
  return path.join(context.config.dataDir, 'uploads');
}

/** Where a new file of the tenant goes under DATA_DIR/uploads: `<tenant>/<yyyymm>/<random>.<ext>`. */
export function newUploadPath(scope: Scope, extension: string): string {
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  return path.posix.join(scope.tenantId, month, `${randomBytes(16).toString('hex')}.${extension}`);
}

/**
 * Stores an image under DATA_DIR/uploads/<tenant>/<yyyymm>/<random>.<ext> and records it. The
 * random name makes the public URL unguessable; the extension comes from the content.
 */
export async function storeImage(context: AppContext, scope: Scope, content: Buffer, originalName: string) {
  const image = sniffImageType(content);
  if (!image) {
    throw new AppError('invalidInput', {
      zh: 'file: 只能上传 JPEG、PNG、GIF 或 WebP 图片',
      en: 'file: only JPEG, PNG, GIF or WebP images can be uploaded',
    });
  }
  const relative = newUploadPath(scope, image.extension);
  const target = path.join(uploadsDir(context), relative);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, content, { flag: 'wx' });
  const name = path.basename(originalName || 'image').slice(0, 200);
  await insertUpload(context.pool, scope, {
    storagePath: relative,
    originalName: name,
    size: content.length,
    contentType: image.type,
    sha256: createHash('sha256').update(content).digest('hex'),
  });
  return { url: UPLOADS_URL_PREFIX + relative, name, size: content.length, type: image.type };
}
