import { expect } from 'vitest';
import { multipart } from '../../test/multipart.js';
import type { SignedIn } from '../../test/tenants.js';
import type { Reply, TestApp } from '../../test/test-app.js';

/** `mater/upload` of one file as the console sends it. */
export async function uploadFile(
  t: TestApp,
  user: SignedIn,
  fileName: string,
  type: string,
  content: Buffer,
  language: 'zh' | 'en' = 'zh',
): Promise<Reply> {
  const form = multipart('file', fileName, type, content);
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/mater/upload',
    headers: { ...form.headers, token: user.token, 'accept-language': language },
    payload: form.payload,
  });
  return { status: reply.statusCode, body: reply.json(), headers: reply.headers } as Reply;
}

/** A stored file's url, the upload expected to succeed. */
export async function uploadedUrl(t: TestApp, user: SignedIn, fileName: string, type: string, content: Buffer) {
  const reply = await uploadFile(t, user, fileName, type, content);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data.url as string;
}

/** `mater/add`, expected to succeed; the material. */
export async function addMaterial(t: TestApp, user: SignedIn, body: object) {
  const reply = await t.post('/api/mater/add', { token: user.token, body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
}
