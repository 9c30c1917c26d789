import { type Page, RECYCLE_BIN_DAYS, type RecycledNumber, type RecycleListRequest, toPage } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { pageSpanOf } from '../../platform/db/page-span.js';
import { isoTimeOf } from '../../platform/db/sql-time.js';
import type { AppContext } from '../../platform/http/context.js';
import { type RecycleBinRow, selectRecycleBinPage } from './number-list-repository.js';

/**
 * The recycle bin: numbers deleted in the last 30 days, last deleted first (wa_number_recycle_idx).
 * The bin is small next to the live list, so the total is counted.
 */
export async function listRecycledNumbers(
  context: AppContext,
  scope: Scope,
  query: RecycleListRequest,
): Promise<Page<RecycledNumber>> {
  const rows = await selectRecycleBinPage(context.pool, scope, query, pageSpanOf(query), RECYCLE_BIN_DAYS);
  const records = rows
    .filter((row): row is RecycleBinRow & { id: string } => row.id !== null)
    .map((row) => ({
      id: row.id,
      phone: row.phone,
      phone_number_id: row.phone_number_id,
      waba_id: row.waba_id,
      verified_name: row.verified_name,
      status: row.status,
      quality_rating: row.quality_rating,
      deleted_at: isoTimeOf(row.deleted_at),
      deleted_by: row.user_id ? { id: row.user_id, username: row.username ?? '', nickname: row.nickname ?? '' } : null,
      purge_at: isoTimeOf(row.purge_at),
    }));
  return toPage(records, rows[0]?.total ?? 0, query);
}
