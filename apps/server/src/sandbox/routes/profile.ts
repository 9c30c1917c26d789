import { randomBytes } from 'node:crypto';
import { PROFILE_VERTICALS } from '@ws/contract';
import { z } from 'zod';
import { graphErrors } from '../graph-errors.js';
import { parseGraphInput, requestedFields } from '../graph-input.js';
import { callFields, type GraphRoutes } from '../graph-router.js';
import type { SandboxReply } from '../http.js';
import type { Sandbox } from '../sandbox.js';

/** Meta's business categories: the product keeps the list as Meta publishes it. */
const VERTICALS = PROFILE_VERTICALS;

/** Meta's rules for a website: an http(s) URL of at most 256 characters. */
const Website = z
  .string()
  .max(256)
  .regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// address');

/** The business profile update, with Meta's length limits. */
const ProfileUpdateSchema = z.looseObject({
  messaging_product: z.literal('whatsapp'),
  about: z.string().min(1).max(139).optional(),
  address: z.string().max(256).optional(),
  description: z.string().max(512).optional(),
  email: z.email().max(128).optional(),
  vertical: z.enum(VERTICALS).optional(),
  websites: z.array(Website).max(2, 'at most 2 websites').optional(),
  profile_picture_handle: z.string().min(1).optional(),
});

/** Where a profile's picture is served: `/_sandbox/profile-pictures/{key}`. */
export const PROFILE_PICTURES = 'profile-pictures';
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Whether the bytes are a JPEG or PNG image: what a WhatsApp profile picture may be. */
function isPicture(bytes: Buffer): boolean {
  return bytes.subarray(0, 3).equals(JPEG) || bytes.subarray(0, 8).equals(PNG);
}

/** A picture a profile shows, as raw bytes; a 404 when the key is unknown. */
export function profilePicture(sandbox: Sandbox, path: string): SandboxReply {
  const key = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  const file = sandbox.uploads.pictures.get(key);
  if (!file) return { status: 404, body: { error: { message: `${PROFILE_PICTURES}: ${key} is not known` } } };
  const contentType = file.bytes.subarray(0, 3).equals(JPEG) ? 'image/jpeg' : 'image/png';
  return { status: 200, raw: { data: file.bytes, contentType } };
}

export const profileRoutes: GraphRoutes = {
  number: {
    'GET whatsapp_business_profile': (call) => {
      const fields = requestedFields(call.query);
      const profile: Record<string, unknown> = { ...call.object.number.profile };
      const view = fields
        ? Object.fromEntries(Object.entries(profile).filter(([key]) => fields.includes(key)))
        : profile;
      return { data: [{ ...view, messaging_product: 'whatsapp' }] };
    },
    'POST whatsapp_business_profile': (call) => {
      const { sandbox } = call;
      const input = parseGraphInput(ProfileUpdateSchema, callFields(call));
      const { number } = call.object;
      const { messaging_product: _product, profile_picture_handle: handle, ...fields } = input;
      // A handle is checked before the rate limit counts the call, as a bad request is never taken.
      const picture = handle === undefined ? undefined : sandbox.uploads.fileOf(handle, number.wabaId);
      if (handle !== undefined && !picture) {
        throw graphErrors.invalidParameter("profile_picture_handle: not a handle this app's upload session issued");
      }
      if (picture && !isPicture(picture.bytes)) {
        throw graphErrors.invalidParameter('profile_picture_handle: the file must be a JPEG or PNG image');
      }
      const { limits } = sandbox.settings;
      if (limits.profileUpdateRefusals > 0) {
        limits.profileUpdateRefusals -= 1;
        throw graphErrors.wabaRateLimit();
      }
      const { profile } = number;
      for (const key of ['about', 'address', 'description', 'email', 'vertical', 'websites'] as const) {
        if (fields[key] !== undefined) Object.assign(profile, { [key]: fields[key] });
      }
      if (picture) {
        const key = randomBytes(12).toString('base64url');
        sandbox.uploads.pictures.set(key, picture);
        profile.profile_picture_url = `${sandbox.baseUrl}/_sandbox/${PROFILE_PICTURES}/${key}`;
      }
      sandbox.store.changed();
      return { success: true };
    },
  },
};
