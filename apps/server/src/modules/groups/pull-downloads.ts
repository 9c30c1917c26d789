import type { Group, InviteRecord, InviteState, Language } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import type { FileReply } from '../../platform/http/file-route.js';
import { csvTable, fileStamp, type TableColumn } from '../../platform/http/table-download.js';
import { selectInviteRecords, selectTaskGroups } from './group-queries-repository.js';
import { taskOrNotFound } from './pull-queries.js';

/** Records read per query: the download walks the task in contact order, holding no connection. */
const BATCH_ROWS = 5_000;

export const INVITE_STATE_TEXTS: Record<InviteState, { zh: string; en: string }> = {
  invited: { zh: '已邀请', en: 'Invited' },
  requested: { zh: '已申请入群', en: 'Asked to join' },
  joined: { zh: '已入群', en: 'Joined' },
  declined: { zh: '群已满，未通过', en: 'Declined (group full)' },
};

const RECORD_COLUMNS: TableColumn<InviteRecord>[] = [
  { zh: '号码', en: 'Phone', value: (row) => `+${row.wa_id}` },
  { zh: '名称', en: 'Name', value: (row) => row.name },
  { zh: '群', en: 'Group', value: (row) => row.group_subject },
  { zh: '状态', en: 'State', value: (row, language) => INVITE_STATE_TEXTS[row.state][language] },
  { zh: '消息状态', en: 'Message status', value: (row) => row.message_status ?? '' },
  { zh: '邀请时间 (UTC)', en: 'Invited (UTC)', value: (row) => row.invited_at },
  { zh: '送达时间 (UTC)', en: 'Delivered (UTC)', value: (row) => row.delivered_at ?? '' },
  { zh: '入群时间 (UTC)', en: 'Joined (UTC)', value: (row) => row.joined_at ?? '' },
];

type MemberRow = {
  group: Group;
  wa_id: string;
  contact_id: string | null;
  name: string;
  joined_at: string | null;
  left_at: string | null;
};

const MEMBER_COLUMNS: TableColumn<MemberRow>[] = [
  { zh: '群', en: 'Group', value: (row) => row.group.subject },
  { zh: '群 ID', en: 'Group id', value: (row) => row.group.group_id ?? '' },
  { zh: '邀请链接', en: 'Invite link', value: (row) => row.group.invite_link ?? '' },
  { zh: '群主号码', en: 'Host number', value: (row) => row.group.number_phone },
  { zh: '成员数', en: 'Participants', value: (row) => row.group.participant_count },
  { zh: '成员', en: 'Member', value: (row) => (row.wa_id ? `+${row.wa_id}` : '') },
  { zh: '名称', en: 'Name', value: (row) => row.name },
  { zh: '入群时间 (UTC)', en: 'Joined (UTC)', value: (row) => row.joined_at ?? '' },
  { zh: '退群时间 (UTC)', en: 'Left (UTC)', value: (row) => row.left_at ?? '' },
];

function recordFile(
  context: AppContext,
  scope: Scope,
  taskId: string,
  language: Language,
  name: string,
  joinedOnly: boolean,
): FileReply {
  async function* batches() {
    let after = '0';
    for (;;) {
      const rows = await selectInviteRecords(
        context.pool,
        scope,
        taskId,
        { joinedOnly },
        {
          limit: BATCH_ROWS,
          offset: 0,
          afterContactId: after,
        },
      );
      yield rows;
      if (rows.length < BATCH_ROWS) return;
      after = (rows.at(-1) as InviteRecord).contact_id;
    }
  }
  return { fileName: `${name}-${taskId}-${fileStamp()}.csv`, body: csvTable(batches(), RECORD_COLUMNS, language) };
}

/** `group/pulldownrec`: every invitation of the task. */
export async function downloadInviteRecords(context: AppContext, scope: Scope, id: string, language: Language) {
  await taskOrNotFound(context, scope, id);
  return recordFile(context, scope, id, language, 'pull-group-invites', false);
}

/** `group/pullfansex`: the contacts who joined a group of the task. */
export async function downloadJoinedContacts(context: AppContext, scope: Scope, id: string, language: Language) {
  await taskOrNotFound(context, scope, id);
  return recordFile(context, scope, id, language, 'pull-group-joined', true);
}

/** `group/pulldown`: the task's groups, one row per member (a group without members: one row). */
export async function downloadGroups(
  context: AppContext,
  scope: Scope,
  id: string,
  language: Language,
): Promise<FileReply> {
  await taskOrNotFound(context, scope, id);
  const groups = await selectTaskGroups(context.pool, scope, id);
  const rows: MemberRow[] = groups.flatMap((group) =>
    group.members.length === 0
      ? [{ group, wa_id: '', contact_id: null, name: '', joined_at: null, left_at: null }]
      : group.members.map((member) => ({ group, ...member })),
  );
  async function* batches() {
    yield rows;
  }
  return {
    fileName: `pull-group-groups-${id}-${fileStamp()}.csv`,
    body: csvTable(batches(), MEMBER_COLUMNS, language),
  };
}
