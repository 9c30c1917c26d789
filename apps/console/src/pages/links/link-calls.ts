import { useQuery } from '@tanstack/react-query';
import { calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { type ListBody, usePagedList } from '@ws/web-kit/list';

/** The tenant's links, page by page. */
export function useLinks(body: ListBody<typeof calls.linkList>) {
  return usePagedList(calls.linkList, body);
}

/** One link's counts per target and day; `version` (a refresh count) reads them again. */
export function useLinkDetails(id: string | undefined, version: number) {
  return useQuery({
    queryKey: [calls.linkDetails.id, id, version],
    queryFn: ({ signal }) => callApi(calls.linkDetails, { body: { id: id ?? '', days: 14 }, signal }),
    enabled: id !== undefined,
  });
}

/** The link's click log, newest first. */
export function useLinkClicks(body: ListBody<typeof calls.linkClicks>) {
  return usePagedList(calls.linkClicks, body);
}

/** The address visitors open: this console's origin and the link's path. */
export const publicUrlOf = (path: string) => `${window.location.origin}${path}`;
