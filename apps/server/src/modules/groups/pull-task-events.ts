import type { Db } from '../../platform/db/pool.js';
import { publishEvents } from '../../platform/realtime/publish.js';

/** Group invite screens are the admins' and operators'. */
const GROUP_ROLES = ['admin', 'operator'] as const;

/** A task moved (status, roll-ups, groups, members): in the transaction that moved it. */
export async function publishTaskUpdate(db: Db, tenantId: string, taskId: string): Promise<void> {
  await publishEvents(db, [
    { tenantId, roles: GROUP_ROLES, event: { type: 'pull_group.updated', data: { task_id: taskId } } },
  ]);
}
