import type { AssignmentRecord, ConversationNote } from '@ws/contract';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';

const userRef = (alias: string) =>
  `case when ${alias}.id is null then null
        else json_build_object('id', ${alias}.id::text, 'username', ${alias}.username, 'nickname', ${alias}.nickname) end`;

const NOTE_COLUMNS = `n.id::text, n.conversation_id::text, ${userRef('u')} as author, n.text, ${isoTime('n.created_at')} as created_at`;

export async function insertNote(
  db: Db,
  tenantId: string,
  conversationId: string,
  authorUserId: string,
  text: string,
): Promise<ConversationNote> {
  const { rows } = await db.query<ConversationNote>(
    `with added as (
       insert into conversation_note (tenant_id, conversation_id, author_user_id, text) values ($1, $2, $3, $4)
       returning *
     )
     select ${NOTE_COLUMNS} from added n join app_user u on u.tenant_id = n.tenant_id and u.id = n.author_user_id`,
    [tenantId, conversationId, authorUserId, text],
  );
  return rows[0] as ConversationNote;
}

/** A conversation's notes, oldest first. */
export async function selectNotes(db: Db, tenantId: string, conversationId: string): Promise<ConversationNote[]> {
  const { rows } = await db.query<ConversationNote>(
    `select ${NOTE_COLUMNS} from conversation_note n
       join app_user u on u.tenant_id = n.tenant_id and u.id = n.author_user_id
      where n.tenant_id = $1 and n.conversation_id = $2 order by n.id`,
    [tenantId, conversationId],
  );
  return rows;
}

/** A conversation's transfer history, oldest first. */
export async function selectAssignments(db: Db, tenantId: string, conversationId: string): Promise<AssignmentRecord[]> {
  const { rows } = await db.query<AssignmentRecord>(
    `select h.id::text, ${userRef('f')} as "from", ${userRef('t')} as "to", ${userRef('b')} as by, h.reason, h.note,
            ${isoTime('h.created_at')} as created_at
       from conversation_assignment h
       left join app_user f on f.tenant_id = h.tenant_id and f.id = h.from_user_id
       left join app_user t on t.tenant_id = h.tenant_id and t.id = h.to_user_id
       left join app_user b on b.tenant_id = h.tenant_id and b.id = h.by_user_id
      where h.tenant_id = $1 and h.conversation_id = $2 order by h.id`,
    [tenantId, conversationId],
  );
  return rows;
}
