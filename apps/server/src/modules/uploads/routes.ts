import { promises as fs } from 'node:fs';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { calls, MAX_IMAGE_BYTES } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { route } from '../../platform/http/route.js';
import { storeImage, UPLOADS_URL_PREFIX, uploadsDir } from './store-image.js';

const missingFile = () =>
  new AppError('invalidInput', {
    zh: 'file: 请以 multipart/form-data 上传名为 file 的图片',
    en: 'file: send the image as multipart/form-data field "file"',
  });

export async function registerUploadRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await fs.mkdir(uploadsDir(context), { recursive: true });
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 20 } });
  await app.register(fastifyStatic, {
    root: uploadsDir(context),
    prefix: UPLOADS_URL_PREFIX,
    decorateReply: false,
    index: false,
    immutable: true,
    maxAge: '365d',
  });

  route(app, context, calls.uploadImage, async ({ scope, request, audit }) => {
    if (!request.isMultipart()) throw missingFile();
    const file = await request.file();
    if (file?.fieldname !== 'file') throw missingFile();
    const content = await file.toBuffer();
    // toBuffer stops at the limit and marks the stream truncated instead of always throwing.
    if (file.file.truncated) throw errors.tooLarge();
    const stored = await storeImage(context, scope, content, file.filename);
    audit(stored.url);
    return stored;
  });
}
