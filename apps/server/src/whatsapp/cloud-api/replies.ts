/**
 * Meta's reply shapes for the calls that are not on the send path (where a zod parse per call is
 * fine). Loose objects: Meta adds fields over time, and only what the product reads is required.
 */
import { z } from 'zod';
import { MetaReplyError } from './errors.js';

/** Checks a reply against its schema; a mismatch is a MetaReplyError naming the field. */
export function expectReply<S extends z.ZodType>(schema: S, json: unknown, endpoint: string): z.infer<S> {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new MetaReplyError(endpoint, 200, 'unexpected-shape', `${issue?.path.join('.') || 'reply'}: ${issue?.message}`);
}

/** `{success: true}`, the reply of most updates; anything else is unexpected. */
export const successReply = z.looseObject({ success: z.literal(true) });

/** Graph's cursor paging: `paging.next` is present only while there is a next page. */
const paging = z
  .looseObject({
    cursors: z.looseObject({ before: z.string().optional(), after: z.string().optional() }).optional(),
    next: z.string().optional(),
  })
  .optional();

export interface Page<T> {
  data: T[];
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: string | null;
}

export const pageOf = <S extends z.ZodType>(item: S) => z.looseObject({ data: z.array(item), paging });

export function toPage<T>(reply: { data: T[]; paging?: z.infer<typeof paging> }): Page<T> {
  const after = reply.paging?.next ? reply.paging.cursors?.after : undefined;
  return { data: reply.data, nextCursor: after ?? null };
}

// Meta sends sizes and timestamps as numbers or as digit strings, depending on the endpoint.
const numeric = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);

export const uploadedMedia = z.looseObject({ id: z.string().min(1) });

export const mediaInfo = z.looseObject({
  id: z.string(),
  url: z.string().min(1),
  mime_type: z.string(),
  sha256: z.string().optional(),
  file_size: numeric.optional(),
  messaging_product: z.string().optional(),
});
export type MediaInfo = z.infer<typeof mediaInfo>;

export const messageTemplate = z.looseObject({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  status: z.string(),
  category: z.string().optional(),
  parameter_format: z.string().optional(),
  components: z.array(z.looseObject({ type: z.string() })).optional(),
  quality_score: z.looseObject({}).optional(),
  rejected_reason: z.string().optional(),
});
export type MessageTemplate = z.infer<typeof messageTemplate>;

export const createdTemplate = z.looseObject({ id: z.string(), status: z.string(), category: z.string().optional() });
export type CreatedTemplate = z.infer<typeof createdTemplate>;

/** The phone number fields the product reads (quality, throughput, limit, name, registration). */
export const phoneNumberInfo = z.looseObject({
  id: z.string(),
  display_phone_number: z.string().optional(),
  verified_name: z.string().optional(),
  quality_rating: z.string().optional(),
  throughput: z.looseObject({ level: z.string() }).optional(),
  messaging_limit_tier: z.string().optional(),
  whatsapp_business_manager_messaging_limit: z.string().optional(),
  name_status: z.string().optional(),
  status: z.string().optional(),
  code_verification_status: z.string().optional(),
  /** Only Official Business Accounts may use the Groups API. */
  is_official_business_account: z.boolean().optional(),
});
export type PhoneNumberInfo = z.infer<typeof phoneNumberInfo>;

export const businessProfile = z.looseObject({
  about: z.string().optional(),
  address: z.string().optional(),
  description: z.string().optional(),
  email: z.string().optional(),
  profile_picture_url: z.string().optional(),
  websites: z.array(z.string()).optional(),
  vertical: z.string().optional(),
});
export type BusinessProfile = z.infer<typeof businessProfile>;
export const businessProfileReply = z.looseObject({ data: z.array(businessProfile).min(1) });

// ---- groups -----------------------------------------------------------------------------------

/** Creating a group answers with a request id; Meta reports the group id and link by webhook. */
export const createdGroup = z
  .looseObject({
    request_id: z.string().optional(),
    id: z.string().optional(),
    invite_link: z.string().optional(),
  })
  .refine((reply) => reply.request_id !== undefined || reply.id !== undefined, {
    message: 'neither request_id nor id',
    path: ['request_id'],
  });
export type CreatedGroup = z.infer<typeof createdGroup>;

export const groupSummary = z.looseObject({
  id: z.string(),
  subject: z.string().optional(),
  created_at: numeric.optional(),
});
export type GroupSummary = z.infer<typeof groupSummary>;

/** Active groups come as `data: {groups: [...]}` (Meta's shape); a flat `data: [...]` is taken too. */
export const groupList = z.looseObject({
  data: z.union([
    z.array(groupSummary),
    z.looseObject({ groups: z.array(groupSummary) }).transform((data) => data.groups),
  ]),
  paging,
});

export const groupInfo = z.looseObject({
  id: z.string(),
  subject: z.string().optional(),
  description: z.string().optional(),
  creation_timestamp: numeric.optional(),
  suspended: z.boolean().optional(),
  total_participant_count: z.number().optional(),
  participants: z.array(z.looseObject({ wa_id: z.string() })).optional(),
  join_approval_mode: z.string().optional(),
});
export type GroupInfo = z.infer<typeof groupInfo>;

export const inviteLinkReply = z.looseObject({ invite_link: z.string().min(1) });

export const joinRequest = z.looseObject({
  join_request_id: z.string(),
  wa_id: z.string(),
  creation_timestamp: numeric.optional(),
});
export type JoinRequest = z.infer<typeof joinRequest>;

const failedJoinRequests = z
  .array(z.looseObject({ join_request_id: z.string(), errors: z.array(z.looseObject({})).optional() }))
  .optional();

export const approvedJoinRequests = z.looseObject({
  approved_join_requests: z.array(z.string()).optional(),
  failed_join_requests: failedJoinRequests,
});
export type ApprovedJoinRequests = z.infer<typeof approvedJoinRequests>;

export const rejectedJoinRequests = z.looseObject({
  rejected_join_requests: z.array(z.string()).optional(),
  failed_join_requests: failedJoinRequests,
});
export type RejectedJoinRequests = z.infer<typeof rejectedJoinRequests>;

/** Participant removal is asynchronous at Meta: the reply may carry the request id of the webhook. */
export const groupUpdateReply = z.looseObject({ request_id: z.string().optional(), success: z.boolean().optional() });
export type GroupUpdate = z.infer<typeof groupUpdateReply>;
