import { MAX_GROUP_PARTICIPANTS } from '@ws/contract';
import type pg from 'pg';
import { z } from 'zod';
import { withTransaction } from '../../platform/db/pool.js';
import { defineJob, enqueue } from '../../platform/queue/jobs.js';
import { numberClient } from '../../whatsapp/numbers/number-client.js';
import { enqueuePullRun } from './pull-job.js';
import { publishTaskUpdate } from './pull-task-events.js';
import { addJoinCounts, reopenCompletedTask } from './pull-task-repository.js';
import {
  decideJoinRequests,
  lockGroupRequests,
  markGroupFull,
  markInvites,
  selectTaskOfGroup,
} from './task-group-repository.js';

/** Meta takes at most this many join requests a call. */
const REQUESTS_PER_CALL = 8;
/** Meta's "Participant overlimit": the group has its 8. */
const PARTICIPANT_OVERLIMIT = 131204;

const payload = z.object({ tenantId: z.string(), groupRef: z.string() });

/** Decides a task group's join requests soon (one job per group at a time). */
export function enqueueJoinDecisions(client: pg.PoolClient, tenantId: string, groupRef: string): Promise<void> {
  return enqueue(
    client,
    joinDecisionJob,
    { tenantId, groupRef },
    { jobKey: `pull-group-joins:${tenantId}:${groupRef}` },
  );
}

const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / REQUESTS_PER_CALL) }, (_, index) =>
    items.slice(index * REQUESTS_PER_CALL, (index + 1) * REQUESTS_PER_CALL),
  );

/**
 * A task group's join requests, decided under the group's row lock: approved, oldest first, while
 * seats remain (participants plus those approved and not yet in, at most 8); once none remain the
 * rest are rejected and their invitations marked declined, the group is full and the task rotates.
 * Meta's own refusal of an approval (131204, the group filled meanwhile) makes it a rejection too.
 * The group's row is locked before anything is read, so two runs for one group decide in turn.
 */
export const joinDecisionJob = defineJob({
  name: 'pull_group_joins',
  payload,
  maxAttempts: 10,
  async handle({ tenantId, groupRef }, _helpers, context) {
    await withTransaction(context.pool, async (client) => {
      const task = await selectTaskOfGroup(client, tenantId, groupRef);
      const group = await lockGroupRequests(client, tenantId, groupRef);
      if (!task || !group || group.pending.length === 0) return;
      const found = await numberClient(context, tenantId, group.number_id);
      if (!found) return;
      const seats = Math.max(0, MAX_GROUP_PARTICIPANTS - group.participant_count - group.approved_waiting);
      const approve = group.pending.slice(0, seats).map((request) => request.id);
      const reject = group.pending.slice(seats).map((request) => request.id);
      const overLimit: string[] = [];
      const gone: string[] = [];
      for (const ids of chunks(approve)) {
        const reply = await found.client.approveJoinRequests(group.group_id, ids);
        for (const failure of reply.failed_join_requests ?? []) {
          const refused = failure.errors?.some((error) => error.code === PARTICIPANT_OVERLIMIT);
          (refused ? overLimit : gone).push(failure.join_request_id);
        }
      }
      const approved = approve.filter((id) => !overLimit.includes(id) && !gone.includes(id));
      const rejected = [...reject, ...overLimit];
      for (const ids of chunks(rejected)) await found.client.rejectJoinRequests(group.group_id, ids);
      await decideJoinRequests(client, tenantId, groupRef, approved, 'approved');
      // A request Meta no longer holds (withdrawn, or decided elsewhere) is closed without a decline.
      await decideJoinRequests(client, tenantId, groupRef, [...rejected, ...gone], 'rejected');
      const declinedWaIds = group.pending.filter((request) => rejected.includes(request.id)).map((r) => r.wa_id);
      const declined = await markInvites(client, tenantId, groupRef, declinedWaIds, 'declined');
      if (declined > 0) {
        await addJoinCounts(client, tenantId, task.task_id, { declined });
        // Those declined get the next group's link: a task that had finished sending sends again.
        await reopenCompletedTask(client, tenantId, task.task_id);
      }
      const full = approved.length >= seats && (await markGroupFull(client, tenantId, groupRef));
      if (full || declined > 0) await enqueuePullRun(client, tenantId, task.task_id);
      await publishTaskUpdate(client, tenantId, task.task_id);
    });
  },
});
