import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import { WRONG_OBJECT_TYPE } from './sql-state.js';

// Return int8 (bigint) columns as strings and numeric counts as numbers where we cast them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** What a repository function runs its SQL on: the pool, or a transaction's client. */
export type Db = pg.Pool | pg.PoolClient;

export function createPool(connectionString: string, logger: Logger, max = 20): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => logger.error({ err: error }, 'idle database connection failed'));
  // A checked-out client whose server goes away emits 'error' too; its query then fails on its own.
  pool.on('connect', (client) =>
    client.on('error', (error) => logger.warn({ err: error }, 'database connection lost')),
  );
  return pool;
}

/** Runs `work` in one transaction on one client; rolls back on any error. */
export function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(pool, 'begin', work);
}

/**
 * A transaction whose commit does not wait for the WAL to reach the disk (`synchronous_commit =
 * off`): for work redone from durable state should a database crash lose its last few hundred
 * milliseconds (applying stored webhook events, recording a lane's outcomes, a campaign step).
 * Nothing may leave the database on its strength alone: a send is claimed first in a durable
 * transaction, whose commit also makes every earlier commit durable, as the WAL is one sequence.
 */
export function withRedoableTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(pool, 'begin; set local synchronous_commit = off', work);
}

async function inTransaction<T>(pool: pg.Pool, begin: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Creates the database named in `url` when it does not exist, connecting through the maintenance database. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await createDatabase(client, name);
  } finally {
    await client.end();
  }
}

/**
 * Creates a database that sorts by bytes (collation C: fast, and the same on every server) but
 * classifies characters by Unicode (ctype C.UTF-8): so ILIKE and lower() fold É, Ж and the like,
 * and pg_trgm indexes words in any script, Chinese names included, where a C ctype sees only
 * ASCII letters and digits. A server without that locale gets its default database instead; the
 * search asks the database what it can index (`text-search.ts`).
 */
export async function createDatabase(client: pg.Client, name: string): Promise<void> {
  const quoted = client.escapeIdentifier(name);
  try {
    await client.query(
      `create database ${quoted} template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C.UTF-8'`,
    );
  } catch (error) {
    if ((error as { code?: string }).code !== WRONG_OBJECT_TYPE) throw error;
    await client.query(`create database ${quoted}`);
  }
}

const preparedNames = new Map<string, string>();

/**
 * A named statement for a hot query: each connection parses and plans it once and then reuses
 * the plan, where an unnamed query is planned on every call. The name is derived from the text,
 * so one name always means one text.
 */
export function prepared(text: string, values: unknown[]): pg.QueryConfig {
  let name = preparedNames.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    preparedNames.set(text, name);
  }
  return { name, text, values };
}
