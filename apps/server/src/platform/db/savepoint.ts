import type pg from 'pg';

/**
 * Savepoints of a transaction's client, for work that may fail in part: `name` is one of the
 * caller's constant identifiers, never input.
 */
export async function savepoint(client: pg.PoolClient, name: string): Promise<void> {
  await client.query(`savepoint ${name}`);
}

export async function releaseSavepoint(client: pg.PoolClient, name: string): Promise<void> {
  await client.query(`release savepoint ${name}`);
}

export async function rollbackToSavepoint(client: pg.PoolClient, name: string): Promise<void> {
  await client.query(`rollback to savepoint ${name}`);
}
