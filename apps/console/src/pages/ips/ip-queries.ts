import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ALL_GROUPS_PAGE_SIZE, calls, type IpGroup, type IpScope } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useSession } from '@ws/web-kit/session';
import { useCallback } from 'react';

/** Every group of a scope, for the side list and the selects (the spec's page 1 of 100000). */
export function useIpGroups(scope: IpScope) {
  return useQuery<IpGroup[]>({
    queryKey: [calls.ipGroupList.id, scope],
    queryFn: async ({ signal }) =>
      (await callApi(calls.ipGroupList, { body: { scope, page: 1, pageSize: ALL_GROUPS_PAGE_SIZE }, signal })).records,
  });
}

/** Reloads the IP lists and the groups (their IP counts change with the IPs). */
export function useRefreshIps(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [calls.ipList.id] }),
      queryClient.invalidateQueries({ queryKey: [calls.ipGroupList.id] }),
    ]);
  }, [queryClient]);
}

/** Whether the signed-in user may change IPs of this scope: system IPs are the platform admin's. */
export function useCanManage(scope: IpScope): boolean {
  const session = useSession();
  return scope === 'own' || session?.user.role === 'admin';
}
