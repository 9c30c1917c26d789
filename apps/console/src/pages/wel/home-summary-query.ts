import { useQuery } from '@tanstack/react-query';
import { calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';

/** The dashboard's figures: one call for every panel (decision 0030), read again with the shared data every 60 s. */
export function useHomeSummary() {
  return useQuery({
    queryKey: ['home-summary'],
    queryFn: ({ signal }) => callApi(calls.homeSummary, { body: {}, signal }),
    refetchInterval: 60_000,
  });
}

/** The dashboard's latest notices: the first page of `notice/list`, read again every 60 s. */
export function useLatestNotices() {
  return useQuery({
    queryKey: ['notices', 'latest'],
    queryFn: ({ signal }) => callApi(calls.noticeList, { body: { page: 1, pageSize: 5, unreadOnly: false }, signal }),
    refetchInterval: 60_000,
  });
}

/** A figure while it loads. */
export const figure = (value: number | undefined) => (value === undefined ? '…' : value.toLocaleString());
