import { LIST_COUNT_CAP, type Page, type PageRequest, toPage } from '@ws/contract';

/**
 * A page of a list over a table that can hold millions of rows: the total is counted only up to
 * LIST_COUNT_CAP (`total_capped` says so) and pages past it are empty. `count(cap)` counts at most
 * cap + 1 matches; `select(limit, offset)` reads the page's rows. Both run at once.
 */
export async function cappedPage<T>(
  request: PageRequest,
  count: (cap: number) => Promise<number>,
  select: (limit: number, offset: number) => Promise<T[]>,
): Promise<Page<T> & { total_capped: boolean }> {
  const offset = (request.page - 1) * request.pageSize;
  const [counted, records] = await Promise.all([
    count(LIST_COUNT_CAP),
    offset < LIST_COUNT_CAP ? select(request.pageSize, offset) : Promise.resolve([]),
  ]);
  const capped = counted > LIST_COUNT_CAP;
  return { ...toPage(records, capped ? LIST_COUNT_CAP : counted, request), total_capped: capped };
}
