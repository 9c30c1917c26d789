import { CampaignAudience, InviteContent, type PullTask } from '@ws/contract';
import type { PullTaskRow } from './pull-task-repository.js';

export function presentPullTask(row: PullTaskRow): PullTask {
  return {
    id: row.id,
    name: row.name,
    subject_pattern: row.subject_pattern,
    description: row.description,
    status: row.status,
    numbers: row.numbers,
    audience: CampaignAudience.parse(row.audience),
    content: InviteContent.parse(row.content),
    template: row.template,
    invites_per_group: row.invites_per_group,
    invited: row.invited,
    joined: row.joined,
    declined: row.declined,
    groups: row.group_count,
    current_invite_link: row.current_invite_link,
    last_error: row.last_error,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

/** A group's subject: the task's pattern with its number in the task. */
export const subjectOf = (pattern: string, no: number): string => pattern.replaceAll('{n}', String(no)).slice(0, 128);
