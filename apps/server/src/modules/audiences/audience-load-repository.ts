import { MAX_TAGS_PER_KIND } from '@ws/contract';
import type pg from 'pg';
import type { Db } from '../../platform/db/pool.js';

/** The valid rows of a list after the load's cursor, in file order ($1 tenant, $2 list, $3 cursor, $4 limit). */
const CHUNK = `select r.row_no, r.wa_id, r.name, r.opted_in_at, r.language, r.tags, r.fields
    from audience_row r
   where r.tenant_id = $1 and r.list_id = $2 and r.row_no > $3 and r.outcome in ('new', 'contact', 'opted_out')
   order by r.row_no limit $4`;

/**
 * Creates the contact tags a chunk's rows name that the tenant does not have yet. False when that
 * would take the tenant past MAX_TAGS_PER_KIND contact tags (the caller rolls back).
 */
export async function createNamedTags(
  client: pg.PoolClient,
  tenantId: string,
  listId: string,
  cursor: number,
  limit: number,
): Promise<boolean> {
  const { rowCount } = await client.query(
    `insert into tag (tenant_id, kind, name)
     select distinct on (lower(tag_name)) $1, 'contact', tag_name from (${CHUNK}) r, unnest(r.tags) tag_name
     on conflict (tenant_id, kind, lower(name)) do nothing`,
    [tenantId, listId, cursor, limit],
  );
  if (!rowCount) return true;
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from tag where tenant_id = $1 and kind = 'contact'`,
    [tenantId],
  );
  return (rows[0]?.n ?? 0) <= MAX_TAGS_PER_KIND;
}

export interface LoadSettings {
  numberId: string | null;
  ownerUserId: string | null;
  tagIds: string[];
  /** The list's consent, or null when it has no evidence: then rows load with no consent. */
  consent: { source: string; evidence: string; uploadedAt: string } | null;
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
 * back if deleted; every loaded contact gets its row's tags and the load's tags. An opt-out is
 * never touched: an import never re-subscribes anyone. Roll-ups follow through statement triggers.
 */
export async function loadAudienceChunk(
  client: pg.PoolClient,
  tenantId: string,
  listId: string,
  cursor: number,
  limit: number,
  settings: LoadSettings,
): Promise<LoadedChunk> {
  const consent = settings.consent;
  const { rows } = await client.query<{ last_row: number | null; rows: number; created: number; updated: number }>(
    `with chunk as (${CHUNK}),
     upserted as (
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
       returning (xmax = 0) as created
     )
     select (select max(row_no) from chunk)::float8 as last_row, (select count(*) from chunk)::int as rows,
            count(*) filter (where created)::int as created, count(*) filter (where not created)::int as updated
       from upserted`,
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
  // The tags in a second statement, which sees the contacts the first one made: joined in one
  // statement, the two CTEs' rows met in a nested loop (10 000 × 10 000 comparisons a chunk).
  await client.query(
    `with chunk as (${CHUNK})
     insert into contact_tag (tenant_id, contact_id, tag_id)
     select $1, c.id, t.id
       from chunk ch
       join contact c on c.tenant_id = $1 and c.wa_id = ch.wa_id
      cross join lateral unnest(ch.tags) tag_name
       join tag t on t.tenant_id = $1 and t.kind = 'contact' and lower(t.name) = lower(tag_name)
     union
     select $1, c.id, tag_id
       from chunk ch
       join contact c on c.tenant_id = $1 and c.wa_id = ch.wa_id
      cross join unnest($5::bigint[]) tag_id
     on conflict do nothing`,
    [tenantId, listId, cursor, limit, settings.tagIds],
  );
  const row = rows[0] ?? { last_row: null, rows: 0, created: 0, updated: 0 };
  return { lastRow: row.last_row, rows: row.rows, created: row.created, updated: row.updated };
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
