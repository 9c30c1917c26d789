import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/**
 * A secret the product generates once and keeps in `app_secret`, so every process of one
 * installation reads the same value. Concurrent first starts agree: the first insert wins.
 */
export async function loadStoredSecret(pool: pg.Pool, name: string, bytes = 48): Promise<string> {
  await pool.query('insert into app_secret (name, value) values ($1, $2) on conflict (name) do nothing', [
    name,
    randomBytes(bytes).toString('base64url'),
  ]);
  const { rows } = await pool.query<{ value: string }>('select value from app_secret where name = $1', [name]);
  const value = rows[0]?.value;
  if (!value) throw new Error(`the stored secret "${name}" is missing`);
  return value;
}
