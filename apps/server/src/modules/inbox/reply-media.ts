import path from 'node:path';
import type { ReplyMediaKind } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { numberClient } from '../../whatsapp/numbers/number-client.js';
import { cloudMediaIdOf } from '../uploads/cloud-media.js';
import { checkSticker } from '../uploads/sticker-shape.js';
import { UPLOADS_URL_PREFIX, uploadsDir } from '../uploads/store-image.js';
import { checkUploadKind } from '../uploads/upload-kind.js';
import { selectUpload } from '../uploads/upload-repository.js';
import type { ConversationState } from './conversation-repository.js';
import { CONVERSATION_NOT_FOUND } from './inbox-access.js';

const UPLOAD_NOT_FOUND = { zh: 'content.upload: 文件', en: 'content.upload: File' };

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
 * A file the tenant uploaded (`upimg`, `inbox/upload`, `mater/upload`), as a media id of the
 * conversation's number (`cloudMediaIdOf`: handed over on first use, then reused until it
 * expires). The stored type (found in the content when it was uploaded) must be one Meta takes
 * for the message's kind, within that kind's size. Done before the reply is queued, outside any
 * transaction (it may wait for Meta); a refusal is the call's error, nothing is queued.
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
  checkUploadKind(upload, kind, 'content.upload');
  const file = path.join(uploadsDir(context), upload.storage_path);
  // A WebP stored by upimg was never checked as a sticker.
  if (kind === 'sticker') await checkSticker(file, upload.size, 'content.upload').catch(rethrowUnlessMissing);
  const connection = await numberClient(context, scope.tenantId, state.numberId);
  // The number went to the recycle bin meanwhile: its conversations cannot be answered.
  if (!connection) throw errors.notFound(CONVERSATION_NOT_FOUND);
  const mediaId = await cloudMediaIdOf(context, connection, upload, 'content.upload', UPLOAD_NOT_FOUND);
  return { mediaId, originalName: upload.original_name };
}
