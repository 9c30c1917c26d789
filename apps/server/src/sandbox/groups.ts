import type { SendMessage, TemplateMessage } from '../whatsapp/meta/send-message.js';
import { graphErrors } from './graph-errors.js';
import { MAX_GROUP_PARTICIPANTS } from './limits.js';
import type { Sandbox } from './sandbox.js';
import type { SandboxCustomer, SandboxGroup, SandboxNumber } from './state.js';
import { type GroupEventInput, groupsValue, inviteLinkOf, unixSeconds } from './webhook-events.js';

const INVITE_LINK = /chat\.whatsapp\.com\/([A-Za-z0-9]{6,64})/;

/** The group whose invite link a text carries, if any. */
export function groupInvitedIn(sandbox: Sandbox, text: string): SandboxGroup | undefined {
  const match = INVITE_LINK.exec(text);
  return match ? sandbox.store.groupsByInvite.get(match[1] as string) : undefined;
}

/** The `group_id` parameters of a template send's body, each with the path that names it in a refusal. */
function groupIdsOf(template: TemplateMessage['template']): { path: string; groupId: string }[] {
  const found: { path: string; groupId: string }[] = [];
  (template.components ?? []).forEach((component, index) => {
    if (component.type !== 'body') return;
    component.parameters.forEach((parameter, at) => {
      if (parameter.type === 'group_id') {
        found.push({ path: `template.components.${index}.parameters.${at}.group_id`, groupId: parameter.group_id });
      }
    });
  });
  return found;
}

/**
 * The groups a template send invites its recipient to (its body's `group_id` parameters): each must
 * be a group of the sending number, else Meta's 131041 (the group does not exist or the number is
 * not in it), naming the parameter.
 */
export function invitedGroups(
  sandbox: Sandbox,
  number: SandboxNumber,
  template: TemplateMessage['template'],
): SandboxGroup[] {
  return groupIdsOf(template).map(({ path, groupId }) => {
    const group = sandbox.store.groups.get(groupId);
    if (!group || group.phoneNumberId !== number.id) throw graphErrors.groupUnknown(`${path} ${groupId}`);
    return group;
  });
}

/**
 * An invite to these groups reached the customer (its message was delivered): from now on they
 * may open it (`/_sandbox/join-group` by group id). A group deleted meanwhile is skipped.
 */
export function recordInvites(sandbox: Sandbox, groupIds: readonly string[], waId: string): void {
  for (const id of groupIds) {
    const group = sandbox.store.groups.get(id);
    if (!group) continue;
    group.invited ??= {};
    group.invited[waId] = sandbox.now();
  }
  sandbox.store.changed();
}

/** The group a sent message invites to: a template's `group_id` parameter, else an invite link in its text. */
export function groupInvitedBy(sandbox: Sandbox, message: SendMessage, text: string): SandboxGroup | undefined {
  const invite = message.type === 'template' ? groupIdsOf(message.template)[0] : undefined;
  return invite ? sandbox.store.groups.get(invite.groupId) : groupInvitedIn(sandbox, text);
}

function groupNumber(sandbox: Sandbox, group: SandboxGroup): SandboxNumber {
  return sandbox.store.numbers.get(group.phoneNumberId) as SandboxNumber;
}

function emitGroupEvent(
  sandbox: Sandbox,
  group: SandboxGroup,
  field: 'group_lifecycle_update' | 'group_participants_update' | 'group_settings_update',
  event: Partial<GroupEventInput> & { type: string },
): void {
  const number = groupNumber(sandbox, group);
  const value = groupsValue(number, { ...event, timestamp: unixSeconds(sandbox.now()), group_id: group.id });
  sandbox.emitChange(number.wabaId, { field, value });
}

/**
 * Creates a group: Meta answers with a request id at once and reports the group (id and invite
 * link) by a `group_lifecycle_update` webhook shortly after.
 */
export function createGroup(
  sandbox: Sandbox,
  number: SandboxNumber,
  input: { subject: string; description?: string; join_approval_mode?: 'auto_approve' | 'approval_required' },
): { requestId: string; group: SandboxGroup } {
  if (number.officialBusinessAccount !== true || !number.registered) throw graphErrors.groupsNotEligible();
  const { store } = sandbox;
  const requestId = store.code(32).toUpperCase();
  const group: SandboxGroup = {
    id: Buffer.from(`capi_group:${number.phone}:${store.digits(18)}`).toString('base64url'),
    phoneNumberId: number.id,
    subject: input.subject,
    description: input.description ?? '',
    joinApprovalMode: input.join_approval_mode ?? 'auto_approve',
    inviteCode: store.code(22),
    participants: {},
    joinRequests: {},
    createdAt: sandbox.now(),
  };
  sandbox.scheduler.schedule(sandbox.settings.delays.groupCreateMs, () => {
    if (!store.numbers.has(number.id)) return;
    store.addGroup(group);
    emitGroupEvent(sandbox, group, 'group_lifecycle_update', {
      type: 'group_create',
      request_id: requestId,
      subject: group.subject,
      description: group.description,
      invite_link: inviteLinkOf(group),
      join_approval_mode: group.joinApprovalMode,
    });
  });
  return { requestId, group };
}

/**
 * Changes the subject and/or description (`POST /{group-id}`); Meta answers at once and reports
 * each setting's outcome by a `group_settings_update` webhook.
 */
export function updateGroupSettings(
  sandbox: Sandbox,
  group: SandboxGroup,
  change: { subject?: string; description?: string },
): string {
  const requestId = sandbox.store.code(32).toUpperCase();
  if (change.subject !== undefined) group.subject = change.subject;
  if (change.description !== undefined) group.description = change.description;
  sandbox.store.changed();
  emitGroupEvent(sandbox, group, 'group_settings_update', {
    type: 'group_settings_update',
    request_id: requestId,
    ...(change.subject === undefined ? {} : { group_subject: { text: change.subject, update_successful: true } }),
    ...(change.description === undefined
      ? {}
      : { group_description: { text: change.description, update_successful: true } }),
  });
  return requestId;
}

export function deleteGroup(sandbox: Sandbox, group: SandboxGroup): void {
  sandbox.store.removeGroup(group);
  emitGroupEvent(sandbox, group, 'group_lifecycle_update', {
    type: 'group_delete',
    request_id: sandbox.store.code(32).toUpperCase(),
  });
}

export function participantCount(group: SandboxGroup): number {
  return Object.keys(group.participants).length;
}

function addParticipant(sandbox: Sandbox, group: SandboxGroup, waId: string, reason: string): void {
  group.participants[waId] = sandbox.now();
  sandbox.store.changed();
  emitGroupEvent(sandbox, group, 'group_participants_update', {
    type: 'group_participants_add',
    reason,
    added_participants: [{ input: waId, wa_id: waId }],
  });
}

/**
 * A customer opens the group's invite link. In a group that needs approval this files a join
 * request; otherwise the customer joins unless the group already has its 8 participants.
 * Returns what happened.
 */
export function joinByInviteLink(
  sandbox: Sandbox,
  group: SandboxGroup,
  customer: SandboxCustomer,
): 'joined' | 'requested' | 'already' | 'full' {
  if (group.participants[customer.waId] !== undefined) return 'already';
  if (group.joinApprovalMode === 'approval_required') {
    const pending = Object.values(group.joinRequests).some((request) => request.waId === customer.waId);
    if (pending) return 'already';
    const requestId = sandbox.store.numericId();
    group.joinRequests[requestId] = { waId: customer.waId, createdAt: sandbox.now() };
    sandbox.store.changed();
    emitGroupEvent(sandbox, group, 'group_participants_update', {
      type: 'group_join_request_created',
      join_request_id: requestId,
      wa_id: customer.waId,
    });
    return 'requested';
  }
  if (participantCount(group) >= MAX_GROUP_PARTICIPANTS) return 'full';
  addParticipant(sandbox, group, customer.waId, 'invite_link');
  return 'joined';
}

/** Approves join requests; each fails alone when unknown or when the group is full. */
export function approveJoinRequests(sandbox: Sandbox, group: SandboxGroup, ids: string[]) {
  const approved: string[] = [];
  const failed: { join_request_id: string; errors: object[] }[] = [];
  for (const id of ids) {
    const request = group.joinRequests[id];
    const error = !request
      ? graphErrors.invalidParameter(`join_requests: ${id} is not a pending join request of this group`)
      : participantCount(group) >= MAX_GROUP_PARTICIPANTS
        ? graphErrors.groupParticipantOverlimit()
        : undefined;
    if (error || !request) {
      failed.push({ join_request_id: id, errors: [(error ?? graphErrors.invalidParameter(id)).body] });
      continue;
    }
    delete group.joinRequests[id];
    addParticipant(sandbox, group, request.waId, 'invite_link');
    approved.push(id);
  }
  return { approved, failed };
}

export function rejectJoinRequests(sandbox: Sandbox, group: SandboxGroup, ids: string[]) {
  const rejected: string[] = [];
  const failed: { join_request_id: string; errors: object[] }[] = [];
  for (const id of ids) {
    if (!group.joinRequests[id]) {
      failed.push({
        join_request_id: id,
        errors: [graphErrors.invalidParameter(`join_requests: ${id} is not a pending join request of this group`).body],
      });
      continue;
    }
    delete group.joinRequests[id];
    rejected.push(id);
  }
  sandbox.store.changed();
  return { rejected, failed };
}

/** Removes participants; every wa_id must be in the group (131212 otherwise, and nobody is removed). */
export function removeParticipants(sandbox: Sandbox, group: SandboxGroup, waIds: string[]): void {
  if (waIds.some((waId) => group.participants[waId] === undefined)) throw graphErrors.notAParticipant();
  for (const waId of waIds) delete group.participants[waId];
  sandbox.store.changed();
  emitGroupEvent(sandbox, group, 'group_participants_update', {
    type: 'group_participants_remove',
    initiated_by: 'business',
    removed_participants: waIds.map((waId) => ({ input: waId, wa_id: waId })),
  });
}
