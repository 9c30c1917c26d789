import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AudienceCounts, RowOutcome } from '@ws/contract';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../../platform/db/pool.js';
import type { CheckedRow } from './audience-row.js';

/** Removes the rows an earlier check of the list stored (a re-check starts from an empty list). */
export async function deleteAudienceRows(client: pg.PoolClient, tenantId: string, id: string): Promise<void> {
  await client.query('delete from audience_row where tenant_id = $1 and list_id = $2', [tenantId, id]);
}

/** Which of the numbers earlier chunks of the list already hold (the first row of a number wins). */
export async function repeatedWaIds(db: Db, tenantId: string, id: string, waIds: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ wa_id: string }>(
    'select wa_id from audience_row where tenant_id = $1 and list_id = $2 and wa_id = any($3::text[])',
    [tenantId, id, waIds],
  );
  return new Set(rows.map((row) => row.wa_id));
}

/** What the contact book holds of a number: a live contact or not, opted out or not. */
export interface ContactState {
  live: boolean;
  optedOut: boolean;
}

/**
 * What the contact book says of the numbers. A deleted contact who opted out still counts as
 * opted out: an opt-out is kept whatever happened to the contact since.
 */
export async function contactStates(db: Db, tenantId: string, waIds: string[]): Promise<Map<string, ContactState>> {
  const { rows } = await db.query<{ wa_id: string; opted_out: boolean; live: boolean }>(
    `select wa_id, opted_out_at is not null as opted_out, deleted_at is null as live
       from contact where tenant_id = $1 and wa_id = any($2::text[])`,
    [tenantId, waIds],
  );
  return new Map(rows.map((row) => [row.wa_id, { live: row.live, optedOut: row.opted_out }]));
}

/** A checked row with what the comparison with the list and the contacts found. */
export interface StoredRow extends CheckedRow {
  outcome: RowOutcome;
}

const COPY_SPECIAL = /[\\\t\n\r]/;
/** A COPY text field: backslash, tab and line ends escaped (most fields have none: tested first); null as \N. */
const field = (value: string | null) =>
  value === null
    ? '\\N'
    : COPY_SPECIAL.test(value)
      ? value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
      : value;
const arrayLiteral = (items: string[]) => `{${items.map((item) => `"${item.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** Stores a chunk of rows with COPY: the fastest way into PostgreSQL, one round trip per chunk. */
export async function copyAudienceRows(
  client: pg.PoolClient,
  tenantId: string,
  id: string,
  rows: StoredRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const prefix = `${field(tenantId)}\t${id}\t`;
  const lines = rows.map(
    (row) =>
      `${prefix}${row.rowNo}\t${field(row.phone)}\t${field(row.waId)}\t${field(row.country)}\t${field(row.type)}\t${field(row.name)}\t${row.outcome}\t${field(row.reason)}\t${field(row.optedInAt)}\t${field(row.language)}\t${field(arrayLiteral(row.tags))}\t${field(row.fields && JSON.stringify(row.fields))}\n`,
  );
  const copy = client.query(
    copyFrom(
      `copy audience_row (tenant_id, list_id, row_no, phone, wa_id, country, phone_type, name, outcome, reason,
         opted_in_at, language, tags, fields) from stdin`,
    ),
  );
  await pipeline(Readable.from([lines.join('')]), copy);
}

/** Saves a chunk's cursor and the list's new counts; `done` ends the check (ready, or failed with the reason). */
export async function saveCheckChunk(
  client: pg.PoolClient,
  tenantId: string,
  id: string,
  chunk: { readBytes: number; readRows: number; counts: AudienceCounts; done: boolean; error: string | null },
): Promise<void> {
  await client.query(
    `update audience_list set read_bytes = $3, read_rows = $4, counts = $5,
            status = case when $6 then (case when $7::text is null then 'ready' else 'failed' end) else 'running' end,
            error = $7, checked_at = case when $6 then now() end
      where tenant_id = $1 and id = $2`,
    [tenantId, id, chunk.readBytes, chunk.readRows, JSON.stringify(chunk.counts), chunk.done, chunk.error],
  );
}
