import { randomBytes } from 'node:crypto';
import { createWriteStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AudienceUploadFields,
  MAX_AUDIENCE_FILE_BYTES,
  MAX_AUDIENCE_ROWS,
  MAX_EVIDENCE_FILE_BYTES,
  MAX_PASTED_BYTES,
} from '@ws/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { parseInput } from '../../platform/http/validation.js';
import { sniffImageType } from '../uploads/image-type.js';

/** A list's file as it was stored, before anything in it is read. */
export interface AudienceUpload {
  fields: AudienceUploadFields;
  fileName: string;
  /** Absolute path of the stored file; relative to `audiencesDir` in `relativePath`. */
  filePath: string;
  relativePath: string;
  size: number;
  /** Line ends counted while the file streamed in: more than the row limit is refused at once. */
  lines: number;
  pasted: boolean;
  /** The proof of consent, stored beside the list as `<filePath>.evidence`. */
  evidence: { name: string; type: string; size: number } | null;
}

export function audiencesDir(context: { config: Pick<AppContext['config'], 'dataDir'> }): string {
  return path.join(context.config.dataDir, 'audiences');
}

const GIGABYTES = MAX_AUDIENCE_FILE_BYTES / 1024 ** 3;
const tooLarge = () =>
  new AppError('tooLarge', {
    zh: `file: 文件不能超过 ${GIGABYTES} GB`,
    en: `file: the file may be at most ${GIGABYTES} GB`,
  });
const missingFile = () =>
  errors.invalid(
    'file',
    '请以 multipart/form-data 上传名为 file 的 CSV 或 XLSX 文件，或在 lines 中粘贴号码',
    'send the CSV or XLSX file as multipart/form-data field "file", or paste the numbers in "lines"',
  );
const tooManyRows = () =>
  errors.invalid(
    'file',
    `文件不能超过 ${MAX_AUDIENCE_ROWS.toLocaleString('en')} 行`,
    `the file may have at most ${MAX_AUDIENCE_ROWS.toLocaleString('en')} rows`,
  );

/** Counts line ends of what passes through, without holding any of it. */
class LineCounter extends Transform {
  lines = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    let at = chunk.indexOf(0x0a);
    while (at !== -1) {
      this.lines += 1;
      at = chunk.indexOf(0x0a, at + 1);
    }
    this.push(chunk);
    done();
  }
}

/**
 * The multipart form of `data/add`: the `file` part streams to DATA_DIR/audiences/<tenant>/ (never
 * into memory, at most 1 GB), or the `lines` field is written there; the other fields are checked
 * against the contract. Whatever fails, nothing is left on disk.
 */
export async function readAudienceUpload(
  context: AppContext,
  tenantId: string,
  request: FastifyRequest,
): Promise<AudienceUpload> {
  if (!request.isMultipart()) throw missingFile();
  const relativePath = path.posix.join(tenantId, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  const filePath = path.join(audiencesDir(context), relativePath);
  await fs.mkdir(path.dirname(filePath), { recursive: true });
  const values: Record<string, string> = {};
  let stored: { fileName: string; size: number; lines: number; pasted: boolean } | undefined;
  let evidence: AudienceUpload['evidence'] = null;
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_AUDIENCE_FILE_BYTES, files: 2, fields: 20, parts: 25, fieldSize: MAX_PASTED_BYTES },
    });
    for await (const part of parts) {
      if (part.type === 'file' && part.fieldname === 'evidence' && !evidence) {
        evidence = await storeEvidence(part.file, `${filePath}.evidence`, part.filename);
      } else if (part.type === 'file') {
        if (part.fieldname !== 'file' || stored) {
          part.file.resume();
          continue;
        }
        const counter = new LineCounter();
        await pipeline(part.file, counter, createWriteStream(filePath, { flags: 'wx' }));
        if (part.file.truncated) throw tooLarge();
        const { size } = await fs.stat(filePath);
        stored = { fileName: baseName(part.filename), size, lines: counter.lines, pasted: false };
      } else if (part.fieldname === 'lines') {
        if (part.valueTruncated)
          throw errors.invalid('lines', '粘贴内容过多', `may be at most ${MAX_PASTED_BYTES} bytes`);
        const text = String(part.value);
        if (!stored && text.trim() !== '') {
          await fs.writeFile(filePath, text, { flag: 'wx' });
          stored = { fileName: 'pasted.txt', size: Buffer.byteLength(text), lines: countLines(text), pasted: true };
        }
      } else if (typeof part.value === 'string') {
        values[part.fieldname] = part.value;
      }
    }
    if (!stored) throw missingFile();
    if (stored.lines > MAX_AUDIENCE_ROWS + 1) throw tooManyRows();
    const fields = parseInput(AudienceUploadFields, withoutBlanks(values), 'body');
    return { fields, filePath, relativePath, ...stored, evidence };
  } catch (error) {
    await fs.rm(filePath, { force: true });
    await fs.rm(`${filePath}.evidence`, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
}

/** A form's empty fields are absent ones (a browser sends every field of the form). */
function withoutBlanks(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}

const baseName = (name: string) => name.split(/[\\/]/).pop()?.slice(0, 200) || 'list';
const countLines = (text: string) => text.split('\n').length;

const evidenceError = () =>
  errors.invalid(
    'evidence',
    '须为 PDF 或图片（JPEG、PNG、GIF、WebP），不超过 10 MB',
    'must be a PDF or an image (JPEG, PNG, GIF, WebP) of at most 10 MB',
  );

/** Streams the evidence part to disk (at most MAX_EVIDENCE_FILE_BYTES) and checks its type by content. */
async function storeEvidence(file: Readable, target: string, originalName: string) {
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > MAX_EVIDENCE_FILE_BYTES ? evidenceError() : null, chunk);
    },
  });
  await pipeline(file, limit, createWriteStream(target, { flags: 'wx' }));
  const handle = await fs.open(target, 'r');
  const head = Buffer.alloc(16);
  try {
    await handle.read(head, 0, 16, 0);
  } finally {
    await handle.close();
  }
  const type = head.subarray(0, 5).toString('latin1') === '%PDF-' ? 'application/pdf' : sniffImageType(head)?.type;
  if (!type || size === 0) throw evidenceError();
  return { name: baseName(originalName).slice(0, 200), type, size };
}
