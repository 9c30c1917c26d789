import { randomBytes } from 'node:crypto';
import type { Db } from './db/pool.js';

/**
 * A secret the product generates once and keeps in `app_secret`, so every process of one
 * installation reads the same value. Concurrent first starts agree: the first insert wins.
 */
export async function loadStoredSecret(pool: Db, name: string, bytes = 48): Promise<string> {
  const value = await keepSecretOnce(pool, name, randomBytes(bytes).toString('base64url'));
  if (!value) throw new Error(`the stored secret "${name}" is missing`);
  return value;
}

/** Keeps `value` under `name` unless a value is kept there already; answers the value kept. */
export async function keepSecretOnce(db: Db, name: string, value: string): Promise<string | undefined> {
  await db.query('insert into app_secret (name, value) values ($1, $2) on conflict (name) do nothing', [name, value]);
  const { rows } = await db.query<{ value: string }>('select value from app_secret where name = $1', [name]);
  return rows[0]?.value;
}
