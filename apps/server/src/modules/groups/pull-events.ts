/**
 * What the group webhooks mean for pull-group tasks, in the webhook batch's transaction: a group's
 * link arrived (it joins the rotation), someone asked to join (decided by a job, which calls Meta),
 * members changed (invitations marked joined; a group of 8 is full and the task rotates).
 */
import { MAX_GROUP_PARTICIPANTS } from '@ws/contract';
import type pg from 'pg';
import { enqueueJoinDecisions } from './join-job.js';
import { enqueuePullRun } from './pull-job.js';
import { publishTaskUpdate } from './pull-task-events.js';
import { addJoinCounts } from './pull-task-repository.js';
import {
  insertJoinRequest,
  markGroupFull,
  markInvites,
  markInvitesJoined,
  selectTaskOfGroup,
  setGroupRole,
} from './task-group-repository.js';

/** Meta created a group: a task's group becomes a spare and the task runs (its link may go out now). */
export async function taskGroupCreated(client: pg.PoolClient, tenantId: string, groupRef: string): Promise<void> {
  const task = await selectTaskOfGroup(client, tenantId, groupRef);
  if (!task?.invite_link) return;
  if (await setGroupRole(client, tenantId, groupRef, 'spare', ['creating'])) {
    await enqueuePullRun(client, tenantId, task.task_id);
    await publishTaskUpdate(client, tenantId, task.task_id);
  }
}

/** A join request: recorded for every group; a task group's is decided by the join job. */
export async function joinRequested(
  client: pg.PoolClient,
  tenantId: string,
  groupRef: string,
  request: { id: string; waId: string; at: Date },
): Promise<void> {
  await insertJoinRequest(client, tenantId, groupRef, request);
  const task = await selectTaskOfGroup(client, tenantId, groupRef);
  if (!task) return;
  await markInvites(client, tenantId, groupRef, [request.waId], 'requested');
  await enqueueJoinDecisions(client, tenantId, groupRef);
}

/** Members changed (after the recount): invitations of those now in are joined; a full group rotates. */
export async function taskGroupMembersChanged(
  client: pg.PoolClient,
  tenantId: string,
  groupRef: string,
): Promise<void> {
  const task = await selectTaskOfGroup(client, tenantId, groupRef);
  if (!task) return;
  const joined = await markInvitesJoined(client, tenantId, groupRef);
  if (joined > 0) await addJoinCounts(client, tenantId, task.task_id, { joined });
  if (task.participant_count >= MAX_GROUP_PARTICIPANTS && (await markGroupFull(client, tenantId, groupRef))) {
    await enqueuePullRun(client, tenantId, task.task_id);
  }
  await publishTaskUpdate(client, tenantId, task.task_id);
}
