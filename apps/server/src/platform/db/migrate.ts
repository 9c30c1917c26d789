import { promises as fs } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runMigrations } from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from 'pino';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/', import.meta.url));
// Any constant works; it only has to be the same for every process migrating this database.
const MIGRATION_LOCK_KEY = 727_274_001;

/**
 * Applies the forward-only SQL migrations in order, each in its own transaction, under an
 * advisory lock so that processes starting together migrate once. Then the job queue's schema.
 */
export async function migrate(pool: pg.Pool, logger: Logger): Promise<void> {
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file)).sort();
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(
      'create table if not exists schema_migration (version text primary key, applied_at timestamptz not null default now())',
    );
    const applied = new Set(
      (await client.query<{ version: string }>('select version from schema_migration')).rows.map((row) => row.version),
    );
    for (const file of files) {
      if (applied.has(file)) continue;
      const sql = await fs.readFile(MIGRATIONS_DIR + file, 'utf8');
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query('insert into schema_migration (version) values ($1)', [file]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`);
      }
      logger.info({ migration: file }, 'migration applied');
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
  await runMigrations({ pgPool: pool, logger: undefined });
}
