import {
  type BatchReply,
  LIST_COUNT_CAP,
  type NewQuickReply,
  type QuickReply,
  type QuickReplyEdit,
  type QuickReplyFilter,
  toPage,
} from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { refusedAs, UNIQUE_VIOLATION } from '../../platform/db/sql-state.js';
import { batchReply } from '../../platform/http/batch-reply.js';
import type { AppContext } from '../../platform/http/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import {
  countQuickReplies,
  deleteQuickReplies,
  insertQuickReply,
  selectQuickReplies,
  updateQuickReply,
} from './quick-reply-repository.js';

const shortcutTaken = () =>
  new AppError('conflict', { zh: 'shortcut: 该快捷短语已存在', en: 'shortcut: this shortcut is already taken' });

export async function listQuickReplies(context: AppContext, scope: Scope, filter: QuickReplyFilter) {
  const { search } = filter.filters;
  const offset = (filter.page - 1) * filter.pageSize;
  const [counted, records] = await Promise.all([
    countQuickReplies(context.pool, scope, search, LIST_COUNT_CAP),
    selectQuickReplies(context.pool, scope, search, filter.pageSize, offset),
  ]);
  const capped = counted > LIST_COUNT_CAP;
  return { ...toPage(records, capped ? LIST_COUNT_CAP : counted, filter), total_capped: capped };
}

export function addQuickReply(context: AppContext, scope: Scope, reply: NewQuickReply): Promise<QuickReply> {
  return refusedAs(() => insertQuickReply(context.pool, scope, reply), UNIQUE_VIOLATION, shortcutTaken);
}

export async function editQuickReply(context: AppContext, scope: Scope, edit: QuickReplyEdit): Promise<QuickReply> {
  const updated = await refusedAs(
    () => updateQuickReply(context.pool, scope, edit.id, { shortcut: edit.shortcut, text: edit.text }),
    UNIQUE_VIOLATION,
    shortcutTaken,
  );
  if (!updated) throw errors.notFound({ zh: 'id: 快捷回复', en: 'id: Quick reply' });
  return updated;
}

export async function removeQuickReplies(
  context: AppContext,
  scope: Scope,
  ids: readonly string[],
): Promise<BatchReply> {
  return batchReply(await deleteQuickReplies(context.pool, scope, ids), {
    zh: 'ids: 快捷回复',
    en: 'ids: Quick reply',
  });
}
