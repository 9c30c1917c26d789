import { z } from 'zod';
import { Id } from './auth.js';
import { defineCall } from './call.js';
import { TemplateContent, VARIABLE_KEY } from './campaign-content.js';
import { CampaignAudience } from './campaigns.js';
import { envelopeOf } from './envelope.js';
import { cappedPageOf, listRequestOf, pageOf, textFilter } from './paging.js';

/**
 * Group invites (issue 18, decision 0021): pull-group tasks (`/groupManage/pullGroup`). Groups are
 * created through the Cloud API's Groups API on numbers that are Official Business Accounts, at
 * most 8 participants each; the invite goes to opted-in contacts by approved template (Meta's
 * group-invite template, the group in its `group_id` parameter) through the send governor; people
 * join by themselves, join requests are approved while seats remain, and
 * a full group rotates to the next, one spare kept ready. Nobody is ever added to a group.
 */

const GROUP_ACCESS = ['admin', 'operator'] as const;

/** Meta's largest group. */
export const MAX_GROUP_PARTICIPANTS = 8;
export const PULL_LIMITS = { name: 100, subject: 100, description: 2048, hosts: 20 } as const;

/** The host numbers: 1 to 20 ids, repeats dropped. */
const HostIds = z
  .array(Id)
  .min(1)
  .max(PULL_LIMITS.hosts)
  .transform((ids) => [...new Set(ids)]);

/**
 * draft: created, not started; running: creating groups and sending invites; paused by an
 * operator; stopped: ended by an operator (groups stay, joins are still approved while seats
 * remain); completed: every contact of the audience was invited.
 */
export const PULL_TASK_STATUSES = ['draft', 'running', 'paused', 'stopped', 'completed'] as const;
export const PullTaskStatus = z.enum(PULL_TASK_STATUSES);
export type PullTaskStatus = z.infer<typeof PullTaskStatus>;

/** rotate: the current group takes no more invites; the spare becomes current and a new spare is made. */
export const PULL_OPERATIONS = ['start', 'pause', 'resume', 'stop', 'rotate'] as const;
export const PullOperationName = z.enum(PULL_OPERATIONS);
export type PullOperationName = z.infer<typeof PullOperationName>;

/**
 * A task's group: creating (asked, Meta's webhook not yet in), spare (ready, its turn to come),
 * current (its link goes out), rotated (took its share of invites; still admits joins), full
 * (8 participants), failed (Meta refused to create it), deleted.
 */
export const PULL_GROUP_ROLES = ['creating', 'spare', 'current', 'rotated', 'full', 'failed', 'deleted'] as const;
export const PullGroupRole = z.enum(PULL_GROUP_ROLES);
export type PullGroupRole = z.infer<typeof PullGroupRole>;

/** An invitation: sent (queued to the governor), requested to join, joined, or declined because the group was full. */
export const INVITE_STATES = ['invited', 'requested', 'joined', 'declined'] as const;
export const InviteState = z.enum(INVITE_STATES);
export type InviteState = z.infer<typeof InviteState>;

/** Why a number cannot host groups. */
export const HOST_REFUSALS = ['not_official', 'not_connected', 'quality_red', 'other_waba', 'check_failed'] as const;
export const HostRefusal = z.enum(HOST_REFUSALS);
export type HostRefusal = z.infer<typeof HostRefusal>;

/**
 * The invite's template (Meta's group-invite template): its variables, and the body variable that
 * carries the group (`groupInviteVariables`): each invitation fills it with Meta's `group_id`
 * parameter, the current group's id, which WhatsApp shows as that group's invite. `pulladd`
 * refuses any other variable; tasks made when a URL button could take the link's code were
 * stopped by migration 0055.
 */
export const InviteContent = TemplateContent.extend({
  inviteVariable: z.string().regex(VARIABLE_KEY, 'must be like body.1'),
});
export type InviteContent = z.output<typeof InviteContent>;

export const NewPullTask = z.object({
  name: z.string().trim().min(1).max(PULL_LIMITS.name),
  /** Each group's subject; `{n}` becomes the group's number in the task (appended when absent). */
  subjectPattern: z.string().trim().min(1).max(PULL_LIMITS.subject),
  description: z.string().trim().max(PULL_LIMITS.description).default(''),
  numberIds: HostIds,
  audience: CampaignAudience,
  content: InviteContent,
  /** How many contacts get one group's link before the next group takes over. */
  invitesPerGroup: z.number().int().min(MAX_GROUP_PARTICIPANTS).max(1000).default(24),
});
export type NewPullTask = z.output<typeof NewPullTask>;

export const PullTask = z.object({
  id: Id,
  name: z.string(),
  subject_pattern: z.string(),
  description: z.string(),
  status: PullTaskStatus,
  numbers: z.array(z.object({ id: Id, phone: z.string() })),
  audience: CampaignAudience,
  content: InviteContent,
  template: z.object({ id: Id, name: z.string(), language: z.string() }).nullable(),
  invites_per_group: z.number().int(),
  /** Roll-ups kept with the work: invitations queued, contacts joined, join requests declined, groups made. */
  invited: z.number().int(),
  joined: z.number().int(),
  declined: z.number().int(),
  groups: z.number().int(),
  /** The current group's invite link, once Meta sent it. */
  current_invite_link: z.string().nullable(),
  /** The last failure (Meta's refusal to create a group), for the operator. */
  last_error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type PullTask = z.infer<typeof PullTask>;

export const HostCheck = z.object({
  number_id: Id,
  phone: z.string(),
  eligible: z.boolean(),
  reason: HostRefusal.nullable(),
});
export type HostCheck = z.infer<typeof HostCheck>;

export const GroupMember = z.object({
  wa_id: z.string(),
  contact_id: Id.nullable(),
  name: z.string(),
  joined_at: z.string().nullable(),
  left_at: z.string().nullable(),
});

export const Group = z.object({
  id: Id,
  group_id: z.string().nullable(),
  number_id: Id,
  number_phone: z.string(),
  subject: z.string(),
  description: z.string(),
  invite_link: z.string().nullable(),
  status: z.enum(['pending', 'active', 'deleted', 'failed']),
  participant_count: z.number().int(),
  task_id: Id.nullable(),
  task_name: z.string().nullable(),
  role: PullGroupRole.nullable(),
  invited: z.number().int(),
  /** Join requests waiting for a decision. */
  pending_requests: z.number().int(),
  created_at: z.string(),
});
export type Group = z.infer<typeof Group>;

export const PullDetails = z.object({
  task: PullTask,
  groups: z.array(Group.extend({ members: z.array(GroupMember) })),
});
export type PullDetails = z.infer<typeof PullDetails>;

export const InviteRecord = z.object({
  contact_id: Id,
  wa_id: z.string(),
  name: z.string(),
  group_ref: Id,
  group_subject: z.string(),
  state: InviteState,
  /** The invite message's status as its webhooks tell it (queued, sent, delivered, read, failed…). */
  message_status: z.string().nullable(),
  invited_at: z.string(),
  delivered_at: z.string().nullable(),
  joined_at: z.string().nullable(),
});
export type InviteRecord = z.infer<typeof InviteRecord>;

export const PullListRequest = listRequestOf({
  search: textFilter(PULL_LIMITS.name),
  status: PullTaskStatus.nullish(),
});
export const PullRecordsRequest = listRequestOf({
  state: InviteState.nullish(),
  /** Digits of the phone number. */
  search: textFilter(32),
}).extend({ id: Id });
export const GroupListRequest = listRequestOf({
  numberId: Id.nullish(),
  taskId: Id.nullish(),
  search: textFilter(PULL_LIMITS.subject),
});
export const PullTaskRef = z.object({ id: Id });
export const PullOperation = z.object({ id: Id, operation: PullOperationName });
export const HostCheckRequest = z.object({ numberIds: HostIds });

const call = { tag: 'groups', access: GROUP_ACCESS } as const;
const csvFile = { contentType: 'text/csv; charset=utf-8' } as const;

export const groupCalls = {
  groupPullhosts: defineCall({
    ...call,
    id: 'group.pullhosts',
    method: 'POST',
    path: '/api/group/pullhosts',
    summary: 'Whether each number may host groups (asks Meta whether it is an Official Business Account), and why not',
    kind: 'read',
    body: HostCheckRequest,
    reply: envelopeOf(z.array(HostCheck)),
  }),
  groupPulladd: defineCall({
    ...call,
    id: 'group.pulladd',
    method: 'POST',
    path: '/api/group/pulladd',
    summary: 'Creates a pull-group task (a draft: start it with pulloperation)',
    kind: 'create',
    body: NewPullTask,
    reply: envelopeOf(PullTask),
  }),
  groupPulllist: defineCall({
    ...call,
    id: 'group.pulllist',
    method: 'POST',
    path: '/api/group/pulllist',
    summary: 'The pull-group tasks, newest first, with their counts',
    kind: 'read',
    body: PullListRequest,
    reply: envelopeOf(pageOf(PullTask)),
  }),
  groupPulldetails: defineCall({
    ...call,
    id: 'group.pulldetails',
    method: 'POST',
    path: '/api/group/pulldetails',
    summary: 'One task with its groups, each with its members, invite link and role',
    kind: 'read',
    body: PullTaskRef,
    reply: envelopeOf(PullDetails),
  }),
  groupPulloperation: defineCall({
    ...call,
    id: 'group.pulloperation',
    method: 'POST',
    path: '/api/group/pulloperation',
    summary: 'Start, pause, resume, stop a task, or rotate its invite link to the next group',
    kind: 'action',
    body: PullOperation,
    reply: envelopeOf(PullTask),
  }),
  groupPullrecords: defineCall({
    ...call,
    id: 'group.pullrecords',
    method: 'POST',
    path: '/api/group/pullrecords',
    summary: "A task's invitation records: sent, delivered, joined",
    kind: 'read',
    body: PullRecordsRequest,
    reply: envelopeOf(cappedPageOf(InviteRecord)),
  }),
  groupPulldown: defineCall({
    ...call,
    id: 'group.pulldown',
    method: 'POST',
    path: '/api/group/pulldown',
    summary: "A task's groups and their members, as CSV (UTF-8 with BOM)",
    kind: 'action',
    body: PullTaskRef,
    file: csvFile,
    reply: z.string().describe('CSV with a header row'),
  }),
  groupPulldownrec: defineCall({
    ...call,
    id: 'group.pulldownrec',
    method: 'POST',
    path: '/api/group/pulldownrec',
    summary: "A task's invitation records, as CSV (UTF-8 with BOM), streamed",
    kind: 'action',
    body: PullTaskRef,
    file: csvFile,
    reply: z.string().describe('CSV with a header row'),
  }),
  groupPullfansex: defineCall({
    ...call,
    id: 'group.pullfansex',
    method: 'POST',
    path: '/api/group/pullfansex',
    summary: 'The contacts who joined a group of the task, as CSV (UTF-8 with BOM)',
    kind: 'action',
    body: PullTaskRef,
    file: csvFile,
    reply: z.string().describe('CSV with a header row'),
  }),
  groupList: defineCall({
    ...call,
    id: 'group.list',
    method: 'POST',
    path: '/api/group/list',
    summary: 'Every group of the tenant, newest first, with its task and participant count',
    kind: 'read',
    body: GroupListRequest,
    reply: envelopeOf(pageOf(Group)),
  }),
} as const;
