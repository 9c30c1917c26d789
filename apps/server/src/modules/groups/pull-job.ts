import { CampaignAudience, InviteContent } from '@ws/contract';
import type pg from 'pg';
import { z } from 'zod';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { defineJob, enqueue } from '../../platform/queue/jobs.js';
import { MetaApiError } from '../../whatsapp/cloud-api/index.js';
import { queueMessages } from '../../whatsapp/governor/queue-messages.js';
import { describeFailure, numberClient } from '../../whatsapp/numbers/number-client.js';
import { type CampaignTemplate, renderMessage } from '../campaigns/render-message.js';
import { INVITES_USED_UP, lockInviteRoom, meterInvites } from '../wallet/meter-invites.js';
import { selectInviteBatch } from './invite-audience-repository.js';
import { subjectOf } from './pull-presenter.js';
import { publishTaskUpdate } from './pull-task-events.js';
import {
  lockPullTask,
  type PullTaskRow,
  reserveGroupNumbers,
  saveInviteCursor,
  setPullTaskStatus,
} from './pull-task-repository.js';
import {
  claimCreatedGroup,
  declinedWaiting,
  insertInvites,
  linkInviteMessages,
  reinviteDeclined,
  selectHostTemplates,
  selectLiveGroups,
  setGroupRole,
  type TaskGroup,
} from './task-group-repository.js';

/** Invitations queued per transaction; the cursor and the roll-ups are saved with each chunk. */
const CHUNK = 200;
/** Groups kept in the rotation: the current one and one spare ready behind it. */
const GROUPS_AHEAD = 2;
/** Why a task stopped when its template is no longer approved (the task's last error, shown on its screen). */
const TEMPLATE_NOT_APPROVED =
  '邀请模板在群主号码的商业账号中已不是已批准状态，处理后请继续任务 / The invite template is no longer approved in the host number’s business account: fix it, then resume';

const payload = z.object({ tenantId: z.string(), taskId: z.string() });

/** Runs a task now (once per task at a time: a later enqueue replaces the waiting one). */
export function enqueuePullRun(client: pg.PoolClient, tenantId: string, taskId: string): Promise<void> {
  return enqueue(client, pullRunJob, { tenantId, taskId }, { jobKey: `pull-group-run:${tenantId}:${taskId}` });
}

const taskScope = (tenantId: string, task: PullTaskRow): Scope => ({
  tenantId,
  userId: task.created_by ?? '0',
  role: 'operator',
  acrossTenants: false,
  assignee: undefined,
});

/**
 * The groups the rotation lacks, asked of Meta now. Each request's answer (the group id and its
 * invite link) comes later by webhook, which makes the group a spare and runs the task again.
 * A refusal pauses the task with Meta's reason for the operator.
 */
async function createMissingGroups(context: AppContext, tenantId: string, taskId: string): Promise<boolean> {
  const reserved = await withTransaction(context.pool, async (client) => {
    const task = await lockPullTask(client, tenantId, taskId);
    if (task?.status !== 'running') return undefined;
    const missing = GROUPS_AHEAD - (await selectLiveGroups(client, tenantId, taskId)).length;
    if (missing <= 0) return { task, first: 0, count: 0 };
    return { task, first: await reserveGroupNumbers(client, tenantId, taskId, missing), count: missing };
  });
  if (!reserved) return false;
  const { task } = reserved;
  for (let no = reserved.first; no < reserved.first + reserved.count; no += 1) {
    const numberId = task.number_ids[(no - 1) % task.number_ids.length] as string;
    const subject = subjectOf(task.subject_pattern, no);
    try {
      const found = await numberClient(context, tenantId, numberId);
      if (!found) throw new Error(`number ${numberId} is gone`);
      const created = await found.client.createGroup(found.number.phoneNumberId, {
        subject,
        description: task.description,
        joinApprovalMode: 'approval_required',
      });
      await withTransaction(context.pool, async (client) => {
        await claimCreatedGroup(client, tenantId, {
          taskId,
          no,
          numberId,
          requestId: created.request_id ?? '',
          subject,
          description: task.description,
        });
        await publishTaskUpdate(client, tenantId, taskId);
      });
    } catch (error) {
      if (!(error instanceof MetaApiError) || error.isTransient) throw error;
      await withTransaction(context.pool, async (client) => {
        await setPullTaskStatus(client, tenantId, taskId, 'paused', { lastError: describeFailure(error) });
        await publishTaskUpdate(client, tenantId, taskId);
      });
      return false;
    }
  }
  return true;
}

/** The group whose link goes out: the current one, else the first spare with its link, made current. */
async function currentGroup(client: pg.PoolClient, tenantId: string, taskId: string): Promise<TaskGroup | undefined> {
  const live = await selectLiveGroups(client, tenantId, taskId);
  const current = live.find((group) => group.role === 'current');
  if (current) return current;
  const spare = live.find((group) => group.role === 'spare' && group.invite_link);
  if (!spare) return undefined;
  await setGroupRole(client, tenantId, spare.id, 'current', ['spare']);
  return { ...spare, role: 'current' };
}

type ChunkOutcome = 'more' | 'wait' | 'done';

/** Whether the task has invitations left to send (declined contacts to invite again, or audience). */
async function invitationsLeft(client: pg.PoolClient, tenantId: string, task: PullTaskRow): Promise<boolean> {
  if (await declinedWaiting(client, tenantId, task.id)) return true;
  const audience = CampaignAudience.parse(task.audience);
  return (await selectInviteBatch(client, taskScope(tenantId, task), audience, task.cursor_contact_id, 1)).length > 0;
}

/**
 * One chunk of invitations to the current group's link, in one transaction with the cursor and the
 * roll-ups. A group that has had its share of invitations rotates; without a group whose link is
 * known the task waits for Meta's webhook.
 */
async function inviteChunk(context: AppContext, tenantId: string, taskId: string): Promise<ChunkOutcome> {
  return withTransaction(context.pool, async (client) => {
    const task = await lockPullTask(client, tenantId, taskId);
    if (task?.status !== 'running') return 'done';
    const group = await currentGroup(client, tenantId, taskId);
    if (!group?.invite_link || !group.group_id) return 'wait';
    const room = task.invites_per_group - group.invited;
    if (room <= 0) {
      await setGroupRole(client, tenantId, group.id, 'rotated', ['current']);
      return 'more';
    }
    // The template must still be approved in the host's business account (Meta may pause or disable
    // it meanwhile): otherwise contacts would be recorded as invited with nothing sent to them.
    const template = (await selectHostTemplates(client, tenantId, task.template_id, [group.number_id])).get(
      group.number_id,
    );
    if (!template && (await invitationsLeft(client, tenantId, task))) {
      await setPullTaskStatus(client, tenantId, taskId, 'paused', { lastError: TEMPLATE_NOT_APPROVED });
      await publishTaskUpdate(client, tenantId, taskId);
      return 'done';
    }
    // A prepaid tenant sends no more invitations than its group-invite quota holds (decision 0032).
    const limit = await lockInviteRoom(client, tenantId, Math.min(CHUNK, room));
    if (limit === 0 && (await invitationsLeft(client, tenantId, task))) {
      await setPullTaskStatus(client, tenantId, taskId, 'paused', { lastError: INVITES_USED_UP });
      await publishTaskUpdate(client, tenantId, taskId);
      return 'done';
    }
    // Contacts a full group declined come first: they asked to join, and get the next group's link once.
    const again = await reinviteDeclined(client, tenantId, taskId, group.id, limit);
    const contacts =
      again.length > 0
        ? []
        : await selectInviteBatch(
            client,
            taskScope(tenantId, task),
            CampaignAudience.parse(task.audience),
            task.cursor_contact_id,
            limit,
          );
    if (again.length === 0 && contacts.length === 0) {
      await setPullTaskStatus(client, tenantId, taskId, 'completed', { finished: true });
      await publishTaskUpdate(client, tenantId, taskId);
      return 'done';
    }
    const fresh = await insertInvites(
      client,
      tenantId,
      taskId,
      group.id,
      contacts.map((contact) => contact.id),
    );
    const invited = new Set([...again.map((contact) => contact.id), ...fresh]);
    const { inviteVariable, ...content } = InviteContent.parse(task.content);
    // Meta's group-invite template: the body variable takes the group's id (`group_id`), which
    // WhatsApp shows as the group's invite. Nobody is added to the group: they open it themselves.
    const invite = { variable: inviteVariable, groupId: group.group_id, link: group.invite_link };
    const recipients = [...again, ...contacts].filter((contact) => invited.has(contact.id));
    if (template && recipients.length > 0) {
      const intents = recipients.map((contact) => {
        const message = renderMessage(
          content,
          template as CampaignTemplate,
          { name: contact.name, waId: contact.wa_id },
          invite,
        );
        return {
          numberId: group.number_id,
          contactId: contact.id,
          type: message.type,
          content: message.content,
          templateId: template.id,
          preview: message.preview,
        };
      });
      const queued = await queueMessages(client, tenantId, intents);
      await meterInvites(
        client,
        tenantId,
        taskId,
        queued.map((message) => message.id),
      );
      await linkInviteMessages(
        client,
        tenantId,
        taskId,
        recipients.map((contact, index) => ({
          contactId: contact.id,
          messageId: (queued[index] as { id: string }).id,
          createdAt: (queued[index] as { createdAt: string }).createdAt,
        })),
      );
    }
    const cursor = contacts.at(-1)?.id ?? task.cursor_contact_id;
    await saveInviteCursor(client, tenantId, taskId, cursor, fresh.length);
    await publishTaskUpdate(client, tenantId, taskId);
    return 'more';
  });
}

/**
 * A running pull-group task: keeps the current group and a spare, and sends the current group's
 * invite link to the audience a chunk at a time. It stops when it must wait for Meta (a group's
 * link), and runs again when the webhook arrives or a group fills.
 */
export const pullRunJob = defineJob({
  name: 'pull_group_run',
  payload,
  maxAttempts: 10,
  async handle({ tenantId, taskId }, _helpers, context) {
    for (;;) {
      if (!(await createMissingGroups(context, tenantId, taskId))) return;
      const outcome = await inviteChunk(context, tenantId, taskId);
      if (outcome !== 'more') return;
    }
  },
});
