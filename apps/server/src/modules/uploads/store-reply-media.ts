import { createHash } from 'node:crypto';
import { createWriteStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_REPLY_MEDIA_BYTES, type ReplyMediaKind, type UploadedReplyMedia } from '@ws/contract';
import type { FastifyRequest } from 'fastify';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { replyMediaLimit, sniffReplyMedia } from './reply-media-type.js';
import { checkSticker } from './sticker-shape.js';
import { newUploadPath, UPLOADS_URL_PREFIX, uploadsDir } from './store-image.js';
import { insertUpload, type StoredUpload, selectUploadByHash } from './upload-repository.js';

const MB = 1024 * 1024;
const KIND_NAMES: Record<ReplyMediaKind, { zh: string; en: string }> = {
  image: { zh: '图片', en: 'an image' },
  audio: { zh: '音频', en: 'an audio file' },
  video: { zh: '视频', en: 'a video' },
  document: { zh: '文档', en: 'a document' },
  sticker: { zh: '贴纸', en: 'a sticker' },
};

const missingFile = () =>
  errors.invalid(
    'file',
    '请以 multipart/form-data 上传名为 file 的文件',
    'send the file as multipart/form-data field "file"',
  );
const unsupported = () =>
  errors.invalid(
    'file',
    '只能发送 JPEG/PNG 图片、AAC/AMR/MP3/M4A/OGG(Opus) 音频、MP4/3GPP 视频、WebP 贴纸，或 PDF、文本、Word、Excel、PowerPoint 文档（按文件内容判断）',
    'only JPEG/PNG images, AAC/AMR/MP3/M4A/OGG (Opus) audio, MP4/3GPP video, WebP stickers, or PDF, text, Word, Excel or PowerPoint documents can be sent (judged by the content)',
  );
const tooLarge = (kind: ReplyMediaKind) => {
  const { zh, en } = KIND_NAMES[kind];
  const bytes = replyMediaLimit(kind);
  const limit = bytes < MB ? `${bytes / 1024} KB` : `${bytes / MB} MB`;
  return new AppError('tooLarge', { zh: `file: ${zh}不能超过 ${limit}`, en: `file: ${en} may be at most ${limit}` });
};

const mediaReply = (upload: StoredUpload, kind: ReplyMediaKind): UploadedReplyMedia => ({
  url: UPLOADS_URL_PREFIX + upload.storage_path,
  name: upload.original_name,
  size: upload.size,
  type: upload.content_type,
  kind,
});

export interface ReceivedFile {
  media: UploadedReplyMedia;
  upload: StoredUpload;
}

/** `storeReplyMedia`'s answer to the call. */
export async function storeReplyMedia(
  context: AppContext,
  scope: Scope,
  request: FastifyRequest,
): Promise<UploadedReplyMedia> {
  return (await receiveReplyMedia(context, scope, request)).media;
}

/**
 * `inbox/upload`, `mater/upload`: the multipart `file` streams to DATA_DIR/uploads/<tenant>/<yyyymm>/ (never
 * into memory; at most a document's 100 MB, counted as it streams), is hashed on the way, then
 * checked by its content against what Meta takes and that kind's limit, and recorded. The same
 * content stored before by the tenant is answered instead (the new copy removed): a file is
 * stored once. Whatever fails, nothing is left on disk.
 */
export async function receiveReplyMedia(
  context: AppContext,
  scope: Scope,
  request: FastifyRequest,
): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw missingFile();
  const file = await request.file({ limits: { fileSize: MAX_REPLY_MEDIA_BYTES, files: 1, fields: 10, parts: 20 } });
  if (file?.fieldname !== 'file') {
    file?.file.resume();
    throw missingFile();
  }
  const name = path.basename(file.filename || 'file').slice(0, 200);
  const partial = path.join(uploadsDir(context), newUploadPath(scope, 'part'));
  await fs.mkdir(path.dirname(partial), { recursive: true });
  let stored: string | undefined;
  try {
    const hash = createHash('sha256');
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        hash.update(chunk);
        done(null, chunk);
      },
    });
    await pipeline(file.file, counted, createWriteStream(partial, { flags: 'wx' }));
    if (file.file.truncated) throw tooLarge('document');
    const media = size > 0 ? await sniffReplyMedia(partial, name) : undefined;
    if (!media) throw unsupported();
    if (size > replyMediaLimit(media.kind)) throw tooLarge(media.kind);
    if (media.kind === 'sticker') await checkSticker(partial, size, 'file');
    const sha256 = hash.digest('hex');
    const known = await selectUploadByHash(context.pool, scope, sha256, media.type);
    if (known) {
      await fs.rm(partial, { force: true });
      return { media: mediaReply(known, media.kind), upload: known };
    }
    const relative = partial.slice(uploadsDir(context).length + 1).replace(/\.part$/, `.${media.extension}`);
    stored = path.join(uploadsDir(context), relative);
    await fs.rename(partial, stored);
    const storagePath = relative.split(path.sep).join('/');
    const id = await insertUpload(context.pool, scope, {
      storagePath,
      originalName: name,
      size,
      contentType: media.type,
      sha256,
    });
    const upload = {
      id,
      storage_path: storagePath,
      original_name: name,
      content_type: media.type,
      size,
      thumbnail_path: null,
    };
    return { media: mediaReply(upload, media.kind), upload };
  } catch (error) {
    await fs.rm(partial, { force: true });
    if (stored) await fs.rm(stored, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('document');
    throw error;
  }
}
