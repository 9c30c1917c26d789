import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { cloudApiFailure } from '../../whatsapp/numbers/cloud-api-failure.js';
import { numberClient } from '../../whatsapp/numbers/number-client.js';
import { UPLOADS_URL_PREFIX, uploadsDir } from '../uploads/store-image.js';
import { selectUpload } from '../uploads/upload-repository.js';
import type { ConversationState } from './conversation-repository.js';
import { CONVERSATION_NOT_FOUND } from './inbox-access.js';

const UPLOAD_NOT_FOUND = { zh: 'content.upload: 图片', en: 'content.upload: Image' };

/**
 * An image the tenant uploaded (`upimg`), handed to the Cloud API media store of the
 * conversation's number: its media id is what the message names. Done before the reply is queued,
 * outside any transaction (it waits for Meta); a refusal is the call's error, nothing is queued.
 */
export async function mediaIdOfUpload(
  context: AppContext,
  scope: Scope,
  state: ConversationState,
  url: string,
): Promise<string> {
  const storagePath = url.slice(UPLOADS_URL_PREFIX.length);
  const upload = await selectUpload(context.pool, scope, storagePath);
  if (!upload || storagePath.split('/').includes('..')) throw errors.notFound(UPLOAD_NOT_FOUND);
  let data: Buffer;
  try {
    data = await fs.readFile(path.join(uploadsDir(context), upload.storage_path));
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
    return uploaded.id;
  } catch (error) {
    throw cloudApiFailure(error, 'content.upload');
  }
}
