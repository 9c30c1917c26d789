import { keepPreviousData, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, type CallDefinition, type DataOf, DEFAULT_PAGE_SIZE, type Page } from '@ws/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi } from '../api/client.js';

/** The request body of a paged call without its paging fields: what the screen's filters decide. */
export type ListBody<C> = Omit<NonNullable<BodyOf<C>>, 'page' | 'pageSize'>;
type RecordOf<C> = DataOf<C> extends Page<infer R> ? R : never;

export interface PagedList<R> {
  records: R[];
  total: number;
  /** The total is a lower bound (the server stopped counting); the pager shows "N+". */
  totalCapped: boolean;
  page: number;
  pageSize: number;
  loading: boolean;
  /** A new page or page size (antd pagination's onChange). */
  turn(page: number, pageSize: number): void;
  /** Reads the current page again, e.g. after a batch action. */
  refresh(): Promise<void>;
  /** The current page's query key, for `useRefetchOnEvent` (a list kept live by realtime events). */
  queryKey: QueryKey;
}

/**
 * One paged list call (`{page, pageSize, ...body}` → `{total, size, current, pages, records}`)
 * through TanStack Query. A change of `body` (the filters) goes back to page 1; the previous page
 * stays on screen while the next one loads.
 */
export function usePagedList<C extends CallDefinition>(call: C, body: ListBody<C>): PagedList<RecordOf<C>> {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const filterKey = JSON.stringify(body);
  const lastFilterKey = useRef(filterKey);
  useEffect(() => {
    if (lastFilterKey.current === filterKey) return;
    lastFilterKey.current = filterKey;
    setPage(1);
  }, [filterKey]);

  const queryClient = useQueryClient();
  const queryKey = [call.id, filterKey, page, pageSize];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      callApi(call, { body: { ...body, page, pageSize }, signal } as never) as Promise<
        Page<RecordOf<C>> & { total_capped?: boolean }
      >,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const turn = useCallback((nextPage: number, nextSize: number) => {
    setPageSize((size) => {
      // A new page size starts again from page 1, as antd's size changer expects.
      setPage(nextSize === size ? nextPage : 1);
      return nextSize;
    });
  }, []);
  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: [call.id] });
  }, [queryClient, call.id]);

  return {
    records: query.data?.records ?? [],
    total: query.data?.total ?? 0,
    totalCapped: query.data?.total_capped ?? false,
    page,
    pageSize,
    loading: query.isFetching,
    turn,
    refresh,
    queryKey,
  };
}
