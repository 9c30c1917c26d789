import { type Pool, prepared } from '../../platform/db/pool.js';

export interface MediaMessageRow {
  number_id: string;
  type: string;
  body: Record<string, unknown>;
}

/** A message of the tenant by its key (id and created_at, the partition key). */
export async function selectMediaMessage(
  pool: Pool,
  tenantId: string,
  messageId: string,
  createdAt: string,
): Promise<MediaMessageRow | undefined> {
  const { rows } = await pool.query<MediaMessageRow>(
    prepared(
      `select number_id::text, type, body from message
        where tenant_id = $1 and created_at = $2::timestamptz and id = $3`,
      [tenantId, createdAt, messageId],
    ),
  );
  return rows[0];
}
