import type { PullOperationName, PullTask, PullTaskStatus } from '@ws/contract';
import { PULL_OPERATIONS } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { enqueuePullRun } from './pull-job.js';
import { presentPullTask } from './pull-presenter.js';
import { publishTaskUpdate } from './pull-task-events.js';
import { lockPullTask, type PullTaskRow, selectPullTask, setPullTaskStatus } from './pull-task-repository.js';
import { selectLiveGroups, setGroupRole } from './task-group-repository.js';

type Operation = PullOperationName;

/** From which states each operation may be made, and the state it leads to. */
const MOVES: Record<Exclude<Operation, 'rotate'>, { from: readonly PullTaskStatus[]; to: PullTaskStatus }> = {
  start: { from: ['draft'], to: 'running' },
  pause: { from: ['running'], to: 'paused' },
  resume: { from: ['paused'], to: 'running' },
  stop: { from: ['draft', 'running', 'paused'], to: 'stopped' },
};

const STATUS_TEXTS: Record<PullTaskStatus, { zh: string; en: string }> = {
  draft: { zh: '草稿', en: 'draft' },
  running: { zh: '进行中', en: 'running' },
  paused: { zh: '已暂停', en: 'paused' },
  stopped: { zh: '已停止', en: 'stopped' },
  completed: { zh: '已完成', en: 'completed' },
};

/**
 * The current group takes no more invitations: the spare whose link is known becomes current and
 * the job makes a new spare. Without such a spare there is nothing to rotate to yet.
 */
async function rotate(client: Parameters<typeof lockPullTask>[0], scope: Scope, task: PullTaskRow): Promise<void> {
  const live = await selectLiveGroups(client, scope.tenantId, task.id);
  const spare = live.find((group) => group.role === 'spare' && group.invite_link);
  if (!spare) {
    throw errors.invalid('operation', '没有已就绪的备用群，稍后再试', 'no spare group is ready yet; try again shortly');
  }
  const current = live.find((group) => group.role === 'current');
  if (current) await setGroupRole(client, scope.tenantId, current.id, 'rotated', ['current']);
  await setGroupRole(client, scope.tenantId, spare.id, 'current', ['spare']);
}

/** `group/pulloperation`: start, pause, resume, stop, or rotate the invite link to the next group. */
export async function operatePullTask(
  context: AppContext,
  scope: Scope,
  input: { id: string; operation: Operation },
): Promise<PullTask> {
  if (!PULL_OPERATIONS.includes(input.operation)) throw errors.invalid('operation', '未知操作', 'unknown operation');
  await withTransaction(context.pool, async (client) => {
    const task = await lockPullTask(client, scope.tenantId, input.id);
    if (!task) throw errors.notFound({ zh: 'id: 拉群任务', en: 'id: Pull-group task' });
    if (input.operation === 'rotate') {
      if (task.status !== 'running' && task.status !== 'paused') {
        const text = STATUS_TEXTS[task.status];
        throw errors.invalid('operation', `任务${text.zh}，不能切换群`, `the task is ${text.en}: nothing to rotate`);
      }
      await rotate(client, scope, task);
      if (task.status === 'running') await enqueuePullRun(client, scope.tenantId, task.id);
      await publishTaskUpdate(client, scope.tenantId, task.id);
      return;
    }
    const move = MOVES[input.operation];
    if (!move.from.includes(task.status)) {
      const text = STATUS_TEXTS[task.status];
      throw errors.invalid(
        'operation',
        `任务${text.zh}，不能执行该操作`,
        `the task is ${text.en}: it cannot ${input.operation}`,
      );
    }
    await setPullTaskStatus(client, scope.tenantId, task.id, move.to, {
      run: move.to === 'running',
      finished: move.to === 'stopped',
      ...(move.to === 'running' ? { lastError: null } : {}),
    });
    if (move.to === 'running') await enqueuePullRun(client, scope.tenantId, task.id);
    await publishTaskUpdate(client, scope.tenantId, task.id);
  });
  return presentPullTask((await selectPullTask(context.pool, scope, input.id)) as PullTaskRow);
}
