import type { NumberListRecord, NumberListRequest, Page } from '@ws/contract';
import { LIST_COUNT_CAP, toPage } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { pageSpanOf } from '../../platform/db/page-span.js';
import { isoTimeOf } from '../../platform/db/sql-time.js';
import type { AppContext } from '../../platform/http/context.js';
import { type NumberListRow, selectNumberPage } from './number-list-repository.js';
import { type NumberState, numberState } from './number-rows.js';

/**
 * A page of the tenant's live numbers, newest first. The page's ids come from one index-ordered
 * query (every filter has an index ending in id, see 0004 and 0005); only those rows are then
 * decorated with owner, tags, IP, today's counts and contacts (roll-up rows, no counting of
 * messages or contacts). The total is counted in the same statement up to LIST_COUNT_CAP (a
 * broad filter over 100k numbers cost up to 250 ms to count exactly under load; bench/README.md).
 * One row always comes back, carrying the total even when the page is past the end.
 */
export async function listNumbers(context: AppContext, scope: Scope, query: NumberListRequest) {
  const span = pageSpanOf(query);
  // Counted up to the cap (or the page's end), plus one row that says whether there are more.
  const cap = Math.max(LIST_COUNT_CAP, span.offset + span.limit);
  const rows = await selectNumberPage(context.pool, scope, query, span, cap + 1);
  const total = rows[0]?.total ?? 0;
  const records = rows.filter((row): row is NumberListRow & NumberState => row.id !== null).map(toRecord);
  return { ...(toPage(records, total, query) satisfies Page<NumberListRecord>), total_capped: total > cap };
}

function toRecord(row: NumberListRow & NumberState): NumberListRecord {
  return {
    ...numberState(row),
    phone_number_id: row.phone_number_id,
    waba_id: row.waba_id,
    owner: row.owner_id
      ? { id: row.owner_id, username: row.owner_username ?? '', nickname: row.owner_nickname ?? '' }
      : null,
    tags: row.tags,
    egress_ip: row.ip_id && row.ip_scope ? { id: row.ip_id, label: row.ip_label ?? '', scope: row.ip_scope } : null,
    standby: row.standby,
    pause_reason: row.pause_reason,
    sent_today: row.sent_today,
    received_today: row.received_today,
    contacts: row.contacts,
    check_error: row.check_error,
    webhooks_subscribed: row.webhooks_subscribed,
    created_at: isoTimeOf(row.created_at),
  };
}
