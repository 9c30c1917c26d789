/**
 * Deleting recycled numbers for good: the number row and what only has meaning with it.
 *
 * Removed: its tags (number_tag), its send queue and lane (the queued messages are marked failed
 * with `number_purged`, so whoever queued them sees why), its conversations (the per-number
 * 24-hour window), its daily message counts and its contact tally row. Its live and deleted
 * contacts stay, detached from it (number_id null; the tally moves to "no number" by the contact
 * triggers), because a contact is a person the business still knows, with consent evidence.
 *
 * Kept on purpose: the message history. It is the record of what the business said to each
 * person and when (consent, opt-outs, disputes) and belongs to the contact as much as to the
 * number; chat history shows it with the number's id when the number is gone. Also kept: the
 * daily contact statistics, import history rows and groups, which are history as well.
 */

import { RECYCLE_BIN_DAYS } from '@ws/contract';
import type pg from 'pg';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import {
  expiredRecycledNumbers,
  lockExpiredNumbers,
  lockRecycledNumbers,
  purgeNumberRows,
} from './purge-repository.js';

/** Purges the tenant's recycled numbers among `ids` in one transaction; returns how many. */
export async function purgeRecycledNumbers(pool: pg.Pool, scope: Scope, ids: string[]): Promise<number> {
  return withTransaction(pool, async (client) => {
    const purged = await lockRecycledNumbers(client, scope, ids);
    if (purged.length > 0) await purgeNumberRows(client, scope.tenantId, purged);
    return purged.length;
  });
}

/** Numbers purged per transaction by the daily job. */
const PURGE_CHUNK = 50;

/**
 * Purges one chunk of numbers, of any tenant, that have been in the recycle bin longer than
 * RECYCLE_BIN_DAYS; returns how many. Each chunk commits on its own, so a job stopped midway
 * loses nothing and the next run goes on with what is left.
 */
export async function purgeExpiredChunk(pool: pg.Pool): Promise<number> {
  const expiredByTenant = await expiredRecycledNumbers(pool, RECYCLE_BIN_DAYS, PURGE_CHUNK);
  let purged = 0;
  for (const { tenantId, ids } of expiredByTenant) {
    purged += await withTransaction(pool, async (client) => {
      // Restored or purged since the select: only what is still expired is taken.
      const expired = await lockExpiredNumbers(client, tenantId, ids, RECYCLE_BIN_DAYS);
      if (expired.length > 0) await purgeNumberRows(client, tenantId, expired);
      return expired.length;
    });
  }
  return purged;
}
