import type { Db } from '../../platform/db/pool.js';

/** Creates the message table's monthly partitions up to three months ahead (see ensure_message_partitions). */
export async function ensureMessagePartitions(db: Db): Promise<void> {
  await db.query('select ensure_message_partitions(3)');
}
