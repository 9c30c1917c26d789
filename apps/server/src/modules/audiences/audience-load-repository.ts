import { MAX_TAGS_PER_KIND } from '@ws/contract';
import type pg from 'pg';
import type { Db } from '../../platform/db/pool.js';

/** The valid rows of a list after the load's cursor, in file order ($1 tenant, $2 list, $3 cursor, $4 limit). */
const CHUNK = `select r.row_no, r.wa_id, r.name, r.opted_in_at, r.language, r.tags, r.fields
    from audience_row r
   where r.tenant_id = $1 and r.list_id = $2 and r.row_no > $3 and r.outcome in ('new', 'contact', 'opted_out')
   order by r.row_no limit $4`;

/** A valid row of the next chunk, with what the load does in Node: its tags. */
export interface LoadRow {
  row_no: number;
  wa_id: string;
  tags: string[];
}

/** The next chunk's valid rows (their number and tags), in file order. */
export async function loadChunkRows(
  client: pg.PoolClient,
  tenantId: string,
  listId: string,
  cursor: number,
  limit: number,
): Promise<LoadRow[]> {
  const { rows } = await client.query<LoadRow>(`select c.row_no::float8 as row_no, c.wa_id, c.tags from (${CHUNK}) c`, [
    tenantId,
    listId,
    cursor,
    limit,
  ]);
  return rows;
}

/**
 * The ids of the contact tags named, by the names as given (matched without case, as tags are
 * unique), creating those the tenant does not have yet. Null when that would take the tenant past
 * MAX_TAGS_PER_KIND contact tags (the caller rolls back).
 */
export async function contactTagIds(
  client: pg.PoolClient,
  tenantId: string,
  names: string[],
): Promise<Map<string, string> | null> {
  if (names.length === 0) return new Map();
  const { rowCount } = await client.query(
    `insert into tag (tenant_id, kind, name)
     select distinct on (lower(name)) $1, 'contact', name from unnest($2::text[]) name
     on conflict (tenant_id, kind, lower(name)) do nothing`,
    [tenantId, names],
  );
  if (rowCount) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from tag where tenant_id = $1 and kind = 'contact'`,
      [tenantId],
    );
    if ((rows[0]?.n ?? 0) > MAX_TAGS_PER_KIND) return null;
  }
  const { rows } = await client.query<{ name: string; id: string }>(
    `select n.name, t.id from unnest($2::text[]) n (name)
       join tag t on t.tenant_id = $1 and t.kind = 'contact' and lower(t.name) = lower(n.name)`,
    [tenantId, names],
  );
  return new Map(rows.map((row) => [row.name, row.id]));
}

export interface LoadSettings {
  numberId: string | null;
  ownerUserId: string | null;
  tagIds: string[];
  /** The list's consent, or null when it has no evidence: then rows load with no consent. */
  consent: { source: string; evidence: string; uploadedAt: string } | null;
}

/** A contact a load created or updated. */
export interface UpsertedContact {
  id: string;
  wa_id: string;
  created: boolean;
}

export interface LoadedChunk {
  /** The last row the chunk loaded (the new cursor), or null when no row was left. */
  lastRow: number | null;
  rows: number;
  created: number;
  updated: number;
}

/**
 * Loads the next chunk of a list into the contact book in one statement: new numbers become
 * contacts (with the list's consent when it has evidence, the row's opt-in time or else the
 * upload's); existing contacts keep what they have and get what they lack (name, language, custom
 * fields, owner number and agent, consent only when they have none and never opted out) and come
 * back if deleted. An opt-out is never touched: an import never re-subscribes anyone. Roll-ups
 * follow through statement triggers. Answers each contact's id and number, for its tags.
 */
export async function upsertChunkContacts(
  client: pg.PoolClient,
  tenantId: string,
  listId: string,
  cursor: number,
  limit: number,
  settings: LoadSettings,
): Promise<UpsertedContact[]> {
  const consent = settings.consent;
  const { rows } = await client.query<UpsertedContact>(
    `with chunk as (${CHUNK})
       insert into contact as c (tenant_id, wa_id, name, number_id, owner_user_id, opt_in_source, opt_in_evidence,
                                 opted_in_at, language, fields)
       select $1, ch.wa_id, ch.name, $5::bigint, $6::bigint, $7::text, $8::text,
              case when $7::text is not null then coalesce(ch.opted_in_at, $9::timestamptz) end,
              ch.language, coalesce(ch.fields, '{}')
         from chunk ch
       on conflict (tenant_id, wa_id) do update set
              name = case when c.name = '' then excluded.name else c.name end,
              number_id = coalesce(c.number_id, excluded.number_id),
              owner_user_id = coalesce(c.owner_user_id, excluded.owner_user_id),
              language = coalesce(c.language, excluded.language),
              fields = excluded.fields || c.fields,
              opt_in_source = case when c.opted_in_at is null and c.opted_out_at is null
                                   then excluded.opt_in_source else c.opt_in_source end,
              opt_in_evidence = case when c.opted_in_at is null and c.opted_out_at is null
                                     then excluded.opt_in_evidence else c.opt_in_evidence end,
              opted_in_at = case when c.opted_in_at is null and c.opted_out_at is null
                                 then excluded.opted_in_at else c.opted_in_at end,
              deleted_at = null,
              updated_at = now()
       returning c.id, c.wa_id, (xmax = 0) as created`,
    [
      tenantId,
      listId,
      cursor,
      limit,
      settings.numberId,
      settings.ownerUserId,
      consent?.source ?? null,
      consent?.evidence ?? null,
      consent?.uploadedAt ?? null,
    ],
  );
  return rows;
}

/** Tags contacts: each contact id with the tag id at the same place ($2, $3), already tagged ones left as they are. */
export async function addContactTags(
  client: pg.PoolClient,
  tenantId: string,
  contactIds: string[],
  tagIds: string[],
): Promise<void> {
  if (contactIds.length === 0) return;
  await client.query(
    `insert into contact_tag (tenant_id, contact_id, tag_id)
     select $1, contact_id, tag_id from unnest($2::bigint[], $3::bigint[]) t (contact_id, tag_id)
     on conflict do nothing`,
    [tenantId, contactIds, tagIds],
  );
}

/** Saves a load chunk's cursor and tallies; `done` ends the load. */
export async function saveLoadChunk(
  db: Db,
  tenantId: string,
  listId: string,
  chunk: LoadedChunk & { cursor: number; done: boolean },
): Promise<void> {
  await db.query(
    `update audience_list set load_cursor = $3, loaded_rows = loaded_rows + $4, created_contacts = created_contacts + $5,
            updated_contacts = updated_contacts + $6,
            status = case when $7 then 'loaded' else 'loading' end, loaded_at = case when $7 then now() end
      where tenant_id = $1 and id = $2`,
    [tenantId, listId, chunk.cursor, chunk.rows, chunk.created, chunk.updated, chunk.done],
  );
}
