import { type Db, withTransaction } from '../../platform/db/pool.js';

/**
 * Runs a link command in the caller's transaction when `db` is a client (another module's command,
 * such as a lead-intake order creating its share's link), or in a transaction of its own.
 */
export function inTransaction<T>(db: Db, work: (client: Db) => Promise<T>): Promise<T> {
  return 'release' in db ? work(db) : withTransaction(db, work);
}
