import { LIST_COUNT_CAP, type OperationLogListRequest, toPage } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import {
  countEntries,
  type EntryFilter,
  selectTextInNewest,
  selectTextMatches,
  type TargetText,
} from './entry-repository.js';

/** How many of the newest entries a text search reads in time order before it asks the trigram index. */
export const TEXT_WINDOW = 10_000;
/**
 * How far a text the trigram index cannot serve (no three letters or digits in a row) reads, newest
 * first: the only way to find it is to read entries, so the read is bounded, and the total is a
 * lower bound when there were more entries than that.
 */
export const SHORT_TEXT_WINDOW = 50_000;

/**
 * `operation/list` with a target text, in steps (decision 0029): PostgreSQL cannot estimate how
 * many entries hold a text, and with `order by created_at desc limit n` a wrong guess either walks
 * the whole time index for a rare text or sorts thousands of matches of a common one.
 * 1. The newest entries under the other filters are read in time order and checked: a frequent
 *    text fills its page (and one more entry) there, and its total is a lower bound. When the
 *    other filters hold no more entries than that window, what it found is the whole answer.
 * 2. Otherwise the text is rare: the trigram index finds its entries (a bitmap, small because the
 *    text is rare), read once for both the count and the page.
 * 3. A text the index cannot serve has only step 1, over a wider window; past it, the total is a
 *    lower bound.
 */
export async function searchOperationLog(
  db: Db,
  scope: Scope,
  filter: EntryFilter & { target: TargetText },
  request: OperationLogListRequest,
) {
  const offset = (request.page - 1) * request.pageSize;
  const window = filter.target.indexed ? TEXT_WINDOW : SHORT_TEXT_WINDOW;
  const newest = await selectTextInNewest(db, scope, filter, window, request.pageSize + 1, offset);
  if (newest.length > request.pageSize) {
    return { ...toPage(newest.slice(0, request.pageSize), offset + newest.length, request), total_capped: true };
  }
  // An index-only count of at most window + 1 entries (about 1.5 ms for a tenant of millions).
  const held = (await countEntries(db, scope, { ...filter, target: undefined }, window)) <= window;
  // Every match is then before or on this page, unless the page is past them all (its count unknown).
  if (held && (offset === 0 || newest.length > 0)) {
    return { ...toPage(newest, offset + newest.length, request), total_capped: false };
  }
  if (filter.target.indexed) {
    if (offset >= LIST_COUNT_CAP) return { ...toPage([], LIST_COUNT_CAP, request), total_capped: true };
    const found = await selectTextMatches(db, scope, filter, LIST_COUNT_CAP, request.pageSize, offset);
    const capped = found.total > LIST_COUNT_CAP;
    return { ...toPage(found.entries, capped ? LIST_COUNT_CAP : found.total, request), total_capped: capped };
  }
  return { ...toPage(newest, offset + newest.length, request), total_capped: !held };
}
