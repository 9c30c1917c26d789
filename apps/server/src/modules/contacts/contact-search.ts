import type { Scope } from '../../platform/auth/scope.js';
import type { PageSpan } from '../../platform/db/page-span.js';
import type { Pool } from '../../platform/db/pool.js';
import { trigramsCoverUnicode } from '../../platform/db/text-search.js';
import { type SearchFilters, selectSearchMatches, selectSearchWindow } from './contact-list-repository.js';
import { longDigitRun, trigramSearchable } from './contact-query.js';
import type { ContactTotal } from './count-contacts.js';

/** Newest contacts a search reads in index order before it looks further. */
export const SEARCH_WINDOW = 20_000;
/** How far a search the trigram indexes cannot serve (shorter than 3 letters or digits) reads. */
const SHORT_SEARCH_WINDOW = 50_000;
const MAX_SEARCH_WINDOW = 1_000_000;

export interface SearchPage {
  ids: string[];
  total: ContactTotal;
}

/**
 * The page ids and total of a search (a name or phone substring). PostgreSQL cannot estimate how
 * many rows a substring matches, and with `order by id desc limit n` a wrong guess either scans
 * the whole table backwards for a rare text or builds a bitmap of millions of rows for a common
 * one. So the search goes in steps:
 * 1. the newest contacts that pass the other filters are read in index order, up to a window
 *    (20 000 rows, more for deep pages), and matched there. When that was every contact, page
 *    and total are exact; when the window holds more matches than the page needs (a common
 *    text), the page is done and the total is a lower bound (with room for the next page);
 * 2. otherwise the text is rare: every match comes from the trigram indexes (a bitmap, small
 *    because the text is rare) and is sorted, total exact. A run of 8 or more digits is rare by
 *    nature (part of one phone number) and starts here;
 * 3. a text the trigram indexes cannot find (under 3 letters or digits in a row) reads on past
 *    the first window, up to a wider one, and its total is a lower bound when that read did not
 *    reach the end.
 */
export async function searchContacts(
  db: Pool,
  scope: Scope,
  filters: SearchFilters,
  page: PageSpan,
): Promise<SearchPage> {
  if (!longDigitRun(filters.search)) {
    const window = Math.min(MAX_SEARCH_WINDOW, Math.max(SEARCH_WINDOW, 10 * (page.offset + page.limit)));
    const recent = await searchWindow(db, scope, filters, page, window);
    // Strictly more than the page needs, so the pager always offers the next page.
    if (recent.exhausted || recent.hits > page.offset + page.limit) return recent.result;
    if (!trigramSearchable(filters.search, await trigramsCoverUnicode(db))) {
      const wider = Math.min(MAX_SEARCH_WINDOW, Math.max(SHORT_SEARCH_WINDOW, 2 * window));
      return wider > window ? searchFurther(db, scope, filters, page, recent, wider - window) : recent.result;
    }
  }
  return searchIndexed(db, scope, filters, page);
}

/** Step 2: every match, from the trigram indexes, counted exactly. */
async function searchIndexed(db: Pool, scope: Scope, filters: SearchFilters, page: PageSpan): Promise<SearchPage> {
  const found = await selectSearchMatches(db, scope, filters, page);
  return { ids: found.ids, total: { total: found.total, capped: false } };
}

interface WindowRead {
  result: SearchPage;
  hits: number;
  /** The window held every contact that passes the other filters. */
  exhausted: boolean;
  /** The oldest contact the window read: where a further read starts. */
  lastId: string | null;
}

/**
 * Step 3: `more` contacts older than the first window, so no row is read twice. The first
 * window's hits are all on or before this page, so the page continues with the new hits.
 */
async function searchFurther(
  db: Pool,
  scope: Scope,
  filters: SearchFilters,
  page: PageSpan,
  first: WindowRead,
  more: number,
): Promise<SearchPage> {
  if (first.lastId === null) return first.result;
  const skip = Math.max(0, page.offset - first.hits);
  const limit = page.offset + page.limit - first.hits - skip;
  const further = await searchWindow(db, scope, filters, { offset: skip, limit }, more, first.lastId);
  return {
    ids: [...first.result.ids, ...further.result.ids],
    total: { total: first.hits + further.hits, capped: !further.exhausted },
  };
}

/** Step 1 (and 3): the matches among the newest `window` contacts (older than `before`) that pass the other filters. */
async function searchWindow(
  db: Pool,
  scope: Scope,
  filters: SearchFilters,
  page: PageSpan,
  window: number,
  before?: string,
): Promise<WindowRead> {
  const row = await selectSearchWindow(db, scope, filters, page, window, before);
  const { hits = 0, scanned = 0, ids = [], last_id: lastId = null } = row ?? {};
  const exhausted = scanned < window;
  return { result: { ids, total: { total: hits, capped: !exhausted } }, hits, exhausted, lastId };
}
