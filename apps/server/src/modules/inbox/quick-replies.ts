import type { BatchReply, NewQuickReply, QuickReply, QuickReplyEdit, QuickReplyFilter } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { refusedAs, UNIQUE_VIOLATION } from '../../platform/db/sql-state.js';
import { cappedPage } from '../../platform/http/capped-page.js';
import type { AppContext } from '../../platform/http/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { removeMaterials } from '../materials/material-commands.js';
import { countQuickReplies, insertQuickReply, selectQuickReplies, updateQuickReply } from './quick-reply-repository.js';

const shortcutTaken = () =>
  new AppError('conflict', { zh: 'shortcut: 该快捷短语已存在', en: 'shortcut: this shortcut is already taken' });

export function listQuickReplies(context: AppContext, scope: Scope, filter: QuickReplyFilter) {
  const { search } = filter.filters;
  return cappedPage(
    filter,
    (cap) => countQuickReplies(context.pool, scope, search, cap),
    (limit, offset) => selectQuickReplies(context.pool, scope, search, limit, offset),
  );
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

/** Quick replies are text materials: `quickreply/del` is `mater/quickdel`. */
export function removeQuickReplies(context: AppContext, scope: Scope, ids: readonly string[]): Promise<BatchReply> {
  return removeMaterials(context, scope, 'text', ids);
}
