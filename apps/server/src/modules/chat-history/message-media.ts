import { PassThrough, type Readable } from 'node:stream';
import { MEDIA_MESSAGE_TYPES, type MediaQuery } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import type { FileReply } from '../../platform/http/file-route.js';
import { createCloudApiClient } from '../../whatsapp/cloud-api/client.js';
import { CloudApiError, MetaApiError } from '../../whatsapp/cloud-api/errors.js';
import { loadSendingNumber } from '../../whatsapp/numbers/number-repository.js';
import { selectMediaMessage, type Thread } from './media-repository.js';

const MEDIA_TYPES: ReadonlySet<string> = new Set(MEDIA_MESSAGE_TYPES);
const noMedia = () => errors.notFound({ zh: '媒体文件', en: 'Media' });

interface MediaObject {
  id?: unknown;
  mime_type?: unknown;
  filename?: unknown;
}

/**
 * The file of a media message, fetched from the Cloud API with the token of the number that holds
 * the message: the lookup gives a short-lived URL, which is downloaded with the same token and
 * streamed on to the client. Media sent by link, or of a number in the recycle bin, has nothing to
 * fetch. With `thread`, only a message of that conversation is found (the inbox's media).
 */
export async function messageMedia(
  context: AppContext,
  scope: Scope,
  query: MediaQuery,
  thread?: Thread,
): Promise<FileReply> {
  const message = await selectMediaMessage(context.pool, scope, query.messageId, query.createdAt, thread);
  if (!message) throw errors.notFound({ zh: '消息', en: 'Message' });
  const media = MEDIA_TYPES.has(message.type) ? (message.body[message.type] as MediaObject | undefined) : undefined;
  if (typeof media?.id !== 'string' || media.id === '') throw noMedia();
  const number = await loadSendingNumber(context.pool, context.whatsapp.tokenCipher, scope.tenantId, message.number_id);
  if (!number) throw noMedia();

  const client = createCloudApiClient({
    baseUrl: number.apiBaseUrl,
    version: number.apiVersion,
    accessToken: number.accessToken,
    proxyUrl: number.egressProxy,
  });
  try {
    const info = await client.getMedia(media.id, { phoneNumberId: number.phoneNumberId });
    const file = await client.downloadMedia(info.url);
    const contentType = safeType(info.mime_type || file.contentType || '');
    return {
      fileName: fileNameOf(media, message.type, contentType),
      // Streamed through as Meta sends it (up to 100 MB), never held whole in memory.
      body: replyBody(file.body),
      headers: {
        // The real type, so the console can show it; nosniff and the attachment disposition keep a
        // file opened directly from running as a page of ours.
        'content-type': contentType,
        'x-content-type-options': 'nosniff',
        // The size lets the browser show progress, and makes a cut-off transfer detectable as such.
        ...(file.contentLength === undefined ? {} : { 'content-length': String(file.contentLength) }),
      },
    };
  } catch (error) {
    throw unavailable(error);
  }
}

/** A MIME type as a header may carry it; anything else is served as opaque bytes. */
function safeType(mimeType: string): string {
  const type = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  return /^[a-z]+\/[a-z0-9.+-]+$/.test(type) ? type : 'application/octet-stream';
}

function fileNameOf(media: MediaObject, type: string, contentType: string): string {
  if (typeof media.filename === 'string' && media.filename.trim()) return media.filename.trim();
  const extension = contentType.split('/')[1]?.replace(/[^a-z0-9]/g, '') || 'bin';
  return `${type}.${extension}`;
}

/** Meta no longer has the file (media expires), or could not be reached. */
function unavailable(error: unknown): unknown {
  if (error instanceof MetaApiError) {
    return new AppError('notFound', {
      zh: `媒体文件已无法从 Cloud API 获取：${error.title}`,
      en: `The media is no longer available from the Cloud API: ${error.title}`,
    });
  }
  if (error instanceof CloudApiError) return unreachable();
  return error;
}

const unreachable = () =>
  new AppError('unavailable', {
    zh: '暂时无法连接 Cloud API，请稍后重试',
    en: 'The Cloud API cannot be reached right now, please try again later',
  });

/**
 * The download as the reply's body. A connection to Meta that breaks fails the body with the call's
 * own 503 (answered as such when no byte has gone out yet), not with a bare socket error; and a
 * client that goes away stops the download.
 */
function replyBody(download: Readable): Readable {
  const body = new PassThrough();
  download.on('error', () => body.destroy(unreachable()));
  body.on('close', () => download.destroy());
  return download.pipe(body);
}
