import type { Blob } from 'node:buffer';
import { openAsBlob } from 'node:fs';
import path from 'node:path';
import { REPLY_MEDIA, type ReplyMediaKind } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { cloudApiFailure } from '../../whatsapp/numbers/cloud-api-failure.js';
import { numberClient } from '../../whatsapp/numbers/number-client.js';
import { checkSticker } from '../uploads/sticker-shape.js';
import { UPLOADS_URL_PREFIX, uploadsDir } from '../uploads/store-image.js';
import { selectUpload } from '../uploads/upload-repository.js';
import type { ConversationState } from './conversation-repository.js';
import { CONVERSATION_NOT_FOUND } from './inbox-access.js';

const UPLOAD_NOT_FOUND = { zh: 'content.upload: 文件', en: 'content.upload: File' };

const KIND_TYPES: Record<ReplyMediaKind, { zh: string; en: string }> = {
  image: { zh: '图片须为 JPEG 或 PNG', en: 'an image must be a JPEG or PNG' },
  audio: { zh: '音频须为 AAC、AMR、MP3、M4A 或 OGG(Opus)', en: 'audio must be AAC, AMR, MP3, M4A or OGG (Opus)' },
  video: { zh: '视频须为 MP4 或 3GPP', en: 'a video must be an MP4 or 3GPP' },
  document: {
    zh: '文档须为 PDF、文本、Word、Excel 或 PowerPoint',
    en: 'a document must be a PDF, text, Word, Excel or PowerPoint file',
  },
  sticker: { zh: '贴纸须为 WebP', en: 'a sticker must be a WebP' },
};

/** A stored file gone from disk is an unknown upload; anything else (a refusal) stands. */
function rethrowUnlessMissing(error: unknown): never {
  if ((error as { code?: string }).code === 'ENOENT') throw errors.notFound(UPLOAD_NOT_FOUND);
  throw error;
}

export interface StoredReplyFile {
  mediaId: string;
  /** The name it was uploaded under (a document's default file name). */
  originalName: string;
}

/**
 * A file the tenant uploaded (`upimg`, `inbox/upload`), handed to the Cloud API media store of
 * the conversation's number: its media id is what the message names. The stored type (found in
 * the content when it was uploaded) must be one Meta takes for the message's kind, within that
 * kind's size. Done before the reply is queued, outside any transaction (it waits for Meta); the
 * file streams from disk; a refusal is the call's error, nothing is queued.
 */
export async function mediaIdOfUpload(
  context: AppContext,
  scope: Scope,
  state: ConversationState,
  kind: ReplyMediaKind,
  url: string,
): Promise<StoredReplyFile> {
  const storagePath = url.slice(UPLOADS_URL_PREFIX.length);
  const upload = await selectUpload(context.pool, scope, storagePath);
  if (!upload || storagePath.split('/').includes('..')) throw errors.notFound(UPLOAD_NOT_FOUND);
  const { maxBytes, types } = REPLY_MEDIA[kind];
  if (!types.includes(upload.content_type)) {
    const { zh, en } = KIND_TYPES[kind];
    throw errors.invalid(
      'content.upload',
      `${zh}（此文件为 ${upload.content_type}）`,
      `${en} (this file is ${upload.content_type})`,
    );
  }
  if (upload.size > maxBytes) {
    const limit = maxBytes < 1024 * 1024 ? `${maxBytes / 1024} KB` : `${maxBytes / 1024 / 1024} MB`;
    throw errors.invalid('content.upload', `此类文件不能超过 ${limit}`, `this kind of file may be at most ${limit}`);
  }
  const file = path.join(uploadsDir(context), upload.storage_path);
  // A WebP stored by upimg was never checked as a sticker.
  if (kind === 'sticker') await checkSticker(file, upload.size, 'content.upload').catch(rethrowUnlessMissing);
  let data: Blob;
  try {
    // node:buffer's Blob is the global one; only a DOM-typed build tells them apart.
    data = (await openAsBlob(file, { type: upload.content_type })) as Blob;
  } catch {
    throw errors.notFound(UPLOAD_NOT_FOUND);
  }
  const connection = await numberClient(context, scope.tenantId, state.numberId);
  // The number went to the recycle bin meanwhile: its conversations cannot be answered.
  if (!connection) throw errors.notFound(CONVERSATION_NOT_FOUND);
  try {
    const uploaded = await connection.client.uploadMedia(connection.number.phoneNumberId, {
      data,
      mimeType: upload.content_type,
      filename: upload.original_name,
    });
    return { mediaId: uploaded.id, originalName: upload.original_name };
  } catch (error) {
    throw cloudApiFailure(error, 'content.upload');
  }
}
