import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { route } from '../../platform/http/route.js';
import { listNotices, markNoticesRead, noticeBadge, publishNotice, removeNotices } from './notice-commands.js';
import { addUpdateLog, listUpdateLogs, markUpdatesSeen } from './update-log-commands.js';

/** The operation-log target of a deletion: the first titles, then how many more. */
const SHOWN_TITLES = 20;
const titlesOf = (notices: { id: string; title: string }[]) =>
  notices
    .slice(0, SHOWN_TITLES)
    .map((notice) => `${notice.title} (${notice.id})`)
    .join(', ') + (notices.length > SHOWN_TITLES ? ` and ${notices.length - SHOWN_TITLES} more` : '');

export function registerNoticeRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.noticeAdd, async ({ scope, body, audit }) => {
    const notice = await publishNotice(context, scope, body);
    const audience = notice.audience === 'all' ? 'all customers' : `customers ${notice.tenant_ids?.join(',')}`;
    audit(`notice ${notice.title} (${notice.id}) to ${audience}`);
    return notice;
  });
  route(app, context, calls.noticeList, ({ scope, body }) => listNotices(context, scope, body));
  route(app, context, calls.noticeDel, async ({ body, audit }) => {
    const deleted = await removeNotices(context, body.ids);
    audit(`notices ${titlesOf(deleted)}`);
    return { count: deleted.length };
  });
  route(app, context, calls.noticeRead, async ({ scope, body, audit }) => {
    const read = await markNoticesRead(context, scope, body.all ? null : (body.ids ?? []));
    audit(body.all ? 'all notices read' : `notices read: ${body.ids?.join(',')}`);
    return read;
  });
  route(app, context, calls.noticeBadge, ({ scope }) => noticeBadge(context, scope));
  route(app, context, calls.updateAdd, async ({ scope, body, audit }) => {
    const entry = await addUpdateLog(context, scope, body);
    audit(`update log ${entry.version} (${entry.id})`);
    return entry;
  });
  route(app, context, calls.updateList, ({ scope, body }) => listUpdateLogs(context, scope, body));
  route(app, context, calls.updateSeen, async ({ scope, audit }) => {
    audit('update log seen');
    return markUpdatesSeen(context, scope);
  });
}
