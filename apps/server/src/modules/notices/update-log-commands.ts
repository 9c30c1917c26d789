import { type NewUpdateLog, type PageRequest, toPage, type UpdateLog } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { refusedAs, UNIQUE_VIOLATION } from '../../platform/db/sql-state.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { selectBadge } from './notice-repository.js';
import { insertUpdateLog, selectUpdateLogs, upsertUpdatesSeen } from './update-log-repository.js';

/** Adds an update log entry; a version already in the log (ignoring case) is a 409 naming it. */
export function addUpdateLog(context: AppContext, caller: Scope, entry: NewUpdateLog): Promise<UpdateLog> {
  return refusedAs(
    () => insertUpdateLog(context.pool, caller, entry),
    UNIQUE_VIOLATION,
    () =>
      errors.conflict({
        zh: `version: 版本“${entry.version}”已在更新日志中`,
        en: `version: version "${entry.version}" is already in the update log`,
      }),
  );
}

export async function listUpdateLogs(context: AppContext, caller: Scope, request: PageRequest) {
  const offset = (request.page - 1) * request.pageSize;
  const page = await selectUpdateLogs(context.pool, caller, request.pageSize, offset);
  return toPage(page.records, page.total, request);
}

/** The caller has seen the log up to its newest entry: the "what's new" dot goes. */
export async function markUpdatesSeen(context: AppContext, caller: Scope) {
  await upsertUpdatesSeen(context.pool, caller);
  return { update_unseen: (await selectBadge(context.pool, caller)).update_unseen };
}
