import { z } from 'zod';
import { parseGraphInput, requestedFields } from '../graph-input.js';
import { callFields, type GraphRoutes } from '../graph-router.js';

const VERTICALS = [
  'UNDEFINED',
  'OTHER',
  'AUTO',
  'BEAUTY',
  'APPAREL',
  'EDU',
  'ENTERTAIN',
  'EVENT_PLAN',
  'FINANCE',
  'GROCERY',
  'GOVT',
  'HOTEL',
  'HEALTH',
  'NONPROFIT',
  'PROF_SERVICES',
  'RETAIL',
  'TRAVEL',
  'RESTAURANT',
  'NOT_A_BIZ',
  'ALCOHOL',
  'ONLINE_GAMBLING',
  'PHYSICAL_GAMBLING',
  'OTC_DRUGS',
] as const;

/** The business profile update, with Meta's length limits. */
const ProfileUpdateSchema = z.looseObject({
  messaging_product: z.literal('whatsapp'),
  about: z.string().min(1).max(139).optional(),
  address: z.string().max(256).optional(),
  description: z.string().max(512).optional(),
  email: z.email().max(128).optional(),
  vertical: z.enum(VERTICALS).optional(),
  websites: z
    .array(
      z
        .string()
        .max(256)
        .regex(/^https?:\/\//, 'must start with http:// or https://'),
    )
    .max(2)
    .optional(),
  profile_picture_handle: z.string().min(1).optional(),
});

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
      const input = parseGraphInput(ProfileUpdateSchema, callFields(call));
      const { profile } = call.object.number;
      const { messaging_product: _product, profile_picture_handle: handle, ...fields } = input;
      for (const key of ['about', 'address', 'description', 'email', 'vertical', 'websites'] as const) {
        if (fields[key] !== undefined) Object.assign(profile, { [key]: fields[key] });
      }
      if (handle) {
        profile.profile_picture_url = `${call.sandbox.baseUrl}/_sandbox/profile-pictures/${encodeURIComponent(handle)}`;
      }
      call.sandbox.store.changed();
      return { success: true };
    },
  },
};
