import { z } from 'zod';
import { defineCall } from './call.js';
import { envelopeOf } from './envelope.js';

/**
 * The files an agent sends in a reply (issue 17): stored by `inbox/upload`, checked by their
 * content, then handed to the number's Cloud API media store when `inbox/send` names them.
 * The types and sizes are Meta's for messages sent by media id (Cloud API "Supported media types").
 */

const MB = 1024 * 1024;

export const REPLY_MEDIA_KINDS = ['image', 'audio', 'video', 'document', 'sticker'] as const;
export const ReplyMediaKind = z.enum(REPLY_MEDIA_KINDS);
export type ReplyMediaKind = z.infer<typeof ReplyMediaKind>;

export const DOCUMENT_TYPES = [
  'application/pdf',
  'text/plain',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;

/** Per kind: the most bytes Meta takes, and the types (found in the file's content) it takes. */
export const REPLY_MEDIA: Record<ReplyMediaKind, { maxBytes: number; types: readonly string[] }> = {
  image: { maxBytes: 5 * MB, types: ['image/jpeg', 'image/png'] },
  audio: { maxBytes: 16 * MB, types: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'] },
  video: { maxBytes: 16 * MB, types: ['video/mp4', 'video/3gpp'] },
  document: { maxBytes: 100 * MB, types: DOCUMENT_TYPES },
  /** 512×512 pixels; 100 KB when still, 500 KB when animated (STICKER_STILL_MAX_BYTES). */
  sticker: { maxBytes: 500 * 1024, types: ['image/webp'] },
};

/** A still sticker's limit; an animated one may take the kind's 500 KB. */
export const STICKER_STILL_MAX_BYTES = 100 * 1024;
/** A sticker's width and height in pixels. */
export const STICKER_PIXELS = 512;

/** Kinds whose messages take no caption on WhatsApp. */
export const UNCAPTIONED_KINDS: readonly ReplyMediaKind[] = ['audio', 'sticker'];

/** The largest file `inbox/upload` reads (a document's limit); a smaller kind's limit applies once the type is known. */
export const MAX_REPLY_MEDIA_BYTES = REPLY_MEDIA.document.maxBytes;

/** The kind of reply a stored file's type makes, or undefined when Meta takes no such file. */
export function replyMediaKindOf(type: string): ReplyMediaKind | undefined {
  return REPLY_MEDIA_KINDS.find((kind) => REPLY_MEDIA[kind].types.includes(type));
}

/** A stored file's url as `upimg` or `inbox/upload` answered it. */
export const UploadUrl = z
  .string()
  .regex(/^\/uploads\/[\w./-]{1,250}$/, 'must be the url upimg or inbox/upload answered');

export const UploadedReplyMedia = z.object({
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  /** The type found in the content (not the name). */
  type: z.string(),
  kind: ReplyMediaKind,
});
export type UploadedReplyMedia = z.infer<typeof UploadedReplyMedia>;

/** The media variants of `OutgoingContent` (the rest is in `inbox.ts`). Audio and stickers take no caption on WhatsApp. */
const caption = z.string().trim().max(1024).optional();
export const OutgoingMedia = [
  z.object({ type: z.literal('image'), upload: UploadUrl, caption }),
  z.object({ type: z.literal('video'), upload: UploadUrl, caption }),
  z.object({ type: z.literal('audio'), upload: UploadUrl }),
  z.object({ type: z.literal('sticker'), upload: UploadUrl }),
  z.object({
    type: z.literal('document'),
    upload: UploadUrl,
    caption,
    /** The name the customer sees; the uploaded file's name when absent. */
    filename: z.string().trim().min(1).max(240).optional(),
  }),
] as const;

export const inboxMediaCalls = {
  inboxUpload: defineCall({
    id: 'inbox.upload',
    method: 'POST',
    path: '/api/inbox/upload',
    tag: 'inbox',
    summary:
      'Store a file to send in a reply (multipart field `file`): an image (JPEG, PNG, 5 MB), audio (AAC, AMR, MP3, M4A, OGG, 16 MB), video (MP4, 3GPP, 16 MB), document (PDF, text, Office, 100 MB) or sticker (WebP 512×512, 100 KB, animated 500 KB), by content',
    access: ['admin', 'operator', 'seat'],
    kind: 'create',
    multipart: true,
    reply: envelopeOf(UploadedReplyMedia),
  }),
} as const;
