import type { NewNotice, Notice, NoticeListRequest } from '@ws/contract';
import { toPage } from '@ws/contract';
import type { z } from 'zod';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { type Publication, publishEvents } from '../../platform/realtime/publish.js';
import {
  type DeletedNotice,
  deleteNotices,
  findNotice,
  insertNotice,
  insertReadMarks,
  selectBadge,
  selectCustomerTenants,
  selectNotices,
  selectServedTenants,
} from './notice-repository.js';
import { hasText, sanitizeNoticeBody } from './sanitize-notice.js';

type NoticeInput = z.output<typeof NewNotice>;

/** Who hears about a notice: its chosen customers, or (null) every customer in service. */
async function audienceOf(db: Parameters<typeof selectServedTenants>[0], tenantIds: readonly string[] | null) {
  return tenantIds ?? (await selectServedTenants(db));
}

const changed = (tenantIds: readonly string[], noticeId: string, change: 'published' | 'deleted'): Publication[] =>
  tenantIds.map((tenantId) => ({ tenantId, event: { type: 'notice.changed', data: { notice_id: noticeId, change } } }));

/**
 * Publishes a notice: the body sanitised (a body with nothing left to show is refused), the chosen
 * customers checked (any other id is a 404 naming tenantIds), and, when it is active at once, its
 * audience told over the realtime channel in the same transaction.
 */
export async function publishNotice(context: AppContext, caller: Scope, input: NoticeInput): Promise<Notice> {
  const bodyHtml = sanitizeNoticeBody(input.body);
  if (!hasText(bodyHtml)) {
    throw errors.invalid(
      'body',
      '去掉脚本和不安全的标记后没有内容',
      'has nothing to show once unsafe markup is removed',
    );
  }
  const tenantIds = input.audience === 'all' ? null : [...new Set(input.tenantIds)];
  if (tenantIds) {
    const customers = await selectCustomerTenants(context.pool, tenantIds);
    if (customers.length !== tenantIds.length)
      throw errors.notFound({ zh: 'tenantIds: 客户', en: 'tenantIds: Customer' });
  }
  const id = await withTransaction(context.pool, async (client) => {
    const added = await insertNotice(client, caller, {
      title: input.title,
      bodyHtml,
      level: input.level,
      tenantIds,
      startsAt: input.startsAt ?? null,
      endsAt: input.endsAt,
    });
    if (added.active) await publishEvents(client, changed(await audienceOf(client, tenantIds), added.id, 'published'));
    return added.id;
  });
  return (await findNotice(context.pool, caller, id)) as Notice;
}

/** Deletes notices for everyone; those still showing are withdrawn from their audience at once. */
export async function removeNotices(context: AppContext, ids: readonly string[]): Promise<DeletedNotice[]> {
  const deleted = await withTransaction(context.pool, async (client) => {
    const gone = await deleteNotices(client, ids);
    const shown = gone.filter((notice) => notice.active);
    const everyone = shown.some((notice) => notice.tenant_ids === null) ? await selectServedTenants(client) : [];
    await publishEvents(
      client,
      shown.flatMap((notice) => changed(notice.tenant_ids ?? everyone, notice.id, 'deleted')),
    );
    return gone;
  });
  if (deleted.length === 0) throw errors.notFound({ zh: 'ids: 公告', en: 'ids: Notice' });
  return deleted;
}

export async function listNotices(context: AppContext, caller: Scope, request: z.output<typeof NoticeListRequest>) {
  const [page, badge] = await Promise.all([
    selectNotices(context.pool, caller, {
      unreadOnly: request.unreadOnly,
      limit: request.pageSize,
      offset: (request.page - 1) * request.pageSize,
    }),
    selectBadge(context.pool, caller),
  ]);
  return { ...toPage(page.records, page.total, request), unread: badge.unread };
}

/** Marks notices read for the caller: the named ones they see (none of them: 404 naming ids), or all. */
export async function markNoticesRead(context: AppContext, caller: Scope, ids: readonly string[] | null) {
  const count = await insertReadMarks(context.pool, caller, ids);
  if (ids !== null && count === 0) throw errors.notFound({ zh: 'ids: 公告', en: 'ids: Notice' });
  const { unread } = await selectBadge(context.pool, caller);
  return { count, unread };
}

export const noticeBadge = (context: AppContext, caller: Scope) => selectBadge(context.pool, caller);
