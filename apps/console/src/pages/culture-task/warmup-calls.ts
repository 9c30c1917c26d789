import { useQuery } from '@tanstack/react-query';
import { calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { type ListBody, usePagedList } from '@ws/web-kit/list';

/** The tenant's warm-up plans, page by page. */
export function useWarmupPlans(body: ListBody<typeof calls.warmupList>) {
  return usePagedList(calls.warmupList, body);
}

/** The business portfolios of the tenant's numbers, for the form's pickers. */
export function useWarmupPortfolios(enabled: boolean) {
  return useQuery({
    queryKey: [calls.warmupPortfolios.id],
    queryFn: ({ signal }) => callApi(calls.warmupPortfolios, { signal }),
    enabled,
  });
}

/** One plan with its days, for the details drawer; `version` (its updated_at) reads it again after a change. */
export function useWarmupDetails(id: string | undefined, version: string | undefined) {
  return useQuery({
    queryKey: [calls.warmupDetails.id, id, version],
    queryFn: ({ signal }) => callApi(calls.warmupDetails, { body: { id: id ?? '' }, signal }),
    enabled: id !== undefined,
  });
}
