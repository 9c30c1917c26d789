/**
 * The four group fields. A group is found by Meta's group id, else (for the answer to a create
 * request) by the request id the product got when it asked; a group Meta reports that the product
 * never created is recorded, so its joins are not lost. Memberships keep Meta's times: a join or
 * leave older than what is recorded (a late delivery) changes nothing, and participant_count is
 * recounted after every change.
 */
import { joinRequested, taskGroupCreated, taskGroupMembersChanged } from '../../modules/groups/pull-events.js';
import type { GroupEvent, GroupParticipant, GroupsValue } from '../meta/webhook-payload.js';
import type { KnownNumber } from './directory.js';
import {
  addParticipants,
  failGroupRequest,
  type GroupChange,
  recountParticipants,
  removeParticipants,
  upsertGroup,
} from './group-repository.js';
import { type ChangeResult, fromUnix, type Work, withoutNul } from './work.js';

type GroupField =
  | 'group_lifecycle_update'
  | 'group_participants_update'
  | 'group_settings_update'
  | 'group_status_update';

export async function handleGroups(work: Work, field: GroupField, value: GroupsValue): Promise<ChangeResult> {
  const number = await work.directory.numberByPhoneNumberId(value.metadata.phone_number_id);
  if (!number) return { unknownNumber: `phone_number_id ${value.metadata.phone_number_id}` };
  const notes: string[] = [];
  const incomplete: string[] = [];
  for (const event of value.groups) {
    const failure = event.errors?.length
      ? event.errors.map((error) => `${error.code} ${error.title ?? error.message ?? ''}`)
      : [];
    if (failure.length > 0)
      notes.push(`group ${event.group_id ?? event.request_id} ${event.type}: ${failure.join('; ')}`);
    if (field === 'group_lifecycle_update') {
      if (event.type === 'group_delete') {
        if (failure.length === 0) await updateGroup(work, number, event, { status: 'deleted' });
      } else if (failure.length > 0) {
        if (!(await failCreate(work, number, event))) incomplete.push(`group request ${event.request_id} not found`);
      } else {
        const groupRef = await changeMembers(work, number, event);
        if (!groupRef) incomplete.push(`group ${event.type} without a group id`);
        else if (event.type === 'group_create') await taskGroupCreated(work.client, number.tenantId, groupRef);
      }
    } else if (field === 'group_participants_update') {
      if (event.type === 'group_join_request_created' && event.join_request_id && event.wa_id && event.group_id) {
        const groupRef = await updateGroup(work, number, event, {});
        if (!groupRef) incomplete.push(`group ${event.type} for an unknown group`);
        else {
          await joinRequested(work.client, number.tenantId, groupRef, {
            id: event.join_request_id,
            waId: String(event.wa_id),
            at: fromUnix(event.timestamp),
          });
        }
      } else if (!event.added_participants?.length && !event.removed_participants?.length) {
        notes.push(`group event ${event.type} recorded only`);
      } else if (!(await changeMembers(work, number, event))) {
        incomplete.push(`group ${event.type} without a group id`);
      }
    } else if (field === 'group_settings_update') {
      const applied = (setting: GroupEvent['group_subject']) =>
        setting?.update_successful !== false && setting?.text !== undefined ? withoutNul(setting.text) : undefined;
      await updateGroup(work, number, event, {
        subject: applied(event.group_subject),
        description: applied(event.group_description),
      });
    } else if (event.type === 'group_suspend' || event.type === 'group_suspend_cleared') {
      await updateGroup(work, number, event, {
        suspendedAt: event.type === 'group_suspend' ? fromUnix(event.timestamp) : null,
      });
    } else {
      notes.push(`group status ${event.type} not handled`);
    }
  }
  return { tenantId: number.tenantId, notes, incomplete };
}

/**
 * The group's row, found (and given Meta's id) or created, with the change applied. A row found
 * by request id was the product's create request; Meta's answer makes it active.
 */
async function updateGroup(
  work: Work,
  number: KnownNumber,
  event: GroupEvent,
  change: GroupChange,
): Promise<string | undefined> {
  return upsertGroup(work.client, number.tenantId, number.id, event.group_id ?? null, event.request_id ?? null, change);
}

/** A create request Meta refused; false when the product has no such request. */
async function failCreate(work: Work, number: KnownNumber, event: GroupEvent): Promise<boolean> {
  return failGroupRequest(work.client, number.tenantId, number.id, event.request_id ?? null);
}

/** Who a participant entry names: the wa_id, else what the business sent (digits of a phone). */
const participantId = (participant: GroupParticipant): string | undefined =>
  participant.wa_id ??
  participant.user_id ??
  (participant.input ? participant.input.replace(/^\+/, '').replace(/[\s()-]/g, '') : undefined);

const idsOf = (participants: readonly GroupParticipant[] | undefined): string[] =>
  (participants ?? []).map(participantId).filter((id): id is string => id !== undefined);

/**
 * Creation (with its first members), joins and leaves or removals, then what they mean for a
 * pull-group task; the group's row id, or undefined when the group is unknown.
 */
async function changeMembers(work: Work, number: KnownNumber, event: GroupEvent): Promise<string | undefined> {
  const creates = event.type === 'group_create' && !event.removed_participants;
  const groupRef = await updateGroup(
    work,
    number,
    event,
    creates
      ? {
          status: 'active',
          subject: event.subject === undefined ? undefined : withoutNul(event.subject),
          description: event.description === undefined ? undefined : withoutNul(event.description),
          inviteLink: event.invite_link,
          joinApprovalMode: event.join_approval_mode,
        }
      : {},
  );
  if (!groupRef) return undefined;
  const at = fromUnix(event.timestamp);
  const joined = idsOf(event.added_participants);
  const left = idsOf(event.removed_participants);
  if (joined.length > 0) {
    await addParticipants(work.client, number.tenantId, groupRef, at, event.reason ?? (creates ? 'created' : 'added'), [
      ...new Set(joined),
    ]);
  }
  if (left.length > 0) {
    await removeParticipants(work.client, number.tenantId, groupRef, at, event.initiated_by ?? 'business', [
      ...new Set(left),
    ]);
  }
  await recountParticipants(work.client, number.tenantId, groupRef);
  await taskGroupMembersChanged(work.client, number.tenantId, groupRef);
  return groupRef;
}
