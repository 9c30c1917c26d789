import { z } from 'zod';
import { defineCall } from './call.js';
import { envelopeOf } from './envelope.js';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export const UploadedImage = z.object({
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  type: z.enum(IMAGE_TYPES),
});

export const systemCalls = {
  ping: defineCall({
    id: 'system.ping',
    method: 'GET',
    path: '/api/ping',
    tag: 'system',
    summary: 'Round-trip probe for the network indicator; answers from memory',
    access: 'public',
    kind: 'read',
    reply: envelopeOf(z.object({ time: z.number() })),
  }),
  uploadImage: defineCall({
    id: 'system.upimg',
    method: 'POST',
    path: '/api/upimg',
    tag: 'system',
    summary: 'Store an image (multipart field `file`; JPEG, PNG, GIF or WebP by content; at most 5 MB)',
    access: 'signed-in',
    kind: 'create',
    multipart: true,
    reply: envelopeOf(UploadedImage),
  }),
} as const;
