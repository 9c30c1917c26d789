import { expect } from 'vitest';
import { multipart } from '../../test/multipart.js';
import type { SignedIn } from '../../test/tenants.js';
import type { TestApp } from '../../test/test-app.js';

/** A small PNG: its signature and header are what the checks read. */
export const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);

/** `upimg` of a picture as the console sends it; its url. */
export async function uploadPicture(t: TestApp, user: SignedIn, content = PNG, fileName = 'logo.png'): Promise<string> {
  const form = multipart('file', fileName, 'image/png', content);
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/upimg',
    headers: { ...form.headers, token: user.token },
    payload: form.payload,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data.url as string;
}

/** `profile/add`, expected to succeed; the set. */
export async function addSet(t: TestApp, user: SignedIn, body: object) {
  const reply = await t.post('/api/profile/add', { token: user.token, body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
}
