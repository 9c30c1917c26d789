import { useQuery, useQueryClient } from '@tanstack/react-query';
import { calls, type Tag, type TagKind } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useCallback } from 'react';

/**
 * Every cached tag list starts with this key: invalidate it after anything that adds, edits or
 * deletes tags or changes which numbers or contacts carry them, so counts and selects refresh.
 */
const TAGS_QUERY_KEY = [calls.tagAll.id] as const;

/** The tenant's tags of one kind with their counts (for number tags, optionally one standby side). */
export function useTags(kind: TagKind, standby?: boolean) {
  return useQuery<Tag[]>({
    queryKey: [...TAGS_QUERY_KEY, kind, standby ?? null],
    queryFn: ({ signal }) =>
      callApi(calls.tagAll, { body: standby === undefined ? { kind } : { kind, standby }, signal }),
  });
}

/** Refreshes every tag list and select (counts included). */
export function useRefreshTags(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: TAGS_QUERY_KEY }), [queryClient]);
}
