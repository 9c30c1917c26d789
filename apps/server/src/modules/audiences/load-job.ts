import { z } from 'zod';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { defineJob } from '../../platform/queue/jobs.js';
import { contactRoom, selectTenantLimits } from '../customers/tenant-limits.js';
import { countsOf } from './audience-counts.js';
import { publishAudienceProgress } from './audience-events.js';
import {
  addContactTags,
  contactTagIds,
  type LoadRow,
  type LoadSettings,
  loadChunkRows,
  saveLoadChunk,
  type UpsertedContact,
  upsertChunkContacts,
} from './audience-load-repository.js';
import { type AudienceListRow, lockAudienceRun, stopAudienceRun } from './audience-repository.js';

/** Rows per transaction: the contacts, their tags and the cursor are saved together. */
export const LOAD_CHUNK_ROWS = 10_000;

class TooManyTags extends Error {}

/**
 * Loads a checked list's valid rows into the contact book, a chunk of rows per transaction with
 * the cursor (the last row loaded). A worker killed mid-list resumes after the last saved chunk:
 * each row is loaded once. A newer run of the list (a re-load, a re-check, a deletion) makes this
 * one stop at its next chunk.
 */
export const audienceLoadJob = defineJob({
  name: 'audience_load',
  payload: z.object({ tenantId: z.string(), listId: z.string(), runNo: z.number().int() }),
  maxAttempts: 5,
  async handle({ tenantId, listId, runNo }, helpers, context) {
    try {
      while (await loadChunk(context, tenantId, listId, runNo)) {
        // next chunk
      }
    } catch (error) {
      if (error instanceof TooManyTags) {
        await stopAudienceRun(context.pool, tenantId, listId, runNo, { status: 'ready', error: 'too_many_tags' });
        return;
      }
      if (helpers.job.attempts >= helpers.job.max_attempts) {
        await stopAudienceRun(context.pool, tenantId, listId, runNo, { status: 'ready', error: 'load_failed' });
      }
      throw error;
    }
  },
});

/** Loads one chunk; false when the load is over (done, superseded or deleted). */
export function loadChunk(
  context: AppContext,
  tenantId: string,
  listId: string,
  runNo: number,
  chunkRows = LOAD_CHUNK_ROWS,
): Promise<boolean> {
  return withTransaction(context.pool, async (client) => {
    const list = await lockAudienceRun(client, tenantId, listId, runNo);
    if (list?.status !== 'loading') return false;
    const cursor = list.load_cursor;
    // Each row creates at most one contact, so a chunk no larger than the room left never passes
    // the tenant's contact limit (fanslimit); at the limit the load stops and says why.
    const room = contactRoom(await selectTenantLimits(client, tenantId));
    if (room === 0) {
      await stopAudienceRun(client, tenantId, listId, runNo, { status: 'ready', error: 'contact_limit' });
      return false;
    }
    const size = Math.min(chunkRows, room);
    const rows = await loadChunkRows(client, tenantId, listId, cursor, size);
    const tagIds = await contactTagIds(client, tenantId, [...new Set(rows.flatMap((row) => row.tags))]);
    if (!tagIds) throw new TooManyTags();
    const settings = settingsOf(list);
    const contacts = await upsertChunkContacts(client, tenantId, listId, cursor, size, settings);
    const tagging = tagPairs(rows, contacts, tagIds, settings);
    await addContactTags(client, tenantId, tagging.contactIds, tagging.tagIds);
    const created = contacts.filter((contact) => contact.created).length;
    const loaded = {
      lastRow: rows.at(-1)?.row_no ?? null,
      rows: rows.length,
      created,
      updated: contacts.length - created,
    };
    const done = loaded.lastRow === null || loaded.rows < size;
    await saveLoadChunk(client, tenantId, listId, { ...loaded, cursor: loaded.lastRow ?? cursor, done });
    await publishAudienceProgress(client, tenantId, {
      id: list.id,
      status: done ? 'loaded' : 'loading',
      read_bytes: list.read_bytes,
      rows: countsOf(list.counts).rows,
      loaded_rows: list.loaded_rows + loaded.rows,
    });
    return !done;
  });
}

/**
 * Every loaded contact's tags: its row's and the load's, as parallel arrays of contact and tag ids.
 * Built here rather than by a join in SQL: the contacts come back from their upsert, so nothing is
 * looked up twice (the join cost as much database time as the upsert's index work).
 */
function tagPairs(rows: LoadRow[], contacts: UpsertedContact[], tagIds: Map<string, string>, settings: LoadSettings) {
  const rowTags = new Map(rows.map((row) => [row.wa_id, row.tags]));
  const contactIds: string[] = [];
  const pairTagIds: string[] = [];
  for (const contact of contacts) {
    const ids = new Set(settings.tagIds);
    for (const name of rowTags.get(contact.wa_id) ?? []) {
      const id = tagIds.get(name);
      if (id) ids.add(id);
    }
    for (const id of ids) {
      contactIds.push(contact.id);
      pairTagIds.push(id);
    }
  }
  return { contactIds, tagIds: pairTagIds };
}

/** What a load gives its contacts: its number, agent and tags, and the list's consent when it has evidence. */
function settingsOf(list: AudienceListRow): LoadSettings {
  const file = list.evidence_file_name && `file: ${list.evidence_file_name}`;
  const evidence = [list.evidence_text, list.evidence_url, file].filter(Boolean).join(' ');
  return {
    numberId: list.load_number_id,
    ownerUserId: list.load_owner_user_id,
    tagIds: list.load_tag_ids,
    consent: evidence
      ? {
          source: list.consent_source,
          evidence: `${evidence} (list ${list.id}: ${list.name})`.slice(0, 2000),
          uploadedAt: list.created_at,
        }
      : null,
  };
}
