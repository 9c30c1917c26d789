import { type Scope, scopeWhere } from '../../platform/auth/scope.js';
import { type Pool, prepared } from '../../platform/db/pool.js';
import { BoundValues } from '../../platform/db/sql-values.js';

export interface MediaMessageRow {
  number_id: string;
  type: string;
  body: Record<string, unknown>;
}

/** One number's thread with one contact (a conversation): the message must be of it. */
export interface Thread {
  numberId: string;
  contactId: string;
}

/** A message the scope may see, by its key (id and created_at, the partition key), optionally of one thread. */
export async function selectMediaMessage(
  pool: Pool,
  scope: Scope,
  messageId: string,
  createdAt: string,
  thread?: Thread,
): Promise<MediaMessageRow | undefined> {
  const sql = new BoundValues();
  const ofThread = thread
    ? `and m.number_id = ${sql.add(thread.numberId, 'bigint')} and m.contact_id = ${sql.add(thread.contactId, 'bigint')}`
    : '';
  const { rows } = await pool.query<MediaMessageRow>(
    prepared(
      `select m.number_id::text, m.type, m.body from message m
        where ${scopeWhere(scope, sql, { tenant: 'm.tenant_id', contact: 'm.contact_id' })}
          and m.created_at = ${sql.add(createdAt, 'timestamptz')} and m.id = ${sql.add(messageId, 'bigint')} ${ofThread}`,
      sql.values,
    ),
  );
  return rows[0];
}
