import { REPLY_MEDIA, type ReplyMediaKind } from '@ws/contract';
import { errors } from '../../platform/http/errors.js';

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

/**
 * A stored file (its type found in the content when it was uploaded) may be sent as `kind`: one
 * of the types Meta takes for it, within that kind's size. Otherwise a 400 naming `field`.
 */
export function checkUploadKind(
  upload: { content_type: string; size: number },
  kind: ReplyMediaKind,
  field: string,
): void {
  const { maxBytes, types } = REPLY_MEDIA[kind];
  if (!types.includes(upload.content_type)) {
    const { zh, en } = KIND_TYPES[kind];
    throw errors.invalid(
      field,
      `${zh}（此文件为 ${upload.content_type}）`,
      `${en} (this file is ${upload.content_type})`,
    );
  }
  if (upload.size > maxBytes) {
    const limit = maxBytes < 1024 * 1024 ? `${maxBytes / 1024} KB` : `${maxBytes / 1024 / 1024} MB`;
    throw errors.invalid(field, `此类文件不能超过 ${limit}`, `this kind of file may be at most ${limit}`);
  }
}
