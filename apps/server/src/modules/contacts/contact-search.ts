import type { ContactFilters } from '@ws/contract';
import type pg from 'pg';
import type { Scope } from '../../platform/auth/scope.js';
import { BoundValues } from '../../platform/db/sql-values.js';
import { trigramsCoverUnicode } from '../../platform/db/text-search.js';
import { type ContactTotal, contactWhere, longDigitRun, searchCondition, trigramSearchable } from './contact-query.js';

/** Newest contacts a search reads in index order before it looks further. */
export const SEARCH_WINDOW = 20_000;
/** How far a search the trigram indexes cannot serve (shorter than 3 letters or digits) reads. */
const SHORT_SEARCH_WINDOW = 50_000;
const MAX_SEARCH_WINDOW = 1_000_000;

export interface SearchPage {
  ids: string[];
  total: ContactTotal;
}

interface PageSpan {
  offset: number;
  limit: number;
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
  db: pg.Pool,
  scope: Scope,
  filters: ContactFilters & { search: string },
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
async function searchIndexed(
  db: pg.Pool,
  scope: Scope,
  filters: ContactFilters & { search: string },
  page: PageSpan,
): Promise<SearchPage> {
  const all = new BoundValues();
  const where = contactWhere(scope, { filters }, all);
  const found = await db.query<{ total: number; ids: string[] }>(
    `with hits as materialized (select c.id from contact c where ${where})
     select (select count(*)::int from hits) as total,
            coalesce((select array_agg(p.id order by p.id desc)
                        from (select id from hits order by id desc
                               limit ${all.add(String(page.limit), 'bigint')}
                              offset ${all.add(String(page.offset), 'bigint')}) p),
                     '{}') as ids`,
    all.values,
  );
  const result = found.rows[0] ?? { total: 0, ids: [] };
  return { ids: result.ids, total: { total: result.total, capped: false } };
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
  db: pg.Pool,
  scope: Scope,
  filters: ContactFilters & { search: string },
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
  db: pg.Pool,
  scope: Scope,
  filters: ContactFilters & { search: string },
  page: PageSpan,
  window: number,
  before?: string,
): Promise<WindowRead> {
  const sql = new BoundValues();
  const others = contactWhere(scope, { filters: { ...filters, search: undefined } }, sql);
  const older = before === undefined ? '' : ` and c.id < ${sql.add(before, 'bigint')}`;
  const hit = searchCondition(filters.search, sql);
  const first = sql.add(String(page.offset + 1), 'bigint');
  const last = sql.add(String(page.offset + page.limit), 'bigint');
  const { rows } = await db.query<{ hits: number; scanned: number; ids: string[]; last_id: string | null }>(
    `select count(*) filter (where s.hit)::int as hits, count(*)::int as scanned, min(s.id) as last_id,
            coalesce((array_agg(s.id order by s.id desc) filter (where s.hit))[${first} : ${last}], '{}') as ids
       from (select c.id, ${hit} as hit from contact c where ${others}${older}
              order by c.id desc limit ${sql.add(String(window), 'bigint')}) s`,
    sql.values,
  );
  const { hits = 0, scanned = 0, ids = [], last_id: lastId = null } = rows[0] ?? {};
  const exhausted = scanned < window;
  return { result: { ids, total: { total: hits, capped: !exhausted } }, hits, exhausted, lastId };
}
