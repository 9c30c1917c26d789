import { IMPORT_TARGETS, ImportTarget, MAX_IMPORT_FILE_BYTES } from '@ws/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, errors } from '../../platform/http/errors.js';

export interface ImportUpload {
  fileName: string;
  content: Buffer;
  target: ImportTarget;
}

const MAX_MEGABYTES = MAX_IMPORT_FILE_BYTES / 1024 / 1024;

const missingFile = () =>
  errors.invalid(
    'file',
    '请以 multipart/form-data 上传名为 file 的 CSV 或 XLSX 文件',
    'send the CSV or XLSX file as multipart/form-data field "file"',
  );
const tooLarge = () =>
  new AppError('tooLarge', {
    zh: `file: 文件不能超过 ${MAX_MEGABYTES} MB`,
    en: `file: the file may be at most ${MAX_MEGABYTES} MB`,
  });

/**
 * The multipart upload: the `file` part (at most 5 MB, in memory) and the optional `target` field,
 * in either order. Other parts are ignored.
 */
export async function readUpload(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart()) throw missingFile();
  let file: { fileName: string; content: Buffer } | undefined;
  let targetText: string | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_IMPORT_FILE_BYTES, files: 1, fields: 5, parts: 10, fieldSize: 100 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        // toBuffer stops at the limit and marks the stream truncated instead of always throwing.
        if (part.file.truncated) throw tooLarge();
        if (part.fieldname === 'file') file = { fileName: part.filename, content };
      } else if (part.fieldname === 'target') {
        targetText = String(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (!file) throw missingFile();
  const target = ImportTarget.safeParse(targetText?.trim() || 'cloud');
  if (!target.success) {
    const choices = IMPORT_TARGETS.join(', ');
    throw errors.invalid('target', `须为 ${choices} 之一`, `must be one of ${choices}`);
  }
  const fileName = file.fileName.split(/[\\/]/).pop()?.slice(0, 200) || 'import';
  return { fileName, content: file.content, target: target.data };
}
