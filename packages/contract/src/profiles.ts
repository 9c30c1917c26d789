import { z } from 'zod';
import { Id, IdList } from './auth.js';
import { defineCall } from './call.js';
import { BatchReply, envelopeOf } from './envelope.js';
import { UploadUrl } from './inbox-media.js';
import { listRequestOf, pageOf, textFilter } from './paging.js';

/**
 * Business profiles in bulk (issue 19, `/content/script`, decision 0025): profile sets (the fields
 * of Meta's `whatsapp_business_profile`, with Meta's limits) applied to many numbers at once as a
 * run with a result per number, rate limits (80007) waited out, failures retried, and each number's
 * current profile read back beside the set.
 */

const OPERATORS = ['admin', 'operator'] as const;

/** Meta's business categories (`vertical`), as the Business Profile API lists them. */
export const PROFILE_VERTICALS = [
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
export const ProfileVertical = z.enum(PROFILE_VERTICALS);
export type ProfileVertical = z.infer<typeof ProfileVertical>;

/** Meta's limits on each field (characters). */
export const PROFILE_LIMITS = {
  about: 139,
  description: 512,
  address: 256,
  email: 128,
  website: 256,
  websites: 2,
} as const;

const Website = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.website)
  .regex(/^https?:\/\/\S+$/, 'must start with http:// or https://');

/** A set's fields; an empty text (or no websites, no vertical, no picture) leaves that field as it is. */
const fields = {
  name: z.string().trim().min(1).max(64),
  about: z.string().trim().max(PROFILE_LIMITS.about).default(''),
  description: z.string().trim().max(PROFILE_LIMITS.description).default(''),
  address: z.string().trim().max(PROFILE_LIMITS.address).default(''),
  email: z
    .string()
    .trim()
    .max(PROFILE_LIMITS.email)
    .pipe(z.email().or(z.literal('')))
    .default(''),
  websites: z.array(Website).max(PROFILE_LIMITS.websites, 'at most 2 websites').default([]),
  vertical: ProfileVertical.or(z.literal('')).default(''),
  /** The profile picture: the url `upimg` answered or an `img` material's file url (JPEG or PNG). */
  picture: UploadUrl.or(z.literal('')).default(''),
};
export const ProfileSetInput = z.object(fields);
export type ProfileSetInput = z.infer<typeof ProfileSetInput>;
export const ProfileSetEdit = z.object({ id: Id, ...fields });
export type ProfileSetEdit = z.infer<typeof ProfileSetEdit>;

export const ProfileSet = z.object({
  id: Id,
  name: z.string(),
  about: z.string(),
  description: z.string(),
  address: z.string(),
  email: z.string(),
  websites: z.array(z.string()),
  vertical: z.string(),
  picture: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProfileSet = z.infer<typeof ProfileSet>;
export const ProfileSetFilter = listRequestOf({ search: textFilter(64) });
export type ProfileSetFilter = z.infer<typeof ProfileSetFilter>;

export const PROFILE_RUN_STATUSES = ['running', 'done'] as const;
export const ProfileRunStatus = z.enum(PROFILE_RUN_STATUSES);
/** A number's result: `pending` (to do, or waiting out a rate limit), `applied`, `failed`, `skipped` (gone, or already equal). */
export const PROFILE_RESULT_STATUSES = ['pending', 'applied', 'failed', 'skipped'] as const;
export const ProfileResultStatus = z.enum(PROFILE_RESULT_STATUSES);
export type ProfileResultStatus = z.infer<typeof ProfileResultStatus>;

export const ProfileRun = z.object({
  id: Id,
  set_id: Id,
  set_name: z.string(),
  status: ProfileRunStatus,
  total: z.number().int(),
  applied: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ProfileRun = z.infer<typeof ProfileRun>;
export const ProfileRunFilter = listRequestOf({ setId: Id.nullish() });

export const ProfileApply = z.object({ setId: Id, numberIds: IdList });
export const OneProfileRun = z.object({ runId: Id });
export const ProfileResultFilter = listRequestOf({ status: ProfileResultStatus.nullish() }).extend({ runId: Id });

/** The fields a profile can differ in from its set. */
export const PROFILE_FIELDS = ['about', 'description', 'address', 'email', 'websites', 'vertical', 'picture'] as const;
export const ProfileField = z.enum(PROFILE_FIELDS);

export const ProfileResult = z.object({
  number_id: Id,
  phone: z.string(),
  status: ProfileResultStatus,
  attempts: z.number().int(),
  /** Meta's error code and message of a failure (or of the rate limit a pending number waits out). */
  error_code: z.number().int().nullable(),
  error_message: z.string(),
  /** When a number waiting out a rate limit is tried again. */
  not_before: z.string().nullable(),
  updated_at: z.string(),
});
export const ProfileResultPage = pageOf(ProfileResult);

export const CurrentProfileRequest = z.object({ setId: Id, numberIds: IdList.pipe(z.array(Id).max(50)) });
export const CurrentProfile = z.object({
  number_id: Id,
  phone: z.string(),
  /** What Meta answers now; null when it could not be read (`error` says why). */
  profile: z
    .object({
      about: z.string(),
      description: z.string(),
      address: z.string(),
      email: z.string(),
      websites: z.array(z.string()),
      vertical: z.string(),
      profile_picture_url: z.string(),
    })
    .nullable(),
  /** The set's fields this profile does not show. */
  differences: z.array(ProfileField),
  error: z.string(),
});
export type CurrentProfile = z.infer<typeof CurrentProfile>;

export const profileCalls = {
  profileList: defineCall({
    id: 'profile.list',
    method: 'POST',
    path: '/api/profile/list',
    tag: 'profiles',
    summary: 'The business profile sets, newest first, searched by name',
    access: OPERATORS,
    kind: 'read',
    body: ProfileSetFilter,
    reply: envelopeOf(pageOf(ProfileSet)),
  }),
  profileAdd: defineCall({
    id: 'profile.add',
    method: 'POST',
    path: '/api/profile/add',
    tag: 'profiles',
    summary: "Add a profile set (Meta's limits: about 139, description 512, address 256, email 128, 2 websites)",
    access: OPERATORS,
    kind: 'create',
    body: ProfileSetInput,
    reply: envelopeOf(ProfileSet),
  }),
  profileEdit: defineCall({
    id: 'profile.edit',
    method: 'POST',
    path: '/api/profile/edit',
    tag: 'profiles',
    summary: 'Replace a profile set (runs under way keep what they started with)',
    access: OPERATORS,
    kind: 'update',
    body: ProfileSetEdit,
    reply: envelopeOf(ProfileSet),
  }),
  profileDelete: defineCall({
    id: 'profile.del',
    method: 'POST',
    path: '/api/profile/del',
    tag: 'profiles',
    summary: 'Delete profile sets (their runs and results go with them)',
    access: OPERATORS,
    kind: 'delete',
    body: z.object({ ids: IdList }),
    reply: envelopeOf(BatchReply),
  }),
  profileApply: defineCall({
    id: 'profile.apply',
    method: 'POST',
    path: '/api/profile/apply',
    tag: 'profiles',
    summary: "Apply a set to numbers as a run: a result per number, Meta's rate limits waited out",
    access: OPERATORS,
    kind: 'create',
    body: ProfileApply,
    reply: envelopeOf(ProfileRun),
  }),
  profileRuns: defineCall({
    id: 'profile.runs',
    method: 'POST',
    path: '/api/profile/runs',
    tag: 'profiles',
    summary: 'Runs with their progress, newest first, optionally of one set',
    access: OPERATORS,
    kind: 'read',
    body: ProfileRunFilter,
    reply: envelopeOf(pageOf(ProfileRun)),
  }),
  profileResults: defineCall({
    id: 'profile.results',
    method: 'POST',
    path: '/api/profile/results',
    tag: 'profiles',
    summary: "A run's result per number, optionally of one status",
    access: OPERATORS,
    kind: 'read',
    body: ProfileResultFilter,
    reply: envelopeOf(ProfileResultPage),
  }),
  profileRetry: defineCall({
    id: 'profile.retry',
    method: 'POST',
    path: '/api/profile/retry',
    tag: 'profiles',
    summary: "Try a run's failed numbers again",
    access: OPERATORS,
    kind: 'update',
    body: OneProfileRun,
    reply: envelopeOf(BatchReply),
  }),
  profileCurrent: defineCall({
    id: 'profile.current',
    method: 'POST',
    path: '/api/profile/current',
    tag: 'profiles',
    summary: "Read numbers' profiles from the Cloud API now, with the fields that differ from a set",
    access: OPERATORS,
    kind: 'read',
    body: CurrentProfileRequest,
    reply: envelopeOf(z.array(CurrentProfile)),
  }),
} as const;
