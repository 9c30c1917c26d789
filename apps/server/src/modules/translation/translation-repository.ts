import type { TranslationLanguage } from '@ws/contract';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';

/**
 * Translation rows are the tenant's as a whole (its consent, its cache, its usage), never one
 * contact's, so these functions take the tenant id: the routes pass the caller's, and the product's
 * own work (translating an inbound message as it arrives) passes the message's.
 */

export interface StoredSettings {
  allowed: boolean | null;
  /** The provider `allowed` was chosen for. */
  allowed_provider: string | null;
  agent_language: TranslationLanguage;
  updated_at: string;
}

export async function readSettings(db: Db, tenantId: string): Promise<StoredSettings | undefined> {
  const { rows } = await db.query<StoredSettings>(
    `select allowed, allowed_provider, agent_language, ${isoTime('updated_at')} as updated_at
       from translation_setting where tenant_id = $1`,
    [tenantId],
  );
  return rows[0];
}

/** Sets what the edit names and keeps the rest; a choice of `allowed` is recorded for `provider`. */
export async function saveSettings(
  db: Db,
  tenantId: string,
  userId: string,
  provider: string,
  edit: { allowed?: boolean | undefined; agentLanguage?: TranslationLanguage | undefined },
): Promise<StoredSettings> {
  const { rows } = await db.query<StoredSettings>(
    `insert into translation_setting as s (tenant_id, allowed, allowed_provider, agent_language, updated_by)
     values ($1, $2::boolean, case when $2::boolean is null then null else $3::text end, coalesce($4::text, 'zh'), $5::bigint)
     on conflict (tenant_id) do update set
       allowed = coalesce($2::boolean, s.allowed),
       allowed_provider = case when $2::boolean is null then s.allowed_provider else $3::text end,
       agent_language = coalesce($4::text, s.agent_language),
       updated_by = $5::bigint,
       updated_at = now()
     returning allowed, allowed_provider, agent_language, ${isoTime('updated_at')} as updated_at`,
    [tenantId, edit.allowed ?? null, provider, edit.agentLanguage ?? null, userId],
  );
  return rows[0] as StoredSettings;
}

export interface CachedTranslation {
  key: Buffer;
  translated_text: string;
  /** Only product language codes are stored here (`productLanguageOf`). */
  detected_source: TranslationLanguage | null;
}

/** The tenant's cached translations among `keys`, younger than `maxAgeDays` (older ones wait for the prune job). */
export async function findCachedTranslations(
  db: Db,
  tenantId: string,
  keys: readonly Buffer[],
  maxAgeDays: number,
): Promise<CachedTranslation[]> {
  const { rows } = await db.query<CachedTranslation>(
    `select key, translated_text, detected_source from translation_cache
      where tenant_id = $1 and key = any($2::bytea[]) and created_at > now() - make_interval(days => $3::int)`,
    [tenantId, keys, maxAgeDays],
  );
  return rows;
}

/** Stores new translations in one statement; a key cached meanwhile by a concurrent call is kept. */
export async function saveCachedTranslations(
  db: Db,
  tenantId: string,
  rows: readonly CachedTranslation[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `insert into translation_cache (tenant_id, key, translated_text, detected_source)
     select $1, key, translated_text, detected_source
       from unnest($2::bytea[], $3::text[], $4::text[]) as t(key, translated_text, detected_source)
     on conflict (tenant_id, key) do update set
       translated_text = excluded.translated_text, detected_source = excluded.detected_source, created_at = now()`,
    [
      tenantId,
      rows.map((row) => row.key),
      rows.map((row) => row.translated_text),
      rows.map((row) => row.detected_source),
    ],
  );
}

export interface UsageDelta {
  targetLanguage: TranslationLanguage;
  provider: string;
  characters: number;
  texts: number;
  cachedTexts: number;
}

/** Adds a call's characters to today's (UTC) roll-up row of its tenant, target and provider. */
export async function recordUsage(db: Db, tenantId: string, delta: UsageDelta): Promise<void> {
  await db.query(
    `insert into translation_usage as u (tenant_id, day, target_language, provider, characters, texts, cached_texts)
     values ($1, (now() at time zone 'utc')::date, $2, $3, $4::bigint, $5::bigint, $6::bigint)
     on conflict (tenant_id, day, target_language, provider) do update set
       characters = u.characters + excluded.characters,
       texts = u.texts + excluded.texts,
       cached_texts = u.cached_texts + excluded.cached_texts`,
    [tenantId, delta.targetLanguage, delta.provider, delta.characters, delta.texts, delta.cachedTexts],
  );
}

/** Deletes up to `limit` cached translations older than `days`; answers how many went. */
export async function pruneCachedTranslations(db: Db, days: number, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `delete from translation_cache where ctid = any(array(
       select ctid from translation_cache where created_at < now() - make_interval(days => $1::int) limit $2::int))`,
    [days, limit],
  );
  return rowCount ?? 0;
}
