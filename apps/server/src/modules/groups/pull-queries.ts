import type {
  Group,
  GroupListRequest,
  InviteRecord,
  PullDetails,
  PullListRequest,
  PullRecordsRequest,
  PullTask,
} from '@ws/contract';
import { LIST_COUNT_CAP, type Page, toPage } from '@ws/contract';
import type { z } from 'zod';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { countInviteRecords, selectGroups, selectInviteRecords, selectTaskGroups } from './group-queries-repository.js';
import { presentPullTask } from './pull-presenter.js';
import { type PullTaskRow, selectPullTask, selectPullTasks } from './pull-task-repository.js';

const pageWindow = (request: { page: number; pageSize: number }) => ({
  limit: request.pageSize,
  offset: (request.page - 1) * request.pageSize,
});

/** The task, or a 404 naming `id` (another tenant's task included). */
export async function taskOrNotFound(context: AppContext, scope: Scope, id: string): Promise<PullTaskRow> {
  const task = await selectPullTask(context.pool, scope, id);
  if (!task) throw errors.notFound({ zh: 'id: 拉群任务', en: 'id: Pull-group task' });
  return task;
}

export async function listPullTasks(
  context: AppContext,
  scope: Scope,
  request: z.output<typeof PullListRequest>,
): Promise<Page<PullTask>> {
  const { rows, total } = await selectPullTasks(context.pool, scope, request.filters, pageWindow(request));
  return toPage(rows.map(presentPullTask), total, request);
}

export async function pullDetails(context: AppContext, scope: Scope, id: string): Promise<PullDetails> {
  const task = await taskOrNotFound(context, scope, id);
  return { task: presentPullTask(task), groups: await selectTaskGroups(context.pool, scope, id) };
}

export async function pullRecords(
  context: AppContext,
  scope: Scope,
  request: z.output<typeof PullRecordsRequest>,
): Promise<Page<InviteRecord> & { total_capped: boolean }> {
  await taskOrNotFound(context, scope, request.id);
  const window = pageWindow(request);
  const cap = Math.max(LIST_COUNT_CAP, window.offset + window.limit);
  const [records, total] = await Promise.all([
    selectInviteRecords(context.pool, scope, request.id, request.filters, window),
    countInviteRecords(context.pool, scope, request.id, request.filters, cap),
  ]);
  return { ...toPage(records, total, request), total_capped: total >= cap };
}

export async function listGroups(
  context: AppContext,
  scope: Scope,
  request: z.output<typeof GroupListRequest>,
): Promise<Page<Group>> {
  const { rows, total } = await selectGroups(context.pool, scope, request.filters, pageWindow(request));
  return toPage(rows, total, request);
}
