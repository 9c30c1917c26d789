import { GraphError, graphErrors } from '../graph-errors.js';
import type { GraphRoutes } from '../graph-router.js';
import { multipartFields, type SandboxReply } from '../http.js';
import { storeMedia } from '../inbound.js';
import type { Sandbox } from '../sandbox.js';
import type { SandboxMedia, SandboxNumber } from '../state.js';

const MB = 1024 * 1024;

/** Meta's supported media types and their size limits. */
const MEDIA_LIMITS: Record<string, number> = {
  'audio/aac': 16 * MB,
  'audio/amr': 16 * MB,
  'audio/mpeg': 16 * MB,
  'audio/mp4': 16 * MB,
  'audio/ogg': 16 * MB,
  'text/plain': 100 * MB,
  'application/pdf': 100 * MB,
  'application/vnd.ms-powerpoint': 100 * MB,
  'application/msword': 100 * MB,
  'application/vnd.ms-excel': 100 * MB,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 100 * MB,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 100 * MB,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 100 * MB,
  'image/jpeg': 5 * MB,
  'image/png': 5 * MB,
  'image/webp': 500 * 1024,
  'video/mp4': 16 * MB,
  'video/3gpp': 16 * MB,
};
/** The largest upload body the server reads (the document limit plus multipart overhead). */
export const MAX_UPLOAD_BYTES = 101 * MB;

/** Where a media file is downloaded: a lookaside-style URL that wants the same bearer token. */
function downloadUrl(sandbox: Sandbox, media: SandboxMedia): string {
  const ext = media.mimeType.split('/')[1]?.replace(/[^a-z0-9]/gi, '') ?? 'bin';
  return `${sandbox.baseUrl}/whatsapp_business/attachments/?mid=${media.id}&ext=${ext}&hash=${encodeURIComponent(media.sha256.slice(0, 16))}`;
}

async function upload(sandbox: Sandbox, number: SandboxNumber, contentType: string | undefined, raw: Buffer) {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data')) {
    throw graphErrors.invalidParameter('body: must be multipart/form-data with messaging_product, type and file');
  }
  let form: FormData;
  try {
    form = await multipartFields(contentType, raw);
  } catch {
    throw graphErrors.invalidParameter('body: not a valid multipart/form-data body');
  }
  if (form.get('messaging_product') !== 'whatsapp') {
    throw graphErrors.missingParameter('messaging_product: must be whatsapp');
  }
  const file = form.get('file');
  if (!(file instanceof Blob)) throw graphErrors.missingParameter('file: a file part is required');
  const declared = form.get('type');
  const mimeType = (typeof declared === 'string' && declared ? declared : file.type).split(';')[0]?.trim() ?? '';
  const limit = MEDIA_LIMITS[mimeType];
  if (limit === undefined) throw graphErrors.mediaUpload(`type: ${mimeType || '(none)'} is not a supported media type`);
  if (file.size > limit)
    throw graphErrors.mediaUpload(`file: ${file.size} bytes is over the ${limit}-byte limit for ${mimeType}`);
  const media = storeMedia(sandbox, number.wabaId, mimeType, Buffer.from(await file.arrayBuffer()));
  return { id: media.id };
}

export const mediaRoutes: GraphRoutes = {
  number: {
    'POST media': (call) => upload(call.sandbox, call.object.number, call.contentType, call.rawBody),
  },
  media: {
    'GET ': (call) => {
      const { media } = call.object;
      return {
        messaging_product: 'whatsapp',
        url: downloadUrl(call.sandbox, media),
        mime_type: media.mimeType,
        sha256: media.sha256,
        file_size: media.fileSize,
        id: media.id,
      };
    },
    'DELETE ': (call) => {
      call.sandbox.store.media.delete(call.object.id);
      call.sandbox.store.changed();
      return { success: true };
    },
  },
};

/** `GET /whatsapp_business/attachments/?mid=…`: the file, for a token of the media's business account. */
export function downloadMedia(sandbox: Sandbox, caller: SandboxNumber, query: URLSearchParams): SandboxReply {
  const id = query.get('mid') ?? '';
  const media = sandbox.store.media.get(id);
  if (!media || media.wabaId !== caller.wabaId) throw graphErrors.unknownObject(id, 'GET');
  if (!media.data) {
    throw new GraphError(404, {
      ...graphErrors.unknownObject(id, 'GET').body,
      message: 'Media file is no longer available',
    });
  }
  return { status: 200, raw: { data: media.data, contentType: media.mimeType } };
}
