import { promises as fs } from 'node:fs';
import path from 'node:path';
import { REPLY_MEDIA, type ReplyMediaKind, replyMediaKindOf } from '@ws/contract';
import { loadFileType } from '../../platform/lazy-libraries.js';

/** file-type's names for what Meta calls otherwise (Meta takes OGG audio with the Opus codec only). */
const META_TYPE: Record<string, string> = {
  'audio/x-m4a': 'audio/mp4',
  'audio/ogg; codecs=opus': 'audio/ogg',
};
const OGG_WITHOUT_OPUS = 'audio/ogg';

/** Word, Excel and PowerPoint's old formats share one container; only the name tells them apart. */
const COMPOUND_FILE_TYPES: Record<string, string> = {
  '.doc': 'application/msword',
  '.xls': 'application/vnd.ms-excel',
  '.ppt': 'application/vnd.ms-powerpoint',
};

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'application/msword': 'doc',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
};

const TEXT_SAMPLE_BYTES = 64 * 1024;

/** Plain text: no signature, and its first bytes are UTF-8 without control characters other than white space. */
async function looksLikeText(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const sample = Buffer.alloc(TEXT_SAMPLE_BYTES);
    const { bytesRead } = await handle.read(sample, 0, TEXT_SAMPLE_BYTES, 0);
    if (bytesRead === 0) return false;
    // stream: a character cut at the sample's end is not an error.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, bytesRead), { stream: true });
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what binary files have.
    return !/[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/.test(text);
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

export interface ReplyMediaType {
  type: string;
  kind: ReplyMediaKind;
  extension: string;
}

/**
 * What a stored file is, from its content (its signature; the name only picks among Office's
 * old formats, which share one container), if Meta takes it in a reply.
 */
export async function sniffReplyMedia(file: string, originalName: string): Promise<ReplyMediaType | undefined> {
  const { fileTypeFromFile } = await loadFileType();
  const found = await fileTypeFromFile(file);
  let type: string | undefined;
  if (!found) type = (await looksLikeText(file)) ? 'text/plain' : undefined;
  else if (found.mime === 'application/x-cfb') type = COMPOUND_FILE_TYPES[path.extname(originalName).toLowerCase()];
  else if (found.mime !== OGG_WITHOUT_OPUS) type = META_TYPE[found.mime] ?? found.mime;
  const kind = type ? replyMediaKindOf(type) : undefined;
  if (!type || !kind) return undefined;
  return { type, kind, extension: EXTENSIONS[type] ?? 'bin' };
}

export const replyMediaLimit = (kind: ReplyMediaKind) => REPLY_MEDIA[kind].maxBytes;
