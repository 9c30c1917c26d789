import { z } from 'zod';
import { Id, IdList } from './auth.js';
import { defineCall } from './call.js';
import { CalendarDay } from './census.js';
import { BatchReply, envelopeOf } from './envelope.js';
import { PageRequest, pageOf } from './paging.js';

/**
 * System notices and the update log (issue 21, decision 0028). The platform admin publishes
 * notices to every customer tenant or to chosen ones, for a time window; everyone of an addressed
 * tenant (operators and agents) sees them while they are active, with a per-user read state. The
 * update log is the platform's changelog, the same for everyone, with a per-user "last seen".
 */

export const NOTICE_LEVELS = ['info', 'warning', 'important'] as const;
export const NoticeLevel = z.enum(NOTICE_LEVELS);
export type NoticeLevel = z.infer<typeof NoticeLevel>;

/** Who a notice is for: every customer tenant, or the tenants listed. */
export const NOTICE_AUDIENCES = ['all', 'tenants'] as const;
export const NoticeAudience = z.enum(NOTICE_AUDIENCES);
export type NoticeAudience = z.infer<typeof NoticeAudience>;

/** Where a notice stands in its window (for the admin's list). */
export const NOTICE_STATES = ['scheduled', 'active', 'ended'] as const;
export const NoticeState = z.enum(NOTICE_STATES);

export const MAX_NOTICE_BODY = 20_000;
export const MAX_NOTICE_TENANTS = 1_000;

const Time = z.iso.datetime({ offset: true });
const TenantIdText = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be a six-digit tenant id');

export const NewNotice = z
  .object({
    title: z.string().trim().min(1).max(120),
    /** Rich text (HTML); the server keeps only safe formatting (no scripts, handlers or script URLs). */
    body: z.string().trim().min(1).max(MAX_NOTICE_BODY),
    level: NoticeLevel.default('info'),
    audience: NoticeAudience.default('all'),
    /** The customers addressed when `audience` is `tenants`. */
    tenantIds: z.array(TenantIdText).max(MAX_NOTICE_TENANTS).default([]),
    /** From when it shows; now when left out. */
    startsAt: Time.optional(),
    /** Until when it shows. */
    endsAt: Time,
  })
  .refine((notice) => notice.audience === 'all' || notice.tenantIds.length > 0, {
    message: 'choose at least one customer',
    path: ['tenantIds'],
  })
  .refine((notice) => notice.audience === 'tenants' || notice.tenantIds.length === 0, {
    message: 'only with the audience "tenants"',
    path: ['tenantIds'],
  })
  .refine((notice) => new Date(notice.endsAt).getTime() > new Date(notice.startsAt ?? Date.now()).getTime(), {
    message: 'must be after the start (and in the future)',
    path: ['endsAt'],
  });
export type NewNotice = z.input<typeof NewNotice>;

export const Notice = z.object({
  id: Id,
  title: z.string(),
  /** Sanitised HTML, safe to render. */
  body_html: z.string(),
  level: NoticeLevel,
  audience: NoticeAudience,
  /** The customers addressed: only the platform admin sees them (null for everyone else). */
  tenant_ids: z.array(z.string()).nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  state: NoticeState,
  /** The caller has marked it read. */
  read: z.boolean(),
  created_at: z.string(),
});
export type Notice = z.infer<typeof Notice>;

export const NoticeListRequest = PageRequest.extend({
  /** Only the notices the caller has not read. */
  unreadOnly: z.boolean().default(false),
});

export const NoticeList = pageOf(Notice).extend({
  /** The caller's unread active notices (the top bar's badge). */
  unread: z.number().int(),
});

/** Mark notices read: the ones named, or every active one the caller sees (`all`). */
export const NoticeRead = z
  .object({ ids: IdList.optional(), all: z.boolean().default(false) })
  .refine((read) => read.all !== (read.ids !== undefined), { message: 'give either ids or all', path: ['ids'] });

export const NoticeReadReply = BatchReply.extend({ unread: z.number().int() });

/** What the top bar shows, reloaded with the shared data every 60 s. */
export const NoticeBadge = z.object({
  /** Active notices of the caller's tenant the caller has not read. */
  unread: z.number().int(),
  /** The newest update log entry is newer than the last one the caller saw ("what's new"). */
  update_unseen: z.boolean(),
});
export type NoticeBadge = z.infer<typeof NoticeBadge>;

const ChangeText = z.string().trim().min(1).max(10_000);

export const NewUpdateLog = z.object({
  /** A version name, unique: `2.4.0`, `2026.11`. */
  version: z.string().trim().min(1).max(40),
  releasedOn: CalendarDay,
  changesZh: ChangeText,
  changesEn: ChangeText,
});
export type NewUpdateLog = z.infer<typeof NewUpdateLog>;

export const UpdateLog = z.object({
  id: Id,
  version: z.string(),
  released_on: z.string(),
  changes_zh: z.string(),
  changes_en: z.string(),
  /** Added after the last entry the caller saw. */
  is_new: z.boolean(),
  created_at: z.string(),
});
export type UpdateLog = z.infer<typeof UpdateLog>;

const signedIn = ['admin', 'operator', 'seat'] as const;
const admin = ['admin'] as const;

export const noticeCalls = {
  noticeAdd: defineCall({
    id: 'notice.add',
    method: 'POST',
    path: '/api/notice/add',
    tag: 'notices',
    summary: 'Publish a notice (HTML sanitised on the server) to every customer or to chosen ones, for a time window',
    access: admin,
    kind: 'create',
    body: NewNotice,
    reply: envelopeOf(Notice),
  }),
  noticeList: defineCall({
    id: 'notice.list',
    method: 'POST',
    path: '/api/notice/list',
    tag: 'notices',
    summary:
      "The caller's notices, newest first: the platform admin's all of them, everyone else's the active ones addressed to their tenant; with the unread count",
    access: signedIn,
    kind: 'read',
    body: NoticeListRequest,
    reply: envelopeOf(NoticeList),
  }),
  noticeDel: defineCall({
    id: 'notice.del',
    method: 'POST',
    path: '/api/notice/del',
    tag: 'notices',
    summary: 'Delete notices for everyone, with their read marks',
    access: admin,
    kind: 'delete',
    body: z.object({ ids: IdList }),
    reply: envelopeOf(BatchReply),
  }),
  noticeRead: defineCall({
    id: 'notice.read',
    method: 'POST',
    path: '/api/notice/read',
    tag: 'notices',
    summary: 'Mark notices read for the caller (the ones named, or all active ones); answers the unread count left',
    access: signedIn,
    kind: 'update',
    body: NoticeRead,
    reply: envelopeOf(NoticeReadReply),
  }),
  noticeBadge: defineCall({
    id: 'notice.badge',
    method: 'POST',
    path: '/api/notice/badge',
    tag: 'notices',
    summary: "The top bar's badges: unread notices, and whether the update log has an entry the caller has not seen",
    access: signedIn,
    kind: 'read',
    body: z.object({}),
    reply: envelopeOf(NoticeBadge),
  }),
  updateAdd: defineCall({
    id: 'update.add',
    method: 'POST',
    path: '/api/update/add',
    tag: 'notices',
    summary: 'Add an update log entry (version, release day, changes in zh and en); versions are unique',
    access: admin,
    kind: 'create',
    body: NewUpdateLog,
    reply: envelopeOf(UpdateLog),
  }),
  updateList: defineCall({
    id: 'update.list',
    method: 'POST',
    path: '/api/update/list',
    tag: 'notices',
    summary: 'The update log, newest release first, each entry marked new when added after the last one the caller saw',
    access: signedIn,
    kind: 'read',
    body: PageRequest,
    reply: envelopeOf(pageOf(UpdateLog)),
  }),
  updateSeen: defineCall({
    id: 'update.seen',
    method: 'POST',
    path: '/api/update/seen',
    tag: 'notices',
    summary: 'Record that the caller has seen the update log up to its newest entry (clears the "what\'s new" dot)',
    access: signedIn,
    kind: 'update',
    body: z.object({}),
    reply: envelopeOf(z.object({ update_unseen: z.boolean() })),
  }),
} as const;
