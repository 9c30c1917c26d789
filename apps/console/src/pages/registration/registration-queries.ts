import { useQuery, useQueryClient } from '@tanstack/react-query';
import { calls, type RegistrationNumber } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useCallback } from 'react';

/** Numbers waiting for registration, for the "recorded number" select (the newest 200). */
export function useAwaitingNumbers() {
  return useQuery<RegistrationNumber[]>({
    queryKey: [calls.registrationNumbers.id, 'awaiting-select'],
    queryFn: async ({ signal }) =>
      (await callApi(calls.registrationNumbers, { body: { pageSize: 200, filters: { stage: 'awaiting' } }, signal }))
        .records,
  });
}

/** Refreshes the status table and the select after a step changed a number. */
export function useRefreshNumbers(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: [calls.registrationNumbers.id] }), [queryClient]);
}
