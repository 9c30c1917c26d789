import { z } from 'zod';
import { Id, IdList } from './auth.js';
import { defineCall } from './call.js';
import { BatchReply, envelopeOf } from './envelope.js';
import { cappedPageOf, listRequestOf, textFilter } from './paging.js';

/**
 * The tenant's quick replies (the seat client's `/` picker, issue 17): the material library's
 * `text` materials (decision 0023), the shortcut being the title. Seats list and search those they
 * may use (bound to no one, to them or to their numbers); operators edit.
 */

const AGENTS = ['admin', 'operator', 'seat'] as const;
const OPERATORS = ['admin', 'operator'] as const;

export const QUICK_REPLY_SHORTCUT_MAX = 32;
export const QUICK_REPLY_TEXT_MAX = 4096;

export const QuickReply = z.object({
  id: Id,
  /** What the agent types after `/` to find it. */
  shortcut: z.string(),
  text: z.string(),
  updated_at: z.string(),
});
export type QuickReply = z.infer<typeof QuickReply>;

export const QuickReplyFilter = listRequestOf({ search: textFilter(64) });
export type QuickReplyFilter = z.infer<typeof QuickReplyFilter>;
export const QuickReplyPage = cappedPageOf(QuickReply);

const Shortcut = z
  .string()
  .trim()
  .min(1)
  .max(QUICK_REPLY_SHORTCUT_MAX)
  .regex(/^[^\s/]+$/, 'may not contain spaces or /');
export const NewQuickReply = z.object({ shortcut: Shortcut, text: z.string().trim().min(1).max(QUICK_REPLY_TEXT_MAX) });
export type NewQuickReply = z.infer<typeof NewQuickReply>;
export const QuickReplyEdit = NewQuickReply.partial().extend({ id: Id });
export type QuickReplyEdit = z.infer<typeof QuickReplyEdit>;
export const QuickReplyIds = z.object({ ids: IdList });

export const quickReplyCalls = {
  quickReplyList: defineCall({
    id: 'quickReply.list',
    method: 'POST',
    path: '/api/quickreply/list',
    tag: 'inbox',
    summary: "The tenant's quick replies by shortcut, searched by shortcut or text",
    access: AGENTS,
    kind: 'read',
    body: QuickReplyFilter,
    reply: envelopeOf(QuickReplyPage),
  }),
  quickReplyAdd: defineCall({
    id: 'quickReply.add',
    method: 'POST',
    path: '/api/quickreply/add',
    tag: 'inbox',
    summary: 'Add a quick reply; shortcuts are unique per tenant, ignoring case',
    access: OPERATORS,
    kind: 'create',
    body: NewQuickReply,
    reply: envelopeOf(QuickReply),
  }),
  quickReplyEdit: defineCall({
    id: 'quickReply.edit',
    method: 'POST',
    path: '/api/quickreply/edit',
    tag: 'inbox',
    summary: "Change a quick reply's shortcut or text",
    access: OPERATORS,
    kind: 'update',
    body: QuickReplyEdit,
    reply: envelopeOf(QuickReply),
  }),
  quickReplyDel: defineCall({
    id: 'quickReply.del',
    method: 'POST',
    path: '/api/quickreply/del',
    tag: 'inbox',
    summary: 'Delete quick replies',
    access: OPERATORS,
    kind: 'delete',
    body: QuickReplyIds,
    reply: envelopeOf(BatchReply),
  }),
} as const;
