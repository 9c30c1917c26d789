import type { Blob } from 'node:buffer';
import { openAsBlob } from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../platform/http/context.js';
import { errors, type LocalizedText } from '../../platform/http/errors.js';
import { cloudApiFailure } from '../../whatsapp/numbers/cloud-api-failure.js';
import type { numberClient } from '../../whatsapp/numbers/number-client.js';
import { uploadsDir } from './store-image.js';
import { saveMediaId, selectLiveMediaId } from './upload-media-repository.js';
import type { StoredUpload } from './upload-repository.js';

/** Meta keeps an uploaded file 30 days; its id is reused while a day of that is left. */
const MEDIA_LIFETIME_SECONDS = 30 * 24 * 3600;
const REUSE_MARGIN_SECONDS = 24 * 3600;

export type NumberConnection = NonNullable<Awaited<ReturnType<typeof numberClient>>>;

/**
 * A stored file's media id in the number's Cloud API media store: handed over (streamed from
 * disk) on its first use by that number, then reused until it nears Meta's expiry, when it is
 * handed over again. Waits for Meta: call it outside any transaction. A file gone from disk is a
 * 404 naming `missing`; Meta's refusal is the call's error naming `field`.
 */
export async function cloudMediaIdOf(
  context: AppContext,
  connection: NumberConnection,
  upload: StoredUpload,
  field: string,
  missing: LocalizedText,
): Promise<string> {
  const { tenantId, id: numberId } = connection.number;
  const known = await selectLiveMediaId(context.pool, tenantId, upload.id, numberId, REUSE_MARGIN_SECONDS);
  if (known) return known;
  let data: Blob;
  try {
    // node:buffer's Blob is the global one; only a DOM-typed build tells them apart.
    data = (await openAsBlob(path.join(uploadsDir(context), upload.storage_path), {
      type: upload.content_type,
    })) as Blob;
  } catch {
    throw errors.notFound(missing);
  }
  let mediaId: string;
  try {
    ({ id: mediaId } = await connection.client.uploadMedia(connection.number.phoneNumberId, {
      data,
      mimeType: upload.content_type,
      filename: upload.original_name,
    }));
  } catch (error) {
    throw cloudApiFailure(error, field);
  }
  await saveMediaId(context.pool, tenantId, upload.id, numberId, mediaId, MEDIA_LIFETIME_SECONDS);
  return mediaId;
}
