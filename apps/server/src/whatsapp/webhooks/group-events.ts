/**
 * The four group fields. A group is found by Meta's group id, else (for the answer to a create
 * request) by the request id the product got when it asked; a group Meta reports that the product
 * never created is recorded, so its joins are not lost. Memberships keep Meta's times: a join or
 * leave older than what is recorded (a late delivery) changes nothing, and participant_count is
 * recounted after every change.
 */
import type { GroupEvent, GroupParticipant, GroupsValue } from '../meta/webhook-payload.js';
import type { KnownNumber } from './directory.js';
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
      } else if (!(await changeMembers(work, number, event))) {
        incomplete.push(`group ${event.type} without a group id`);
      }
    } else if (field === 'group_participants_update') {
      if (!event.added_participants?.length && !event.removed_participants?.length) {
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

interface GroupChange {
  status?: 'active' | 'deleted';
  subject?: string;
  description?: string;
  inviteLink?: string;
  joinApprovalMode?: string;
  /** Undefined leaves it, null clears it. */
  suspendedAt?: Date | null;
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
  const { rows } = await work.client.query<{ id: string }>(
    `with found as (
       select id from (
         select id, 1 as rank from wa_group where group_id = $3 and tenant_id = $1
         union all
         select id, 2 from wa_group where tenant_id = $1 and number_id = $2 and request_id = $4 and $4::text is not null
       ) candidates order by rank limit 1
     ),
     changed as (
       update wa_group g
          set group_id = coalesce(g.group_id, $3),
              status = coalesce($5, case when g.status = 'pending' then 'active' else g.status end),
              subject = coalesce($6, g.subject), description = coalesce($7, g.description),
              invite_link = coalesce($8, g.invite_link), join_approval_mode = coalesce($9, g.join_approval_mode),
              suspended_at = case when $10 then $11 else g.suspended_at end, updated_at = now()
         from found where g.tenant_id = $1 and g.id = found.id
       returning g.id
     ),
     made as (
       insert into wa_group (tenant_id, number_id, group_id, request_id, subject, description, invite_link,
                             join_approval_mode, status, suspended_at)
       select $1, $2, $3, $4, coalesce($6, ''), coalesce($7, ''), $8, $9, coalesce($5, 'active'), $11
        where not exists (select 1 from found) and $3::text is not null and $5::text is distinct from 'deleted'
       returning id
     )
     select id::text from changed union all select id::text from made`,
    [
      number.tenantId,
      number.id,
      event.group_id ?? null,
      event.request_id ?? null,
      change.status ?? null,
      change.subject ?? null,
      change.description ?? null,
      change.inviteLink ?? null,
      change.joinApprovalMode ?? null,
      change.suspendedAt !== undefined,
      change.suspendedAt ?? null,
    ],
  );
  return rows[0]?.id;
}

/** A create request Meta refused; false when the product has no such request. */
async function failCreate(work: Work, number: KnownNumber, event: GroupEvent): Promise<boolean> {
  const { rowCount } = await work.client.query(
    `update wa_group set status = 'failed', updated_at = now()
      where tenant_id = $1 and number_id = $2 and request_id = $3 and status = 'pending'`,
    [number.tenantId, number.id, event.request_id ?? null],
  );
  return (rowCount ?? 0) > 0;
}

/** Who a participant entry names: the wa_id, else what the business sent (digits of a phone). */
const participantId = (participant: GroupParticipant): string | undefined =>
  participant.wa_id ??
  participant.user_id ??
  (participant.input ? participant.input.replace(/^\+/, '').replace(/[\s()-]/g, '') : undefined);

const idsOf = (participants: readonly GroupParticipant[] | undefined): string[] =>
  (participants ?? []).map(participantId).filter((id): id is string => id !== undefined);

/** Creation (with its first members), joins and leaves or removals; false when the group is unknown. */
async function changeMembers(work: Work, number: KnownNumber, event: GroupEvent): Promise<boolean> {
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
  if (!groupRef) return false;
  const at = fromUnix(event.timestamp);
  const joined = idsOf(event.added_participants);
  const left = idsOf(event.removed_participants);
  if (joined.length > 0) {
    await work.client.query(
      `insert into wa_group_participant as p (tenant_id, group_ref, wa_id, contact_id, joined_at, via)
       select $1, $2, w.wa_id, (select id from contact c where c.tenant_id = $1 and c.wa_id = w.wa_id), $3, $4
         from unnest($5::text[]) as w (wa_id)
       on conflict (tenant_id, group_ref, wa_id) do update
          set joined_at = excluded.joined_at, left_at = null, left_by = null, via = excluded.via,
              contact_id = coalesce(p.contact_id, excluded.contact_id)
        where p.left_at is not null and p.left_at < excluded.joined_at`,
      [number.tenantId, groupRef, at, event.reason ?? (creates ? 'created' : 'added'), [...new Set(joined)]],
    );
  }
  if (left.length > 0) {
    await work.client.query(
      `insert into wa_group_participant as p (tenant_id, group_ref, wa_id, contact_id, left_at, left_by)
       select $1, $2, w.wa_id, (select id from contact c where c.tenant_id = $1 and c.wa_id = w.wa_id), $3, $4
         from unnest($5::text[]) as w (wa_id)
       on conflict (tenant_id, group_ref, wa_id) do update
          set left_at = excluded.left_at, left_by = excluded.left_by
        where p.left_at is null and (p.joined_at is null or p.joined_at <= excluded.left_at)`,
      [number.tenantId, groupRef, at, event.initiated_by ?? 'business', [...new Set(left)]],
    );
  }
  await work.client.query(
    `update wa_group set participant_count = (
       select count(*) from wa_group_participant where tenant_id = $1 and group_ref = $2 and left_at is null)
      where tenant_id = $1 and id = $2`,
    [number.tenantId, groupRef],
  );
  return true;
}
